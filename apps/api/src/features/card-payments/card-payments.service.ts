import * as cardRepo from '@shop/db/card-payments'
import { type Executor, inTransaction } from '@shop/db/client'
import * as moneyRepo from '@shop/db/money'
import * as orderEventsRepo from '@shop/db/order-events'
import * as paymentsRepo from '@shop/db/payments'
import { centsToMoney } from '@shop/schema/common'
import type { Order } from '@shop/schema/orders'
import type { CardRefundValues } from '@shop/schema/payments'
import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { audit } from '../../lib/audit'
import { formatCents } from '../../lib/money'
import { isStripeRefusal } from '../../lib/stripe'
import { getOrder } from '../orders/order-records'
import { queueCardOrderMails } from '../outbox/outbox-mails'

/**
 * What Stripe confirms about card orders (docs/decisions/0020-card-payments-with-stripe-checkout.md), and refunds
 * through Stripe. The order was sent to Stripe's Checkout when placed (features/orders/card-checkout.ts); Stripe's
 * word that the money arrived (its webhook, or its answer to the sweep) records the payment in the ledger as the
 * admin's hand does, and queues the mails the order would have sent when placed.
 */

/** Who the timeline, the ledger and the audit log name for what Stripe told the shop. */
export const STRIPE_ACTOR = 'Stripe'

/** Where the process's events come from: a webhook request's address, or the sweep. */
export interface StripeSource {
  ip: string
}

// --- Recording what Stripe confirms ---------------------------------------------------------------------------

/** A note on the order's timeline, by Stripe: a declined card, a discrepancy, a late payment. */
export function noteFromStripe(tx: Executor, orderId: number, text: string) {
  return orderEventsRepo.insert(tx, { orderId, type: 'note', actor: STRIPE_ACTOR, data: { text } })
}

/**
 * A checkout Stripe says is complete and paid: the payment goes into the ledger (amount, Stripe's payment id, by
 * Stripe), the audit log records it, and the buyer's confirmation and the owner's notification are queued, all in
 * the caller's transaction. Recorded once: a payment of the same payment intent is refused as a duplicate. An amount
 * or currency other than the order's is not a payment of it: a discrepancy on the timeline, and the order stays as
 * it was, no longer awaiting payment (its checkout is over). True when mail was queued.
 */
export async function recordCheckoutPaid(
  tx: Executor,
  order: cardRepo.CardOrder,
  session: Pick<Stripe.Checkout.Session, 'id' | 'amount_total' | 'currency' | 'payment_intent'>,
  source: StripeSource,
): Promise<boolean> {
  const { currency } = await moneyRepo.getSettings(tx)
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? session.id)
  const amount = session.amount_total ?? 0
  const sessionCurrency = (session.currency ?? '').toUpperCase()
  if (amount !== order.totalCents || sessionCurrency !== currency.toUpperCase()) {
    // The checkout is over: the order waits no more (unpaid, not cancelled: money was taken, the owner settles it).
    await cardRepo.endAwaiting(tx, order.orderId)
    await noteFromStripe(
      tx,
      order.orderId,
      `Payment discrepancy: Stripe took ${formatCents(amount, sessionCurrency || currency)} (${paymentIntent}) for an order of ${formatCents(order.totalCents, currency)}. The order is not marked paid; check the payment in Stripe's Dashboard, then refund it there or record it by hand.`,
    )
    return false
  }
  const outcome = await paymentsRepo.record(tx, {
    orderId: order.orderId,
    kind: 'payment',
    amountCents: amount,
    note: paymentIntent,
    actor: STRIPE_ACTOR,
    providerRef: paymentIntent,
  })
  if ('refused' in outcome) {
    if (outcome.refused === 'too_much') {
      await noteFromStripe(
        tx,
        order.orderId,
        `Stripe took a card payment of ${formatCents(amount, currency)} (${paymentIntent}) for an order that was already paid. Refund it from Stripe's Dashboard.`,
      )
    }
    return false
  }
  await cardRepo.setPaymentIntent(tx, order.orderId, paymentIntent)
  await auditStripeEntry(tx, source, order, { kind: 'payment', amountCents: amount, reference: paymentIntent })
  if (order.status === 'cancelled') {
    await noteFromStripe(
      tx,
      order.orderId,
      'The card payment arrived after the order was cancelled: reopen the order, or refund the payment.',
    )
    return false
  }
  await queueCardOrderMails(tx, { id: order.orderId, customerEmail: order.customerEmail })
  return true
}

