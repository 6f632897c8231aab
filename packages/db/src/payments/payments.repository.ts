import { MAX_DB_INTEGER } from '@shop/schema/common'
import {
  PAYMENT_METHOD_KINDS,
  type PaymentEntryKind,
  type PaymentMethodKind,
  type PaymentStatus,
  paymentStatusOf,
} from '@shop/schema/payments'
import * as salesSummary from '../dashboard/sales-summary'
import type { Executor } from '../database'
import { fromDbBool, nowIso, toDbBool } from '../dialect'

/** A payment method as saved by the owner; kinds never saved are off, with no instructions. */
export interface StoredPaymentMethod {
  kind: PaymentMethodKind
  enabled: boolean
  instructions: string
}

/** Every method: the saved ones in their order, then the others (off). */
export async function listMethods(db: Executor): Promise<StoredPaymentMethod[]> {
  const rows = await db.selectFrom('payment_methods').selectAll().orderBy('position').orderBy('kind').execute()
  const saved = rows.flatMap((row): StoredPaymentMethod[] =>
    (PAYMENT_METHOD_KINDS as readonly string[]).includes(row.kind)
      ? [{ kind: row.kind as PaymentMethodKind, enabled: fromDbBool(row.enabled), instructions: row.instructions }]
      : [],
  )
  const rest = PAYMENT_METHOD_KINDS.filter((kind) => !saved.some((method) => method.kind === kind)).map(
    (kind): StoredPaymentMethod => ({ kind, enabled: false, instructions: '' }),
  )
  return [...saved, ...rest]
}

/** Replaces the saved methods with these, in this order. Call inside a transaction. */
export async function replaceMethods(db: Executor, methods: readonly StoredPaymentMethod[]): Promise<void> {
  await db.deleteFrom('payment_methods').execute()
  if (methods.length === 0) return
  const now = nowIso()
  await db
    .insertInto('payment_methods')
    .values(
      methods.map((method, position) => ({
        kind: method.kind,
        enabled: toDbBool(method.enabled),
        instructions: method.instructions,
        position,
        updated_at: now,
      })),
    )
    .execute()
}

/** One row of an order's payment ledger. */
export interface StoredPaymentEntry {
  id: number
  kind: PaymentEntryKind
  amountCents: number
  note: string | null
  actor: string | null
  createdAt: string
}

/** The order's payments and refunds, oldest first. */
export async function listForOrder(db: Executor, orderId: number): Promise<StoredPaymentEntry[]> {
  const rows = await db
    .selectFrom('order_payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as PaymentEntryKind,
    amountCents: row.amount_cents,
    note: row.note,
    actor: row.actor,
    createdAt: row.created_at,
  }))
}

export interface NewPaymentEntry {
  orderId: number
  kind: PaymentEntryKind
  amountCents: number
  note: string | null
  actor: string | null
  /** The provider's id of this payment or refund (Stripe's pi_... or re_...): recorded once, however often told. */
  providerRef?: string | null
}

/**
 * Why a payment or refund was not recorded: the order is gone, the amount is more than it can take, or the
 * provider's payment or refund of this id is recorded already.
 */
export type RecordRefusal =
  | { refused: 'not_found' }
  | { refused: 'too_much'; kind: PaymentEntryKind; totalCents: number; paidCents: number; refundedCents: number }
  | { refused: 'duplicate' }

export interface RecordedPayment {
  status: PaymentStatus
  paidCents: number
  refundedCents: number
}

/**
 * Records a payment or a refund and moves the order's sums, its status and the dashboard's paid revenue with it.
 * The sums change by one conditional update, so two admins recording at once cannot together take the order past
 * what it allows: a payment never takes what is held (paid - refunded) above the total, a refund never takes back
 * more than is held, and no sum passes the database's integer. Call inside a transaction.
 */
export async function record(db: Executor, entry: NewPaymentEntry): Promise<RecordedPayment | RecordRefusal> {
  const amount = entry.amountCents
  const isPayment = entry.kind === 'payment'
  const now = nowIso()
  const row = {
    order_id: entry.orderId,
    kind: entry.kind,
    amount_cents: amount,
    note: entry.note,
    actor: entry.actor,
    provider_ref: entry.providerRef ?? null,
    created_at: now,
  }
  // A provider's entry claims its id first: of two confirmations of one refund at once (Stripe's answer and its
  // webhook, in two processes), the second waits on the unique key, then finds it taken and changes nothing.
  let claimedId: number | undefined
  if (entry.providerRef) {
    const claimed = await db
      .insertInto('order_payments')
      .values(row)
      .onConflict((oc) => oc.column('provider_ref').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!claimed) return { refused: 'duplicate' }
    claimedId = claimed.id
  }
  const updated = await db
    .updateTable('orders')
    .set((eb) =>
      isPayment ? { paid_cents: eb('paid_cents', '+', amount) } : { refunded_cents: eb('refunded_cents', '+', amount) },
    )
    .where('id', '=', entry.orderId)
    .where((eb) =>
      isPayment
        ? eb.and([
            eb(eb(eb('paid_cents', '-', eb.ref('refunded_cents')), '+', amount), '<=', eb.ref('total_cents')),
            eb('paid_cents', '<=', MAX_DB_INTEGER - amount),
          ])
        : eb(eb('refunded_cents', '+', amount), '<=', eb.ref('paid_cents')),
    )
    .returning(['total_cents', 'paid_cents', 'refunded_cents', 'created_at', 'payment_status'])
    .executeTakeFirst()
  if (!updated) {
    if (claimedId !== undefined) await db.deleteFrom('order_payments').where('id', '=', claimedId).execute()
    const order = await db
      .selectFrom('orders')
      .select(['total_cents', 'paid_cents', 'refunded_cents'])
      .where('id', '=', entry.orderId)
      .executeTakeFirst()
    if (!order) return { refused: 'not_found' }
    return {
      refused: 'too_much',
      kind: entry.kind,
      totalCents: order.total_cents,
      paidCents: order.paid_cents,
      refundedCents: order.refunded_cents,
    }
  }
  // RETURNING gives the status as it was (this update did not set it): a card order still at its checkout stays
  // awaiting payment until its payments reach the total.
  const status = paymentStatusOf(
    updated.total_cents,
    updated.paid_cents,
    updated.refunded_cents,
    updated.payment_status === 'awaiting_payment',
  )
  await db
    .updateTable('orders')
    .set({ payment_status: status, updated_at: now })
    .where('id', '=', entry.orderId)
    .execute()
  if (claimedId === undefined) await db.insertInto('order_payments').values(row).execute()
  await salesSummary.recordPaid(db, updated.created_at, isPayment ? amount : -amount)
  return { status, paidCents: updated.paid_cents, refundedCents: updated.refunded_cents }
}
