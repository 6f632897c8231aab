import type { Generated } from 'kysely'

/** Per UTC day of placement: orders placed (cancelled included), orders sold (not cancelled) and their revenue. */
export interface SalesDaysTable {
  /** YYYY-MM-DD, UTC. */
  day: string
  order_count: number
  sold_count: number
  /** bigint: a busy day's revenue may pass what a 32-bit integer holds. */
  revenue_cents: number | string
  /** Payments less refunds recorded for the orders placed that day (bigint). */
  paid_cents: Generated<number | string>
}

/** Per UTC day and product: units and revenue of the lines of orders not cancelled. */
export interface ProductSalesDaysTable {
  day: string
  product_id: number
  units: number | string
  revenue_cents: number | string
}

/** Orders per customer, keyed by the lower-cased e-mail; a key with no orders left has no row. */
export interface CustomersTable {
  email_key: string
  order_count: number
}

/** Per UTC day and status: the orders placed that day that have that status now. */
export interface OrderStatusDaysTable {
  day: string
  status: string
  order_count: number
}
