import type { StoredPaymentMethod } from '@shop/db/payments'
import { PAYMENT_METHOD_NAMES, type PaymentMethodKind } from '@shop/schema/payments'
import { AppError } from '../../lib/app-error'

/**
 * The payment step of an order (docs/decisions/0014-payment-status.md). Today every method is offline: the buyer
 * is told how to pay (the owner's instructions) and the admin records the money when it arrives. A card provider
 * plugs in here later as another PaymentStep: `begin` would create the provider's payment for the order and answer
 * what the buyer must do next (a redirect, a client secret), and its webhook would record the payment through
 * payments.service.ts's `recordPayment`, as the admin does by hand. Nothing else in the order path changes.
 */
export interface PaymentStep {
  kind: PaymentMethodKind
  /** What the order keeps and the buyer is shown once it is placed. Pure and cheap: it runs in the order batch. */
  begin(method: StoredPaymentMethod, order: { orderNumber: string; totalCents: number }): { instructions: string }
}

/** Bank transfer, cash on delivery, pay on pickup: the owner's instructions, as written. */
const offline = (kind: PaymentMethodKind): PaymentStep => ({
  kind,
  begin: (method) => ({ instructions: method.instructions }),
})

export const PAYMENT_STEPS: Record<PaymentMethodKind, PaymentStep> = {
  bank_transfer: offline('bank_transfer'),
  cash_on_delivery: offline('cash_on_delivery'),
  pay_on_pickup: offline('pay_on_pickup'),
}

/**
 * The method an order pays with: the one the buyer chose, if the shop offers it (else 400 naming those it does);
 * without a choice, the first the shop offers, or none when it offers none (the spec's client sends no method, and
 * a shop that has set none up takes orders as before).
 */
export function chooseMethod(
  methods: readonly StoredPaymentMethod[],
  requested: PaymentMethodKind | undefined,
): StoredPaymentMethod | null | AppError {
  const offered = methods.filter((method) => method.enabled)
  if (requested === undefined) return offered[0] ?? null
  const method = offered.find((candidate) => candidate.kind === requested)
  if (method) return method
  const names = offered.map((candidate) => PAYMENT_METHOD_NAMES[candidate.kind])
  return new AppError(
    'BAD_REQUEST',
    names.length > 0
      ? `${PAYMENT_METHOD_NAMES[requested]} is not offered by this shop. Please choose ${names.join(' or ')}.`
      : `${PAYMENT_METHOD_NAMES[requested]} is not offered by this shop: it takes no payment method at checkout.`,
  )
}
