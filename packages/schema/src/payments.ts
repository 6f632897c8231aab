import { z } from 'zod'
import { visibleText, ZId, ZIsoDateTime, ZMoney } from './common'
import { ZAmountInput } from './money'

/**
 * Payments (docs/decisions/0014-payment-status.md, 0020-card-payments-with-stripe-checkout.md): the methods the owner
 * offers (three offline ones, each with instructions for the buyer, and card payments through Stripe's hosted
 * Checkout), and the payment status of an order, derived from the payments and refunds recorded by the admin or
 * confirmed by Stripe. Amounts are integer cents in the database and decimal strings with two places on the wire.
 */

// --- Payment methods ------------------------------------------------------------------------------------------

// Card comes last: an older client's list of the offline kinds stays a prefix of the message naming them all.
export const PAYMENT_METHOD_KINDS = ['bank_transfer', 'cash_on_delivery', 'pay_on_pickup', 'card'] as const
export const ZPaymentMethodKind = z.enum(PAYMENT_METHOD_KINDS, {
  error: `Payment method must be one of: ${PAYMENT_METHOD_KINDS.join(', ')}`,
})
export type PaymentMethodKind = z.infer<typeof ZPaymentMethodKind>

/** What the buyer and the admin read for each method. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethodKind, string> = {
  bank_transfer: 'Bank transfer',
  cash_on_delivery: 'Cash on delivery',
  pay_on_pickup: 'Pay on pickup',
  card: 'Card',
}

/** Who takes the money for a method paid through a provider; the admin reads "Card (Stripe)". */
export const PAYMENT_PROVIDER_NAMES: Partial<Record<PaymentMethodKind, string>> = { card: 'Stripe' }

/** "Card (Stripe)", "Bank transfer": a method as the back office names it. */
export function adminMethodName(kind: PaymentMethodKind): string {
  const provider = PAYMENT_PROVIDER_NAMES[kind]
  return provider ? `${PAYMENT_METHOD_NAMES[kind]} (${provider})` : PAYMENT_METHOD_NAMES[kind]
}

/** Methods the buyer pays at a provider's page rather than by following the owner's instructions. */
export function isProviderMethod(kind: PaymentMethodKind | null): boolean {
  return kind !== null && PAYMENT_PROVIDER_NAMES[kind] !== undefined
}

/** What a buyer choosing card is told, unless the owner wrote instructions of their own. */
export const CARD_PAYMENT_INSTRUCTIONS = "You will pay by card on Stripe's secure page."

/** Why card cannot be enabled: the keys are the server's, never the database's. */
export const CARD_KEYS_MISSING_MESSAGE =
  "Card payments need STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET in the server's environment"

/** How long a card order may wait for its payment before it is cancelled: Stripe's own bounds of a session. */
export const MIN_UNPAID_CANCEL_MINUTES = 30
export const MAX_UNPAID_CANCEL_MINUTES = 1440
export const DEFAULT_UNPAID_CANCEL_MINUTES = 60
const UNPAID_CANCEL_MESSAGE = 'Unpaid card orders must be cancelled after 30 minutes to 24 hours (30 to 1440 minutes)'

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
    // A provider's page tells the buyer what to do: its instructions may stay empty.
    if (method.enabled && method.instructions.length === 0 && !isProviderMethod(method.kind)) {
      ctx.addIssue({
        code: 'custom',
        message: `Please enter the instructions for ${PAYMENT_METHOD_NAMES[method.kind]}`,
        path: ['instructions'],
      })
    }
  })

/**
 * PUT /api/admin/settings/payments: every method, in the order the checkout lists them; one left out is off. Card
 * can be enabled only when the server has Stripe's keys (400 otherwise). `unpaidCancelAfterMinutes`, left out, stays
 * as it was.
 */
