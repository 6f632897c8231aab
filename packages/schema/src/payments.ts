import { z } from 'zod'
import { visibleText, ZId, ZIsoDateTime, ZMoney } from './common'
import { ZAmountInput } from './money'

/**
 * Payments without a payment provider (docs/decisions/0014-payment-status.md): the methods the owner offers, each
 * with instructions for the buyer, and the payment status of an order, derived from the payments and refunds the
 * admin records. Amounts are integer cents in the database and decimal strings with two places on the wire.
 */

// --- Payment methods ------------------------------------------------------------------------------------------

export const PAYMENT_METHOD_KINDS = ['bank_transfer', 'cash_on_delivery', 'pay_on_pickup'] as const
export const ZPaymentMethodKind = z.enum(PAYMENT_METHOD_KINDS, {
  error: `Payment method must be one of: ${PAYMENT_METHOD_KINDS.join(', ')}`,
})
export type PaymentMethodKind = z.infer<typeof ZPaymentMethodKind>

/** What the buyer and the admin read for each method. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethodKind, string> = {
  bank_transfer: 'Bank transfer',
  cash_on_delivery: 'Cash on delivery',
  pay_on_pickup: 'Pay on pickup',
}

export const MAX_PAYMENT_INSTRUCTIONS = 2000

export const ZPaymentMethodInput = z
  .object({
    kind: ZPaymentMethodKind,
    enabled: z.boolean({ error: 'Enabled must be true or false' }),
    /** The bank details, "pay the courier in cash", the pickup address and hours. */
    instructions: z
      .string({ error: 'Instructions must be text' })
      .trim()
      .max(MAX_PAYMENT_INSTRUCTIONS, `Instructions must be at most ${MAX_PAYMENT_INSTRUCTIONS} characters`)
      .check(visibleText('Instructions'))
      .default(''),
  })
  .superRefine((method, ctx) => {
    if (method.enabled && method.instructions.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Please enter the instructions for ${PAYMENT_METHOD_NAMES[method.kind]}`,
        path: ['instructions'],
      })
    }
  })

/** PUT /api/admin/settings/payments: every method, in the order the checkout lists them; one left out is off. */
export const ZPaymentSettingsInput = z.object({
  methods: z
    .array(ZPaymentMethodInput, { error: 'Methods must be a list' })
    .max(PAYMENT_METHOD_KINDS.length, `At most ${PAYMENT_METHOD_KINDS.length} payment methods`)
    .refine((methods) => new Set(methods.map((method) => method.kind)).size === methods.length, {
      message: 'Each payment method can be listed once',
    }),
})
export type PaymentSettingsInput = z.input<typeof ZPaymentSettingsInput>
export type PaymentSettingsValues = z.output<typeof ZPaymentSettingsInput>

export const ZPaymentMethod = z.object({
  kind: ZPaymentMethodKind,
  name: z.string(),
  enabled: z.boolean(),
  instructions: z.string(),
})
export type PaymentMethod = z.infer<typeof ZPaymentMethod>

/** The admin's view: all three methods, the enabled ones first in the checkout's order. */
export const ZPaymentSettings = z.object({ methods: z.array(ZPaymentMethod) })
export type PaymentSettings = z.infer<typeof ZPaymentSettings>

/** What the checkout offers (GET /api/shop): the enabled methods, in order. */
export const ZOfferedPaymentMethod = ZPaymentMethod.omit({ enabled: true })
export type OfferedPaymentMethod = z.infer<typeof ZOfferedPaymentMethod>

// --- Payment status -------------------------------------------------------------------------------------------

export const PAYMENT_STATUSES = ['unpaid', 'paid', 'partially_refunded', 'refunded'] as const
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES, {
  error: `Payment status must be one of: ${PAYMENT_STATUSES.join(', ')}`,
})
export type PaymentStatus = z.infer<typeof ZPaymentStatus>

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
}

/**
 * The status the ledger makes of an order: refunded when refunds took back all that was paid, partially refunded
 * when some; otherwise paid once the payments reach the total, else unpaid (a part payment is still unpaid, with
 * its amount shown).
 */
export function paymentStatusOf(totalCents: number, paidCents: number, refundedCents: number): PaymentStatus {
  if (refundedCents > 0) return refundedCents >= paidCents ? 'refunded' : 'partially_refunded'
  return paidCents > 0 && paidCents >= totalCents ? 'paid' : 'unpaid'
}

/** An order's payment: the method chosen, its instructions as the buyer was shown them, and the status. */
export const ZOrderPayment = z.object({
  /** Null: the shop offered no method when the order was placed. */
  method: ZPaymentMethodKind.nullable(),
  methodName: z.string().nullable(),
  instructions: z.string().nullable(),
  status: ZPaymentStatus,
  /** Payments recorded, and refunds; what the shop holds is paid - refunded. */
  paid: ZMoney,
  refunded: ZMoney,
})
export type OrderPayment = z.infer<typeof ZOrderPayment>

/** The payment of an order placed without a method and with nothing recorded yet. */
export function noPayment(): OrderPayment {
  return { method: null, methodName: null, instructions: null, status: 'unpaid', paid: '0.00', refunded: '0.00' }
}

export const PAYMENT_ENTRY_KINDS = ['payment', 'refund'] as const
export const ZPaymentEntryKind = z.enum(PAYMENT_ENTRY_KINDS, { error: 'Kind must be payment or refund' })
export type PaymentEntryKind = z.infer<typeof ZPaymentEntryKind>

export const MAX_PAYMENT_NOTE = 500

/** POST /api/admin/orders/{id}/payments: a payment received or a refund made, with an amount and a note. */
export const ZRecordPaymentInput = z.object({
  id: ZId,
  kind: ZPaymentEntryKind,
  amount: ZAmountInput.refine((cents) => cents > 0, { message: 'Amount must be more than 0' }),
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .max(MAX_PAYMENT_NOTE, `Note must be at most ${MAX_PAYMENT_NOTE} characters`)
    .check(visibleText('Note'))
    .nullish()
    .transform((value) => value || null),
})
export type RecordPaymentInput = z.input<typeof ZRecordPaymentInput>
export type RecordPaymentValues = z.output<typeof ZRecordPaymentInput>

/** One row of the ledger, as the order's timeline shows it. */
export const ZPaymentEntry = z.object({
  id: ZId,
  kind: ZPaymentEntryKind,
  amount: ZMoney,
  note: z.string().nullable(),
  actor: z.string().nullable(),
  /** The order's payment status once this entry was recorded. */
  status: ZPaymentStatus,
  at: ZIsoDateTime,
})
export type PaymentEntry = z.infer<typeof ZPaymentEntry>
