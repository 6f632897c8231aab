import type { Db } from '@shop/db/client'
import * as dashboardRepo from '@shop/db/dashboard'
import * as ordersRepo from '@shop/db/orders'
import * as productsRepo from '@shop/db/products'
import * as salesSummary from '@shop/db/sales-summary'
import { centsToMoney } from '@shop/schema/common'
import {
  type DashboardStats,
  type ProductSales,
  RECENT_ORDERS_LIMIT,
  type SalesReport,
  TOP_PRODUCTS_LIMIT,
  type TopProducts,
  type ZSalesInput,
  type ZTopProductsInput,
} from '@shop/schema/dashboard'
import type { z } from 'zod'
import { averageOrderCents, bucketSales, rangeOfLastDays } from './sales-buckets'

/**
 * Revenue counts paid orders: the payments recorded less refunds (docs/decisions/0014-payment-status.md; an order placed but not paid brings
 * nothing yet); customers are distinct e-mail addresses. Read from the sales
 * summary the order writes keep (@shop/db/sales-summary), so it costs the same at 1,000,000 orders.
 */
export async function getStats(db: Db): Promise<DashboardStats> {
  const counts = await dashboardRepo.findCounts(db)
  return {
    totalRevenue: centsToMoney(counts.revenueCents),
    orderCount: counts.orderCount,
    productCount: counts.productCount,
    customerCount: counts.customerCount,
    lowStockCount: counts.lowStockCount,
  }
}

/** Active products at or below their minimum stock, fewest first. */
export function listLowStock(db: Db) {
  return productsRepo.findLowStock(db)
}

export function listRecentOrders(db: Db) {
  return ordersRepo.findMany(db, { limit: RECENT_ORDERS_LIMIT })
}

/**
 * Revenue and orders (not cancelled) per day, week or month of the last `days` UTC days, every bucket present;
 * with their totals and the average order value. Reads at most 365 summary rows.
 */
export async function getSales(db: Db, input: z.output<typeof ZSalesInput>, now = new Date()): Promise<SalesReport> {
  const range = rangeOfLastDays(input.days, now)
  const days = await salesSummary.findSalesDays(db, range.from, range.to)
  const orders = days.reduce((sum, day) => sum + day.soldCount, 0)
  const revenueCents = days.reduce((sum, day) => sum + day.revenueCents, 0)
  return {
    ...range,
    interval: input.interval,
    buckets: bucketSales(days, range, input.interval).map((bucket) => ({
      start: bucket.start,
      orders: bucket.orders,
      revenue: centsToMoney(bucket.revenueCents),
    })),
    orders,
    revenue: centsToMoney(revenueCents),
    averageOrderValue: centsToMoney(averageOrderCents(revenueCents, orders)),
  }
}

function toProductSales(row: salesSummary.ProductSales): ProductSales {
  return { productId: row.productId, name: row.name, units: row.units, revenue: centsToMoney(row.revenueCents) }
}

/** The top 10 products of the last `days` UTC days by units and by revenue, under their current names. */
export async function getTopProducts(
  db: Db,
  input: z.output<typeof ZTopProductsInput>,
  now = new Date(),
): Promise<TopProducts> {
  const range = rangeOfLastDays(input.days, now)
  const { byUnits, byRevenue } = await salesSummary.findTopProducts(db, { ...range, limit: TOP_PRODUCTS_LIMIT })
  return { ...range, byUnits: byUnits.map(toProductSales), byRevenue: byRevenue.map(toProductSales) }
}
