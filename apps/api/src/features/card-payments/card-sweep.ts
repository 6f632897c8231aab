import * as cardRepo from '@shop/db/card-payments'
import { inTransaction } from '@shop/db/client'
import type { AppDeps } from '../../deps'
import { stripeFailure } from '../../lib/stripe'
import { cancelUnpaidCardOrderIn } from '../orders/card-checkout'
import { recordCheckoutPaid } from './card-payments.service'

/**
 * Past its checkout's expiry, Stripe's `checkout.session.expired` should have cancelled a card order that was never
 * paid, and `checkout.session.completed` recorded one that was. A webhook can be lost (the shop down, the endpoint
 * misconfigured), so this sweep asks Stripe about every card order still awaiting payment this long after its
 * session expired: paid, the payment is recorded; still open, the session is expired; otherwise the order is
 * cancelled and its stock and discount given back, so no lost webhook holds stock for good.
 */
export const SWEEP_GRACE_MS = 10 * 60_000
// Orders handled per turn: the next turn takes the rest.
const SWEEP_LIMIT = 100

export interface SweepResult {
  cancelled: number
  paid: number
  failed: number
}

type Log = { warn(details: object, message: string): void }

/**
 * One turn of the sweep. Safe with several processes sweeping at once: each change is the conditional one the
 * webhook makes (the first to end an order's wait does it; a payment is recorded once by its payment intent).
 */
export async function sweepOverdueCardOrders(
  deps: Pick<AppDeps, 'db' | 'stripe'>,
  log: Log,
  now = Date.now(),
): Promise<SweepResult> {
  const { db, stripe } = deps
  const result: SweepResult = { cancelled: 0, paid: 0, failed: 0 }
  const cutoff = new Date(now - SWEEP_GRACE_MS).toISOString()
  const overdue = await cardRepo.listOverdue(db, { expiredBefore: cutoff, placedBefore: cutoff, limit: SWEEP_LIMIT })
  const source = { ip: 'sweep' }
  for (const { orderId, orderNumber, sessionId } of overdue) {
    try {
      if (sessionId && stripe) {
        const session = await stripe.checkout.sessions.retrieve(sessionId)
        if (session.status === 'complete' && session.payment_status === 'paid') {
          const order = await cardRepo.findByOrderId(db, orderId)
          if (order && (await inTransaction(db, (tx) => recordCheckoutPaid(tx, order, session, source)))) {
            result.paid += 1
          }
          continue
        }
        // Stripe answers the expiry with its own event, which then finds the order ended already.
        if (session.status === 'open') await stripe.checkout.sessions.expire(sessionId)
      }
      const cancelled = await inTransaction(db, (tx) =>
        cancelUnpaidCardOrderIn(tx, orderId, {
          actor: 'shop',
          note: sessionId
            ? 'The card checkout expired unpaid (found by the shop, not told by Stripe): the order is cancelled, its stock and discount code given back.'
            : 'No card checkout was made for this order: it is cancelled, its stock and discount code given back.',
        }),
      )
      if (cancelled) result.cancelled += 1
    } catch (error) {
      result.failed += 1
      log.warn(
        { orderNumber, stripe: stripeFailure(error) },
        'could not settle an overdue card order; trying again later',
      )
    }
  }
  return result
}