/**
 * A refund Stripe made (from the order page or its Dashboard): into the ledger once per Stripe refund id, whichever
 * confirmation comes first (the refund API's answer or the webhook), by `actor`. Nothing for a refund not yet
 * succeeded, or one recorded already.
 */
export async function recordStripeRefund(
  tx: Executor,
  order: cardRepo.CardOrder,
  refund: Pick<Stripe.Refund, 'id' | 'amount' | 'status'>,
  actor: string,
  note: string | null,
  source: StripeSource,
): Promise<void> {
  if (refund.status !== 'succeeded') return
  const outcome = await paymentsRepo.record(tx, {
    orderId: order.orderId,
    kind: 'refund',
    amountCents: refund.amount,
    note: note ? `${note} (${refund.id})` : refund.id,
    actor,
    providerRef: refund.id,
  })
  if ('refused' in outcome) {
    if (outcome.refused === 'too_much') {
      await noteFromStripe(
        tx,
        order.orderId,
        `Stripe refunded ${formatCents(refund.amount)} (${refund.id}), more than the ledger holds for this order.`,
      )
    }
    return
  }
  if (actor === STRIPE_ACTOR) {
    await auditStripeEntry(tx, source, order, { kind: 'refund', amountCents: refund.amount, reference: refund.id })
  }
}

/** The audit log's line for a payment or refund Stripe recorded, as the admin's own are written. */
function auditStripeEntry(
  tx: Executor,
  source: { ip: string },
  order: { orderId: number; orderNumber: string },
  entry: { kind: 'payment' | 'refund'; amountCents: number; reference: string },
) {
  return audit(
    tx,
    { id: null, username: STRIPE_ACTOR, ip: source.ip },
    {
      action: 'payments',
      entity: 'order',
      entityId: order.orderId,
      changes: {
        orderNumber: order.orderNumber,
        kind: entry.kind,
        amount: centsToMoney(entry.amountCents),
        reference: entry.reference,
      },
    },
  )
}

// --- Refunds from the order page ------------------------------------------------------------------------------

/**
 * Refunds part or all of a card order's payment through Stripe. Refused before Stripe is asked: an order not paid
 * by card (400), an amount above what is held (400). The request's id makes a repeated request (a double click, a
 * retry) one refund at Stripe. The ledger records the refund once Stripe answers that it succeeded.
 */
export async function refundCardPayment(
  deps: Pick<AppDeps, 'db' | 'stripe'>,
  actor: string,
  input: CardRefundValues,
  source: StripeSource,
): Promise<Order> {
  const { db, stripe } = deps
  const order = await cardRepo.findByOrderId(db, input.id)
  if (!order) throw new AppError('NOT_FOUND', `Order ${input.id} not found`)
  if (order.paymentMethod !== 'card' || !order.paymentIntentId) {
    throw new AppError(
      'BAD_REQUEST',
      `Order ${input.id} has no card payment to refund: record refunds of other payments with Record payment`,
    )
  }
  const { currency } = await moneyRepo.getSettings(db)
  const held = order.paidCents - order.refundedCents
  if (input.amount > held) {
    throw new AppError(
      'BAD_REQUEST',
      `A refund of ${formatCents(input.amount, currency)} is more than the ${formatCents(held, currency)} paid for this order`,
    )
  }
  if (!stripe) {
    throw new AppError('SERVICE_UNAVAILABLE', 'Card payments are not set up on this server: no refund was made.')
  }
  let refund: Stripe.Refund
  try {
    refund = await stripe.refunds.create(
      {
        payment_intent: order.paymentIntentId,
        amount: input.amount,
        metadata: { order_number: order.orderNumber },
      },
      { idempotencyKey: `refund:${order.orderId}:${input.requestId}` },
    )
  } catch (error) {
    if (isStripeRefusal(error)) throw new AppError('BAD_REQUEST', `Stripe refused the refund: ${error.message}`)
    throw new AppError('SERVICE_UNAVAILABLE', 'Stripe could not be reached: no refund was made. Please try again.')
  }
  await inTransaction(db, async (tx) => {
    if (refund.status === 'succeeded') {
      await recordStripeRefund(tx, order, refund, actor, input.note, source)
    } else {
      await orderEventsRepo.insert(tx, {
        orderId: order.orderId,
        type: 'note',
        actor,
        data: {
          text: `Refund of ${formatCents(refund.amount, currency)} sent to Stripe (${refund.id}): recorded once Stripe confirms it.`,
        },
      })
    }
  })
  return getOrder(db, order.orderId)
}
