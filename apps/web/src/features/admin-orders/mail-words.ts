import type { MailKind, MailStatus, OrderStatus, OrderTimelineEntry } from '@shop/schema/orders'

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  order_placed: 'Order confirmation',
  order_received: 'New order notification',
  order_status: 'Status e-mail',
  order_link: 'Order link',
  password_reset: 'Password reset',
}

/** A mail's state in words; not "Pending", which is an order's status on the same page. */
export function mailStatusLabel(mail: { status: MailStatus; lastError: string | null }): string {
  if (mail.status === 'pending') return mail.lastError ? 'Retrying' : 'Queued'
  return mail.status === 'sent' ? 'Sent' : 'Failed'
}

const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  cancelled: 'Cancelled',
}

const by = (actor: string | null) => (actor ? `${actor} ` : '')

/** One line of the order's timeline, in words. */
export function describeTimelineEntry(entry: OrderTimelineEntry): string {
  switch (entry.type) {
    case 'placed':
      return 'Order placed'
    case 'status':
      return `${by(entry.actor)}changed the status from ${STATUS_LABELS[entry.from]} to ${STATUS_LABELS[entry.to]}${
        entry.notified ? ' · customer notified' : ''
      }`.replace(/^./, (c) => c.toUpperCase())
    case 'tracking':
      return entry.trackingNumber || entry.trackingUrl
        ? `${by(entry.actor)}set the tracking number ${entry.trackingNumber ?? '(none)'}`.replace(/^./, (c) =>
            c.toUpperCase(),
          )
        : `${by(entry.actor)}removed the tracking number`.replace(/^./, (c) => c.toUpperCase())
    case 'note':
      return `Internal note by ${entry.actor ?? 'the shop'}`
    case 'mail': {
      const kind = MAIL_KIND_LABELS[entry.kind]
      switch (entry.event) {
        case 'queued':
          return `${kind} to ${entry.to} queued`
        case 'sent':
          return `${kind} sent to ${entry.to}`
        case 'failed':
          return `${kind} to ${entry.to} failed: ${entry.error ?? 'unknown reason'}`
        case 'resent':
          return `${by(entry.actor)}resent the ${kind.toLowerCase()} to ${entry.to}`.replace(/^./, (c) =>
            c.toUpperCase(),
          )
      }
    }
  }
}
