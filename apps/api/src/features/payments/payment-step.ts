import type { StoredPaymentMethod } from '@shop/db/payments'
import {
  CARD_PAYMENT_INSTRUCTIONS,
  isProviderMethod,
  PAYMENT_METHOD_NAMES,
  type PaymentMethodKind,
} from '@shop/schema/payments'
import { AppError } from '../../lib/app-error'

/**
 * The payment step of an order (docs/decisions/0014-payment-status.md). With an offline method the buyer is told how
 * to pay (the owner's instructions) and the admin records the money when it arrives. Card (0020) is placed the same
 * way, awaiting its payment; once the order's batch is committed, orders/card-checkout.ts creates Stripe's Checkout Session
 * and sends the buyer there, and Stripe's webhook records the payment through the ledger, as the admin does by hand.
 */
export interface PaymentStep {
  kind: PaymentMethodKind
  /**
   * What the order keeps and the buyer is shown once it is placed, and whether it then awaits a payment at a
   * provider. Pure and cheap: it runs in the order batch.
   */
  begin(
    method: StoredPaymentMethod,
    order: { orderNumber: string; totalCents: number },
  ): { instructions: string; isAwaitingCard?: boolean }
}

/** Bank transfer, cash on delivery, pay on pickup: the owner's instructions, as written. */
const offline = (kind: PaymentMethodKind): PaymentStep => ({
  kind,
  begin: (method) => ({ instructions: method.instructions }),
})

/** Card: the buyer pays on Stripe's page after the order is placed; the owner's words, if any, replace the default. */
const card: PaymentStep = {
  kind: 'card',
  begin: (method) => ({ instructions: method.instructions || CARD_PAYMENT_INSTRUCTIONS, isAwaitingCard: true }),
}

export const PAYMENT_STEPS: Record<PaymentMethodKind, PaymentStep> = {
  bank_transfer: offline('bank_transfer'),
  cash_on_delivery: offline('cash_on_delivery'),
  pay_on_pickup: offline('pay_on_pickup'),
  card,
}

/**
 * The method an order pays with: the one the buyer chose, if the shop offers it (else 400 naming those it does);
 * without a choice, the first offline method the shop offers, or none when it offers none (the spec's client sends
 * no method, and a shop that has set none up takes orders as before). Card is never taken unasked: a client that
 * names no method knows nothing of Stripe's page, and its order would wait for a payment nobody makes.
 */
export function chooseMethod(
  methods: readonly StoredPaymentMethod[],
  requested: PaymentMethodKind | undefined,
): StoredPaymentMethod | null | AppError {
  const offered = methods.filter((method) => method.enabled)
  if (requested === undefined) return offered.find((method) => !isProviderMethod(method.kind)) ?? null
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
