import type { Generated } from 'kysely'
import type { DbBool } from '../dialect'

export interface OrdersTable {
  id: Generated<number>
  order_number: string
  customer_name: string
  customer_email: string
  customer_address: string | null
  notes: string | null
  status: string
  total_cents: number
  /** The order's components as charged; total_cents = subtotal - discount + shipping (+ tax if added). */
  subtotal_cents: Generated<number>
  discount_cents: Generated<number>
  shipping_cents: Generated<number>
  tax_cents: Generated<number>
  discount_code: string | null
  shipping_method: string | null
  tax_included: Generated<DbBool>
  country: string | null
  region: string | null
  /** The payment method chosen at checkout and its instructions as the buyer was shown them; null: none. */
  payment_method: string | null
  payment_instructions: string | null
  /**
   * Derived from the ledger (order_payments): unpaid, paid, refunded or partially_refunded; awaiting_payment for a card
   * order at Stripe's checkout (card_payments).
   */
  payment_status: Generated<string>
  paid_cents: Generated<number>
  refunded_cents: Generated<number>
  tracking_number: string | null
  tracking_url: string | null
  created_at: string
  updated_at: string
}

/** Keys to an order's guest page (SHA-256 of the key). */
export interface OrderKeysTable {
  key_hash: string
  order_id: number
  created_at: string
}

/** What happened to an order besides its creation: status changes, tracking, notes, mail outcomes. */
export interface OrderEventsTable {
  id: Generated<number>
  order_id: number
  type: string
  actor: string | null
  /** JSON. */
  data: string
  created_at: string
}

/** A line keeps the product's name, SKU, price and image as they were when ordered. */
export interface OrderItemsTable {
  id: Generated<number>
  order_id: number
  product_id: number | null
  name: string
  sku: string
  price_cents: number
  quantity: number
  image_url: string | null
  variant_id: number | null
  variant_label: string | null
  /** JSON: [{ label, value, surchargeCents }], the buyer's text exactly as typed. */
  personalization: Generated<string>
  lead_min_days: number | null
  lead_max_days: number | null
}

/**
 * Named counters: the running order number, how many customers have orders (the sales summary), and how many
 * changes other than stock were published to the API processes (CHANGES_COUNTER).
 */
export interface CountersTable {
  name: string
  value: number
}

/**
 * The counter of the changes of scope `all` published on PostgreSQL, raised by the statement that sends their
 * notice (change-feed.ts), before the writer answers. A reader that saw the count before reading what it keeps
 * (the money rules) and finds it unchanged later, in a statement of its own, knows that no such change was
 * published in between, without the round trip of the feed's `sync()`: the order batch reads it with its stock.
 */
export const CHANGES_COUNTER = 'published_changes'
