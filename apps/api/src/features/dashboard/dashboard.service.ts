import type { Db } from '@shop/db/client'
import * as dashboardRepo from '@shop/db/dashboard'
import * as ordersRepo from '@shop/db/orders'
import * as productsRepo from '@shop/db/products'
import { centsToMoney } from '@shop/schema/common'
import { type DashboardStats, RECENT_ORDERS_LIMIT } from '@shop/schema/dashboard'

/** Revenue sums every order that is not cancelled; customers are distinct e-mail addresses. */
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
