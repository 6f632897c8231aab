import type { Generated } from 'kysely'
import type { DbBool } from '../dialect'

/** A payment method the owner has saved (docs/decisions/0014-payment-status.md): offered at checkout while enabled. */
export interface PaymentMethodsTable {
  /** bank_transfer, cash_on_delivery or pay_on_pickup. */
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
  created_at: string
}
