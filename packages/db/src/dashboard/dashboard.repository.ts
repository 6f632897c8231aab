import type { Executor } from '../database'
import { toNumber } from '../dialect'
import { isActiveLowStockVariant } from '../products/product-rules'
import { findTotals } from './sales-summary'

export interface DashboardCounts {
  /** Payments recorded less refunds: the revenue of paid orders. */
  revenueCents: number
  orderCount: number
  productCount: number
  customerCount: number
  lowStockCount: number
}

/**
 * The stat cards. Orders, revenue (payments less refunds: paid orders) and customers come from the sales summary, which
 * the order writes keep in step (sales-summary.ts): counting them from the orders takes seconds at 1,000,000 orders.
 */
export async function findCounts(db: Executor): Promise<DashboardCounts> {
  const [totals, products, lowStock] = await Promise.all([
    findTotals(db),
    db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('product_variants')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select((eb) => eb.fn.countAll().as('count'))
      .where(isActiveLowStockVariant)
      .executeTakeFirstOrThrow(),
  ])
  return {
    revenueCents: totals.paidCents,
    orderCount: totals.orderCount,
    productCount: toNumber(products.count),
    customerCount: totals.customerCount,
    lowStockCount: toNumber(lowStock.count),
  }
}
