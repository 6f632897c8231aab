import type { Executor } from '../database'
import { toNumber } from '../dialect'
import { isActiveLowStockVariant } from '../products/product-rules'

export interface DashboardCounts {
  revenueCents: number
  orderCount: number
  productCount: number
  customerCount: number
  lowStockCount: number
}

export async function findCounts(db: Executor): Promise<DashboardCounts> {
  const [orders, revenue, products, lowStock] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.countAll().as('order_count'),
        eb.fn
          .count(eb.fn('lower', ['customer_email']))
          .distinct()
          .as('customer_count'),
      ])
      .executeTakeFirstOrThrow(),
    // Revenue counts every order that is not cancelled.
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<number>('total_cents').as('revenue'))
      .where('status', '!=', 'cancelled')
      .executeTakeFirstOrThrow(),
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
    revenueCents: toNumber(revenue.revenue),
    orderCount: toNumber(orders.order_count),
    productCount: toNumber(products.count),
    customerCount: toNumber(orders.customer_count),
    lowStockCount: toNumber(lowStock.count),
  }
}
