import type { OrderStatus } from '@shop/schema/orders'
import { DEFAULT_UNPAID_CANCEL_MINUTES, paymentStatusOf } from '@shop/schema/payments'
import type { Executor } from '../database'
import { nowIso } from '../dialect'

/**
 * Card payments through Stripe's hosted Checkout (docs/decisions/0020-card-payments-with-stripe-checkout.md): each
 * card order's Checkout Session, the events Stripe sent (each taken once), and how long a card order may stay
 * unpaid. The ledger itself is payments.repository.ts's, as for any payment.
 */

/** A card order as the webhook, the sweep and the refund need it. */
export interface CardOrder {
  orderId: number
  orderNumber: string
  status: OrderStatus
  paymentStatus: string
  paymentMethod: string | null
  totalCents: number
  paidCents: number
  refundedCents: number
  customerEmail: string
  discountCode: string | null
  createdAt: string
  /** Null until the session is created (just after the order's batch), or when it never was. */
  sessionId: string | null
  sessionExpiresAt: string | null
  paymentIntentId: string | null
}

function cardOrderQuery(db: Executor) {
  return db
    .selectFrom('orders')
    .leftJoin('card_payments', 'card_payments.order_id', 'orders.id')
    .select([
      'orders.id as orderId',
      'orders.order_number as orderNumber',
      'orders.status as status',
      'orders.payment_status as paymentStatus',
      'orders.payment_method as paymentMethod',
      'orders.total_cents as totalCents',
      'orders.paid_cents as paidCents',
      'orders.refunded_cents as refundedCents',
      'orders.customer_email as customerEmail',
      'orders.discount_code as discountCode',
      'orders.created_at as createdAt',
      'card_payments.session_id as sessionId',
      'card_payments.expires_at as sessionExpiresAt',
      'card_payments.payment_intent_id as paymentIntentId',
    ])
}

type CardOrderRow = Omit<CardOrder, 'status'> & { status: string }
const toCardOrder = (row: CardOrderRow | undefined): CardOrder | undefined =>
  row && { ...row, status: row.status as OrderStatus }

export async function findByOrderNumber(db: Executor, orderNumber: string): Promise<CardOrder | undefined> {
  return toCardOrder(await cardOrderQuery(db).where('orders.order_number', '=', orderNumber).executeTakeFirst())
}

export async function findByOrderId(db: Executor, orderId: number): Promise<CardOrder | undefined> {
  return toCardOrder(await cardOrderQuery(db).where('orders.id', '=', orderId).executeTakeFirst())
}

/** The order a payment intent paid (refunds and declines name the payment intent, not the session). */
export async function findByPaymentIntent(db: Executor, paymentIntentId: string): Promise<CardOrder | undefined> {
  return toCardOrder(
    await cardOrderQuery(db).where('card_payments.payment_intent_id', '=', paymentIntentId).executeTakeFirst(),
  )
}

/** The order whose checkout this is. */
export async function findBySession(db: Executor, sessionId: string): Promise<CardOrder | undefined> {
  return toCardOrder(await cardOrderQuery(db).where('card_payments.session_id', '=', sessionId).executeTakeFirst())
}

/** Keeps the session created for the order; a second call for the same order (a retried request) changes nothing. */
export async function insertSession(
  db: Executor,
  session: { orderId: number; sessionId: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('card_payments')
    .values({
      order_id: session.orderId,
      session_id: session.sessionId,
      expires_at: session.expiresAt,
      payment_intent_id: null,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute()
}

/** The payment intent that paid the order's session, which its refunds and Stripe's refund events name. */
export async function setPaymentIntent(db: Executor, orderId: number, paymentIntentId: string): Promise<void> {
  await db
    .updateTable('card_payments')
    .set({ payment_intent_id: paymentIntentId })
    .where('order_id', '=', orderId)
    .execute()
}

/**
 * Ends the order's wait for its card payment: awaiting_payment becomes what the ledger says without it (unpaid,
 * as nothing was paid). True for the one caller that made the change; false when the order was no longer awaiting
 * (paid, or already ended by another process: on PostgreSQL the update waits for that one to commit, then finds the
 * condition false). Call inside the transaction that cancels the order.
 */
export async function endAwaiting(db: Executor, orderId: number): Promise<boolean> {
  const row = await db
    .updateTable('orders')
    .set({ payment_status: 'unpaid', updated_at: nowIso() })
    .where('id', '=', orderId)
    .where('payment_status', '=', 'awaiting_payment')
    .returning(['total_cents', 'paid_cents', 'refunded_cents'])
    .executeTakeFirst()
  if (!row) return false
  // Nothing is paid while awaiting; should a part ever be, the ledger's rule still has the last word.
  const status = paymentStatusOf(row.total_cents, row.paid_cents, row.refunded_cents)
  if (status !== 'unpaid')
    await db.updateTable('orders').set({ payment_status: status }).where('id', '=', orderId).execute()
  return true
}

/**
 * Card orders still awaiting payment that should no longer be: their session expired before `expiredBefore`, or
 * they have no session and were placed before `placedBefore` (the process died between the order and its session).
 * Oldest first, through the index on payment status and date.
 */
export async function listOverdue(
  db: Executor,
  options: { expiredBefore: string; placedBefore: string; limit: number },
): Promise<Array<{ orderId: number; orderNumber: string; sessionId: string | null }>> {
  return db
    .selectFrom('orders')
    .leftJoin('card_payments', 'card_payments.order_id', 'orders.id')
    .select(['orders.id as orderId', 'orders.order_number as orderNumber', 'card_payments.session_id as sessionId'])
    .where('orders.payment_status', '=', 'awaiting_payment')
    .where((eb) =>
      eb.or([
        eb('card_payments.expires_at', '<', options.expiredBefore),
        eb.and([eb('card_payments.order_id', 'is', null), eb('orders.created_at', '<', options.placedBefore)]),
      ]),
    )
    .orderBy('orders.created_at')
    .limit(options.limit)
    .execute()
}

// --- Events ---------------------------------------------------------------------------------------------------

/**
 * Takes a Stripe event: true the first time its id is seen, false for a replay or a duplicate. Call inside the
 * transaction of the event's effect, so the two commit together: an effect that fails leaves the event untaken
 * for Stripe's next delivery. A second process taking the same event at the same moment waits on the key, then
 * finds it taken.
 */
export async function takeEvent(db: Executor, event: { id: string; type: string }): Promise<boolean> {
  const inserted = await db
    .insertInto('stripe_events')
    .values({ id: event.id, type: event.type, received_at: nowIso() })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst()
  return inserted !== undefined
}

/** When the newest event was taken, by any process; null when none has been. */
export async function lastEventAt(db: Executor): Promise<string | null> {
  const row = await db
    .selectFrom('stripe_events')
    .select('received_at')
    .orderBy('received_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.received_at ?? null
}

// --- Settings -------------------------------------------------------------------------------------------------

export async function getUnpaidCancelMinutes(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('shop_settings')
    .select('card_unpaid_cancel_minutes')
    .where('id', '=', 1)
    .executeTakeFirst()
  return row?.card_unpaid_cancel_minutes ?? DEFAULT_UNPAID_CANCEL_MINUTES
}

/** Stored with the shop's settings (their one row, made at the first start). */
export async function setUnpaidCancelMinutes(db: Executor, minutes: number): Promise<void> {
  await db.updateTable('shop_settings').set({ card_unpaid_cancel_minutes: minutes }).where('id', '=', 1).execute()
}
