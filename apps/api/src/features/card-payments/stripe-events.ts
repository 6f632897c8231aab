import * as cardRepo from '@shop/db/card-payments'
import { type Executor, inTransaction } from '@shop/db/client'
import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { cancelUnpaidCardOrderIn } from '../orders/card-checkout'
import {
  noteFromStripe,
  recordCheckoutPaid,
  recordStripeRefund,
  STRIPE_ACTOR,
  type StripeSource,
} from './card-payments.service'

/** What an event did, for the log and the tests. */
export type EventOutcome = 'handled' | 'duplicate' | 'ignored' | 'unknown_order'

export interface EventResult {
  outcome: EventOutcome
  /** Mail was queued, or stock given back: the caller kicks the sender, empties the catalog caches. */
  mailQueued: boolean
  stockReturned: boolean
}

type Log = { info(details: object, message: string): void }

/** The order a Checkout Session belongs to: by the number the shop gave it, then by the session's id. */
async function orderOfSession(deps: Pick<AppDeps, 'db'>, session: Stripe.Checkout.Session) {
  const number = session.client_reference_id ?? session.metadata?.order_number
  const byNumber = number ? await cardRepo.findByOrderNumber(deps.db, number) : undefined
  return byNumber ?? (await cardRepo.findBySession(deps.db, session.id))
}

/** The order a payment intent belongs to: by the payment it recorded, then by the number in its metadata. */
async function orderOfPaymentIntent(deps: Pick<AppDeps, 'db'>, paymentIntent: string, orderNumber?: string) {
  const byIntent = await cardRepo.findByPaymentIntent(deps.db, paymentIntent)
  if (byIntent) return byIntent
  return orderNumber ? cardRepo.findByOrderNumber(deps.db, orderNumber) : undefined
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null)

/**
 * Takes one verified event. Its id is recorded in the same transaction as its effect, so a replay or a duplicate
 * (a second delivery, another process receiving it at the same moment) finds it taken and changes nothing, and an
 * effect that fails leaves it untaken for Stripe's next delivery. Types the shop does not act on, and events for
 * orders it does not have (another shop on the same Stripe account, a deleted order), are taken and ignored.
 */
export async function handleStripeEvent(
  deps: Pick<AppDeps, 'db' | 'stripe'>,
  event: Stripe.Event,
  source: StripeSource,
  log: Log,
): Promise<EventResult> {
  const result: EventResult = { outcome: 'handled', mailQueued: false, stockReturned: false }
  let effect: ((tx: Executor) => Promise<void>) | undefined
  let orderNumber: string | null = null

  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      orderNumber = session.client_reference_id
      // Paid later (a delayed method, which Checkout offers only when enabled): the paid event will follow.
      if (session.payment_status !== 'paid') {
        result.outcome = 'ignored'
        break
      }
      const order = await orderOfSession(deps, session)
      if (!order) break
      effect = async (tx) => {
        result.mailQueued = await recordCheckoutPaid(tx, order, session, source)
      }
      break
    }
    case 'checkout.session.expired': {
      const session = event.data.object
      orderNumber = session.client_reference_id
      const order = await orderOfSession(deps, session)
      if (!order) break
      effect = async (tx) => {
        result.stockReturned = await cancelUnpaidCardOrderIn(tx, order.orderId, {
          actor: STRIPE_ACTOR,
          note: 'The card checkout expired unpaid: the order is cancelled, its stock and discount code given back.',
        })
      }
      break
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object
      orderNumber = intent.metadata?.order_number ?? null
      const order = await orderOfPaymentIntent(deps, intent.id, intent.metadata?.order_number)
      if (!order) break
      const error = intent.last_payment_error
      const why = [error?.decline_code ?? error?.code, error?.message].filter(Boolean).join(': ') || 'no reason given'
      effect = async (tx) => {
        // The buyer may try another card on Stripe's page: the order waits until its checkout expires.
        await noteFromStripe(tx, order.orderId, `Card declined (${why}). The order still awaits payment.`)
      }
      break
    }
    case 'refund.created':
    case 'refund.updated': {
      const refund = event.data.object
      const paymentIntent = idOf(refund.payment_intent)
      const order = paymentIntent ? await orderOfPaymentIntent(deps, paymentIntent) : undefined
      orderNumber = order?.orderNumber ?? null
      if (!order) break
      effect = (tx) => recordStripeRefund(tx, order, refund, STRIPE_ACTOR, null, source)
      break
    }
    case 'charge.refunded': {
      // The charge no longer lists its refunds (Stripe leaves them out since API version 2022-11-15): they are
      // asked for, before the transaction, so that no database lock waits on Stripe.
      const charge = event.data.object
      const paymentIntent = idOf(charge.payment_intent)
      const order = paymentIntent ? await orderOfPaymentIntent(deps, paymentIntent) : undefined
      orderNumber = order?.orderNumber ?? null
      if (!order || !paymentIntent || !deps.stripe) break
      const refunds = await deps.stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })
      effect = async (tx) => {
        for (const refund of [...refunds.data].reverse()) {
          await recordStripeRefund(tx, order, refund, STRIPE_ACTOR, null, source)
        }
      }
      break
    }
    default:
      result.outcome = 'ignored'
  }

  const taken = await inTransaction(deps.db, async (tx) => {
    if (!(await cardRepo.takeEvent(tx, { id: event.id, type: event.type }))) return false
    await effect?.(tx)
    return true
  })
  if (!taken) return { outcome: 'duplicate', mailQueued: false, stockReturned: false }
  if (!effect && result.outcome === 'handled') {
    result.outcome = 'unknown_order'
    log.info({ event: event.id, type: event.type, orderNumber }, 'Stripe event for no order of this shop; ignored')
  }
  return result
}