export const ZPaymentSettingsInput = z.object({
  methods: z
    .array(ZPaymentMethodInput, { error: 'Methods must be a list' })
    .max(PAYMENT_METHOD_KINDS.length, `At most ${PAYMENT_METHOD_KINDS.length} payment methods`)
    .refine((methods) => new Set(methods.map((method) => method.kind)).size === methods.length, {
      message: 'Each payment method can be listed once',
    }),
  /** A card order not paid within this many minutes is cancelled, its stock and discount given back. */
  unpaidCancelAfterMinutes: z
    .number({ error: UNPAID_CANCEL_MESSAGE })
    .int(UNPAID_CANCEL_MESSAGE)
    .min(MIN_UNPAID_CANCEL_MINUTES, UNPAID_CANCEL_MESSAGE)
    .max(MAX_UNPAID_CANCEL_MINUTES, UNPAID_CANCEL_MESSAGE)
    .optional(),
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

/** Card payments through Stripe as the settings screen shows them; the keys themselves are never shown. */
export const ZCardSettings = z.object({
  /** Both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set on the server. */
  available: z.boolean(),
  /** From the secret key's prefix (sk_test_ / rk_test_: test); null when not available. */
  mode: z.enum(['test', 'live']).nullable(),
  /** What to register in Stripe's Dashboard as the endpoint: PUBLIC_URL + /api/stripe/webhook. */
  webhookUrl: z.string(),
  /** When the last event with a good signature arrived (any process); null: none yet. */
  lastEventAt: ZIsoDateTime.nullable(),
  unpaidCancelAfterMinutes: z.number().int(),
})
export type CardSettings = z.infer<typeof ZCardSettings>

/** The admin's view: every method, the enabled ones first in the checkout's order, and the card's set-up. */
export const ZPaymentSettings = z.object({ methods: z.array(ZPaymentMethod), card: ZCardSettings })
export type PaymentSettings = z.infer<typeof ZPaymentSettings>

/** What the checkout offers (GET /api/shop): the enabled methods, in order. */
export const ZOfferedPaymentMethod = ZPaymentMethod.omit({ enabled: true })
export type OfferedPaymentMethod = z.infer<typeof ZOfferedPaymentMethod>

// --- Payment status -------------------------------------------------------------------------------------------

// awaiting_payment comes last: the message naming the statuses keeps the older ones as its start.
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'partially_refunded', 'refunded', 'awaiting_payment'] as const
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES, {
  error: `Payment status must be one of: ${PAYMENT_STATUSES.join(', ')}`,
})
export type PaymentStatus = z.infer<typeof ZPaymentStatus>

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  awaiting_payment: 'Awaiting payment',
}

/**
 * The status the ledger makes of an order: refunded when refunds took back all that was paid, partially refunded
 * when some; otherwise paid once the payments reach the total. Short of that, a card order whose checkout is still
 * open (`isAwaitingCard`) is awaiting payment, and any other order is unpaid (a part payment is still unpaid, with
 * its amount shown; so is a card order whose checkout expired or was cancelled).
 */
export function paymentStatusOf(
  totalCents: number,
  paidCents: number,
  refundedCents: number,
  isAwaitingCard = false,
): PaymentStatus {
  if (refundedCents > 0) return refundedCents >= paidCents ? 'refunded' : 'partially_refunded'
  if (paidCents > 0 && paidCents >= totalCents) return 'paid'
  return isAwaitingCard ? 'awaiting_payment' : 'unpaid'
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

const ZPositiveAmount = ZAmountInput.refine((cents) => cents > 0, { message: 'Amount must be more than 0' })
const ZPaymentNote = z
  .string({ error: 'Note must be text' })
  .trim()
  .max(MAX_PAYMENT_NOTE, `Note must be at most ${MAX_PAYMENT_NOTE} characters`)
  .check(visibleText('Note'))
  .nullish()
  .transform((value) => value || null)

/**
 * POST /api/admin/orders/{id}/payments: a payment received or a refund made, with an amount and a note. A card
 * order's refund is made through Stripe instead (ZCardRefundInput): recording one by hand is refused.
 */
export const ZRecordPaymentInput = z.object({
  id: ZId,
  kind: ZPaymentEntryKind,
  amount: ZPositiveAmount,
  note: ZPaymentNote,
})
export type RecordPaymentInput = z.input<typeof ZRecordPaymentInput>
export type RecordPaymentValues = z.output<typeof ZRecordPaymentInput>

/**
 * POST /api/admin/orders/{id}/refunds: a refund of a card payment through Stripe, of part or all of what is held.
 * `requestId` is made once per opening of the refund form: a request sent twice (a double click, a retry after a
 * lost answer) is one refund at Stripe. The ledger records the refund once Stripe confirms it.
 */
export const ZCardRefundInput = z.object({
  id: ZId,
  amount: ZPositiveAmount,
  note: ZPaymentNote,
  requestId: z.uuid({ error: 'Request id must be a UUID' }),
})
export type CardRefundInput = z.input<typeof ZCardRefundInput>
export type CardRefundValues = z.output<typeof ZCardRefundInput>

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
