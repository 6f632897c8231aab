import type { Db } from '@shop/db/client'
import * as moneyRepo from '@shop/db/money'
import * as paymentsRepo from '@shop/db/payments'
import { centsToMoney } from '@shop/schema/common'
import {
  type OfferedPaymentMethod,
  PAYMENT_METHOD_NAMES,
  type PaymentEntry,
  type PaymentSettings,
  type PaymentSettingsValues,
  type PaymentStatus,
  paymentStatusOf,
  type RecordPaymentValues,
} from '@shop/schema/payments'
import type { AppDeps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { formatCents } from '../../lib/money'

// --- Settings -------------------------------------------------------------------------------------------------

function toSettings(methods: paymentsRepo.StoredPaymentMethod[]): PaymentSettings {
  return { methods: methods.map((method) => ({ ...method, name: PAYMENT_METHOD_NAMES[method.kind] })) }
}

export async function getPaymentSettings(db: Db): Promise<PaymentSettings> {
  return toSettings(await paymentsRepo.listMethods(db))
}

/** Saves the methods in the order given; those left out are off. The checkout follows at once (a catalog write). */
export async function updatePaymentSettings(db: Db, values: PaymentSettingsValues): Promise<PaymentSettings> {
  await db.transaction().execute((tx) => paymentsRepo.replaceMethods(tx, values.methods))
  return getPaymentSettings(db)
}

/** The methods the checkout offers (GET /api/shop), from the money cache. */
export async function offeredMethods(deps: Pick<AppDeps, 'db' | 'moneyRules'>): Promise<OfferedPaymentMethod[]> {
  const rules = await deps.moneyRules.get(deps.db)
  return rules.paymentMethods
    .filter((method) => method.enabled)
    .map((method) => ({
      kind: method.kind,
      name: PAYMENT_METHOD_NAMES[method.kind],
      instructions: method.instructions,
    }))
}

// --- The ledger -----------------------------------------------------------------------------------------------

/**
 * Records a payment received or a refund made, with its note and who recorded it; the order's payment status
 * follows from the ledger (paymentStatusOf). Refused with 400: a payment above what is still to pay, a refund
 * above what is held.
 */
export async function recordPayment(db: Db, actor: string, input: RecordPaymentValues): Promise<void> {
  const { currency } = await moneyRepo.getSettings(db)
  const outcome = await db.transaction().execute((tx) =>
    paymentsRepo.record(tx, {
      orderId: input.id,
      kind: input.kind,
      amountCents: input.amount,
      note: input.note,
      actor,
    }),
  )
  if ('refused' in outcome) {
    if (outcome.refused === 'not_found') throw new AppError('NOT_FOUND', `Order ${input.id} not found`)
    const held = outcome.paidCents - outcome.refundedCents
    const amount = formatCents(input.amount, currency)
    throw new AppError(
      'BAD_REQUEST',
      outcome.kind === 'refund'
        ? `A refund of ${amount} is more than the ${formatCents(held, currency)} paid for this order`
        : `A payment of ${amount} is more than the ${formatCents(Math.max(0, outcome.totalCents - held), currency)} still to pay for this order`,
    )
  }
}

/** The order's ledger, oldest first, each entry with the status it left the order in. */
export async function listPaymentEntries(db: Db, orderId: number, totalCents: number): Promise<PaymentEntry[]> {
  const entries = await paymentsRepo.listForOrder(db, orderId)
  let paid = 0
  let refunded = 0
  return entries.map((entry) => {
    if (entry.kind === 'payment') paid += entry.amountCents
    else refunded += entry.amountCents
    const status: PaymentStatus = paymentStatusOf(totalCents, paid, refunded)
    return {
      id: entry.id,
      kind: entry.kind,
      amount: centsToMoney(entry.amountCents),
      note: entry.note,
      actor: entry.actor,
      status,
      at: entry.createdAt,
    }
  })
}
