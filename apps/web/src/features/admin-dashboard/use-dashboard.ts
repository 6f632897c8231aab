import type { SalesInterval, SalesRange } from '@shop/schema/dashboard'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTRPC } from '../../lib/trpc'

export function useDashboardStats() {
  const trpc = useTRPC()
  return useQuery(trpc.admin.dashboard.stats.queryOptions())
}

export function useRecentOrders() {
  const trpc = useTRPC()
  return useQuery(trpc.admin.dashboard.recentOrders.queryOptions())
}

export function useLowStockProducts() {
  const trpc = useTRPC()
  return useQuery(trpc.admin.dashboard.lowStock.queryOptions())
}

/** The sales series of a range; the last answer stays on screen while another range loads. */
export function useSalesReport(days: SalesRange, interval: SalesInterval) {
  const trpc = useTRPC()
  return useQuery({
    ...trpc.admin.dashboard.sales.queryOptions({ days, interval }),
    placeholderData: keepPreviousData,
  })
}

export function useTopProducts(days: SalesRange) {
  const trpc = useTRPC()
  return useQuery({ ...trpc.admin.dashboard.topProducts.queryOptions({ days }), placeholderData: keepPreviousData })
}
