import type { MailKind, MailStatus, OrderMail, OrderStatus, OrderTimelineEntry } from '@shop/schema/orders'
import { PAYMENT_STATUS_LABELS } from '@shop/schema/payments'
import { formatMoney } from '../../lib/format'
import { statusLabel } from './order-filters'

/** What each mail is, in words. */
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  order_placed: 'Order confirmation',
  order_received: 'New order notification',
  order_status: 'Status e-mail',
  order_link: 'Order link',
  password_reset: 'Password reset',
}

/**
 * A mail's state in words. A mail waiting to go out reads "Queued" (or "Retrying" after a failed attempt) rather
 * than "Pending": on the same page "Pending" is the order's status, and the two must not be confused.
 */
export function mailStatusLabel(mail: Pick<OrderMail, 'status' | 'lastError'>): string {
  if (mail.status === 'pending') return mail.lastError ? 'Retrying' : 'Queued'
  return mail.status === 'sent' ? 'Sent' : 'Failed'
}

export const MAIL_STATUS_COLORS: Record<MailStatus, string> = { pending: 'yellow', sent: 'green', failed: 'red' }

// The actors the server writes for what no admin did (apps/api card-payments.service.ts STRIPE_ACTOR, and the
// unpaid card orders' sweep): Stripe's confirmations, and the shop cancelling an order nobody paid.
const STRIPE_ACTOR = 'Stripe'
const SHOP_ACTOR = 'shop'

/** Who did it: "Admin jane" (the back office has one role, labelled Admin), Stripe, or the shop itself. */
function byWhom(actor: string | null): string {
  if (actor === STRIPE_ACTOR) return 'Stripe'
  if (!actor || actor === SHOP_ACTOR) return 'The shop'
  return `Admin ${actor}`
}

const status = (value: OrderStatus) => statusLabel(value)

/** One line of the order's timeline, in words, e.g. "Admin admin changed the status from Pending to Processing". */
export function describeTimelineEntry(entry: OrderTimelineEntry): string {
  switch (entry.type) {
    case 'placed':
      return 'Order placed by the customer'
    case 'status':
      return `${byWhom(entry.actor)} changed the status from ${status(entry.from)} to ${status(entry.to)}${
        entry.notified ? ' · customer notified' : ' · customer not notified'
      }`
    case 'tracking': {
      const who = byWhom(entry.actor)
      if (entry.trackingNumber && entry.trackingUrl)
        return `${who} set the tracking number ${entry.trackingNumber} and the tracking link`
      if (entry.trackingNumber) return `${who} set the tracking number ${entry.trackingNumber}`
      if (entry.trackingUrl) return `${who} set the tracking link`
      return `${who} removed the tracking number and link`
    }
    case 'note':
      return `${byWhom(entry.actor)} added an internal note`
    case 'payment':
      return `${byWhom(entry.actor)} recorded a ${entry.kind} of ${formatMoney(entry.amount)} · ${PAYMENT_STATUS_LABELS[entry.status]}`
    case 'mail': {
      const kind = MAIL_KIND_LABELS[entry.kind]
      switch (entry.event) {
        case 'queued':
          return `${kind} to ${entry.to} queued`
        case 'sent':
          return `${kind} sent to ${entry.to}`
        case 'failed':
          return `${kind} to ${entry.to} failed: ${entry.error ?? 'no reason given'}`
        case 'resent':
          return `${byWhom(entry.actor)} sent the ${kind.toLowerCase()} to ${entry.to} again`
      }
    }
  }
}
