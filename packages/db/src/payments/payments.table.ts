import type { Generated } from 'kysely'
import type { DbBool } from '../dialect'

/** A payment method the owner has saved (docs/decisions/0014-payment-status.md): offered at checkout while enabled. */
export interface PaymentMethodsTable {
  /** bank_transfer, cash_on_delivery, pay_on_pickup or card. */
  kind: string
  enabled: DbBool
  /** What the buyer is told to do: the bank details, "pay the courier", the opening hours. */
  instructions: string
  position: number
  updated_at: string
}

/** The ledger of an order's money: each payment and refund the admin records, with who and why. */
export interface OrderPaymentsTable {
  id: Generated<number>
  order_id: number
  kind: string
  amount_cents: number
  note: string | null
  actor: string | null
  /** Stripe's id of a payment (pi_...) or refund (re_...) it confirmed; unique. Null: recorded by hand. */
  provider_ref: string | null
  created_at: string
}

/** A card order's Checkout Session at Stripe, and once paid the payment intent its refunds name. */
export interface CardPaymentsTable {
  order_id: number
  session_id: string
  /** When Stripe expires the session (ISO): the order is cancelled then, unless paid. */
  expires_at: string
  payment_intent_id: string | null
  created_at: string
}

/** Every signed Stripe event the shop has taken, once: written in the transaction of its effect. */
export interface StripeEventsTable {
  id: string
  type: string
  received_at: string
}
