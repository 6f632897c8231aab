import * as cardRepo from '@shop/db/card-payments'
import type { Db } from '@shop/db/client'
import * as moneyRepo from '@shop/db/money'
import * as paymentsRepo from '@shop/db/payments'
import { centsToMoney } from '@shop/schema/common'
import {
  CARD_KEYS_MISSING_MESSAGE,
  CARD_PAYMENT_INSTRUCTIONS,
  type CardSettings,
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
import { STRIPE_WEBHOOK_PATH } from '../../lib/stripe'

// --- Settings -------------------------------------------------------------------------------------------------

/** Whether card payments are set up: never the keys, only whether they are there and which mode they are for. */
export async function getCardSettings(deps: Pick<AppDeps, 'db' | 'config'>): Promise<CardSettings> {
  const { db, config } = deps
  const [lastEventAt, unpaidCancelAfterMinutes] = await Promise.all([
    cardRepo.lastEventAt(db),
    cardRepo.getUnpaidCancelMinutes(db),
  ])
  return {
    available: config.stripe !== undefined,
    mode: config.stripe?.mode ?? null,
    webhookUrl: `${config.publicUrl}${STRIPE_WEBHOOK_PATH}`,
    lastEventAt,
    unpaidCancelAfterMinutes,
  }
}

/**
 * Every method (the buyer's name for it; the settings screen adds the provider, "Card (Stripe)"), and whether card
 * payments are set up: never the keys, only whether they are there and which mode they are for.
 */
export async function getPaymentSettings(deps: Pick<AppDeps, 'db' | 'config'>): Promise<PaymentSettings> {
  const [methods, card] = await Promise.all([paymentsRepo.listMethods(deps.db), getCardSettings(deps)])
  return { methods: methods.map((method) => ({ ...method, name: PAYMENT_METHOD_NAMES[method.kind] })), card }
}

/**
 * Saves the methods in the order given; those left out are off. The checkout follows at once (a catalog write). Card
 * can be enabled only on a server that has Stripe's keys (400 otherwise).
 */
export async function updatePaymentSettings(
  deps: Pick<AppDeps, 'db' | 'config'>,
  values: PaymentSettingsValues,
): Promise<PaymentSettings> {
  const enablesCard = values.methods.some((method) => method.kind === 'card' && method.enabled)
  if (enablesCard && !deps.config.stripe) throw new AppError('BAD_REQUEST', CARD_KEYS_MISSING_MESSAGE)
  await deps.db.transaction().execute(async (tx) => {
    await paymentsRepo.replaceMethods(tx, values.methods)
    if (values.unpaidCancelAfterMinutes !== undefined) {
      await cardRepo.setUnpaidCancelMinutes(tx, values.unpaidCancelAfterMinutes)
    }
  })
  return getPaymentSettings(deps)
}

/** The methods the checkout offers (GET /api/shop), from the money cache (card only where the keys are set). */
export async function offeredMethods(deps: Pick<AppDeps, 'db' | 'moneyRules'>): Promise<OfferedPaymentMethod[]> {
  const rules = await deps.moneyRules.get(deps.db)
  return rules.paymentMethods
    .filter((method) => method.enabled)
    .map((method) => ({
      kind: method.kind,
      name: PAYMENT_METHOD_NAMES[method.kind],
      instructions: method.instructions || (method.kind === 'card' ? CARD_PAYMENT_INSTRUCTIONS : ''),
    }))
}

// --- The ledger -----------------------------------------------------------------------------------------------

/**
 * Records a payment received or a refund made, with its note and who recorded it; the order's payment status
 * follows from the ledger (paymentStatusOf). Refused with 400: a payment above what is still to pay, a refund
 * above what is held.
 */
export async function recordPayment(db: Db, actor: string, input: RecordPaymentValues): Promise<void> {
  if (input.kind === 'refund') {
    // The money of a card payment is at Stripe: only a refund made there gives it back.
    const order = await cardRepo.findByOrderId(db, input.id)
    if (order?.paymentMethod === 'card' && order.paymentIntentId) {
      throw new AppError(
        'BAD_REQUEST',
        `Order ${input.id} was paid by card: refund it with Refund, which sends the money back through Stripe`,
      )
    }
  }
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
    if (outcome.refused === 'duplicate') return
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
