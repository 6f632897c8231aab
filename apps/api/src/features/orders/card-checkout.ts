import * as cardRepo from '@shop/db/card-payments'
import { type Db, type Executor, inTransaction } from '@shop/db/client'
import * as moneyRepo from '@shop/db/money'
import * as orderEventsRepo from '@shop/db/order-events'
import { guestOrderPath, type PlacedOrder } from '@shop/schema/orders'
import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { isStripeRefusal, stripeFailure } from '../../lib/stripe'
import { checkoutAmounts } from './checkout-lines'
import { cancelWithoutMail, getOrder } from './order-records'

/**
 * A card order's way to Stripe's hosted Checkout (docs/decisions/0020-card-payments-with-stripe-checkout.md). The
 * order is placed as any other (priced, stock and discount taken in its batch), awaiting payment; then, outside that
 * transaction, a Checkout Session is made for exactly its total and the buyer is sent to it. An order never paid is
 * cancelled and gives back its stock and its discount code's use (here, for the webhook and the sweep of
 * features/card-payments alike).
 */

export const CARD_UNAVAILABLE_MESSAGE =
  'Card payments are unavailable right now. Your order was not placed; please try again or choose another payment method.'

/**
 * Currencies whose smallest unit at Stripe is not a hundredth (yen are counted in yen, dinars in fils): the shop
 * keeps every amount in hundredths, which Stripe would read as something else, so card is refused in them.
 */
const NOT_IN_CENTS = new Set(
  'BIF CLP DJF GNF ISK JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF BHD JOD KWD OMR TND'.split(' '),
)

// --- Placing --------------------------------------------------------------------------------------------------

/**
 * After a card order's batch committed: its Checkout Session, and the address of Stripe's page for the buyer. The
 * session charges exactly the order's total, in the shop's currency, and expires when the owner's wait for unpaid
 * card orders ends. Stripe unreachable or refusing: the order is cancelled as an expired one is (no stock or code
 * use lost), and the buyer is told with a 503 (400 when the order itself cannot be paid by card) to choose again.
 */
export async function beginCardCheckout(
  deps: Pick<AppDeps, 'db' | 'config' | 'stripe'> & { log?: { warn(details: object, message: string): void } },
  order: PlacedOrder,
  currency: string,
): Promise<string> {
  const { db, config, stripe } = deps
  const refuse = async (error: AppError, reason: string) => {
    await cancelUnpaidCardOrder(db, order.id, { actor: 'shop', note: reason })
    return error
  }
  if (!stripe)
    throw await refuse(
      new AppError('SERVICE_UNAVAILABLE', CARD_UNAVAILABLE_MESSAGE),
      'Card payments are not set up on this server',
    )
  if (NOT_IN_CENTS.has(currency.toUpperCase())) {
    throw await refuse(
      new AppError(
        'BAD_REQUEST',
        `Card payments are not available in ${currency.toUpperCase()}. Your order was not placed; please choose another payment method.`,
      ),
      `Card payments take currencies with cents only, not ${currency.toUpperCase()}`,
    )
  }
  const minutes = await cardRepo.getUnpaidCancelMinutes(db)
  const expiresAt = Math.floor(Date.now() / 1000) + minutes * 60
  const { lines, shipping } = checkoutAmounts(order)
  const stripeCurrency = currency.toLowerCase()
  let session: Stripe.Checkout.Session
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: lines.map((line) => ({
          quantity: line.quantity,
          price_data: { currency: stripeCurrency, unit_amount: line.unitCents, product_data: { name: line.name } },
        })),
        ...(shipping
          ? {
              shipping_options: [
                {
                  shipping_rate_data: {
                    display_name: shipping.name,
                    type: 'fixed_amount',
                    fixed_amount: { amount: shipping.cents, currency: stripeCurrency },
                  },
                },
              ],
            }
          : {}),
        metadata: { order_number: order.orderNumber },
        payment_intent_data: { metadata: { order_number: order.orderNumber } },
        client_reference_id: order.orderNumber,
        customer_email: order.customerEmail,
        expires_at: expiresAt,
        // Back on the shop, the guest order page shows the payment as the server knows it, never the redirect's word.
        success_url: `${config.publicUrl}${guestOrderPath(order.orderNumber, order.accessKey)}`,
        cancel_url: `${config.publicUrl}/checkout`,
      },
      // The order number alone repeats when a database is restored or a test shop starts over within the 24 hours
      // Stripe keeps a key; with the moment of the order the key is this order's only.
      { idempotencyKey: `checkout-session:${order.orderNumber}:${Date.parse(order.createdAt)}` },
    )
  } catch (error) {
    deps.log?.warn(
      { orderNumber: order.orderNumber, stripe: stripeFailure(error) },
      'Stripe did not create the checkout',
    )
    const isTooSmall =
      isStripeRefusal(error) && /at least|minimum|amount_too_small/i.test(`${error.code} ${error.message}`)
    throw await refuse(
      isTooSmall
        ? new AppError(
            'BAD_REQUEST',
            "This order's total is below the smallest amount a card payment can take. Your order was not placed; please choose another payment method.",
          )
        : new AppError('SERVICE_UNAVAILABLE', CARD_UNAVAILABLE_MESSAGE),
      `Stripe did not create the checkout (${isStripeRefusal(error) ? error.message : 'Stripe could not be reached'})`,
    )
  }
  if (!session.url) {
    throw await refuse(new AppError('SERVICE_UNAVAILABLE', CARD_UNAVAILABLE_MESSAGE), 'Stripe gave no payment page')
  }
  await cardRepo.insertSession(db, {
    orderId: order.id,
    sessionId: session.id,
    expiresAt: new Date((session.expires_at ?? expiresAt) * 1000).toISOString(),
  })
  return session.url
}

// --- Cancelling -----------------------------------------------------------------------------------------------

/**
 * Ends a card order that was never paid: it stops awaiting payment (unpaid), and unless cancelled already it is
 * cancelled as the admin cancels (its items back to stock) and its discount code's use is given back, with a note
 * on its timeline saying why. Once only, however many callers (the webhook, the sweep, several processes): the first
 * to end the wait does it. False when there was nothing to end (paid, or ended already).
 */
export async function cancelUnpaidCardOrderIn(
  tx: Executor,
  orderId: number,
  why: { actor: string; note: string },
): Promise<boolean> {
  if (!(await cardRepo.endAwaiting(tx, orderId))) return false
  const order = await getOrder(tx, orderId)
  if (order.status !== 'cancelled') {
    await cancelWithoutMail(tx, order, why.actor)
    if (order.charges.discountCode) await moneyRepo.giveBackUse(tx, order.charges.discountCode, order.customerEmail)
  }
  await orderEventsRepo.insert(tx, { orderId, type: 'note', actor: why.actor, data: { text: why.note } })
  return true
}

export function cancelUnpaidCardOrder(db: Db, orderId: number, why: { actor: string; note: string }) {
  return inTransaction(db, (tx) => cancelUnpaidCardOrderIn(tx, orderId, why))
}
