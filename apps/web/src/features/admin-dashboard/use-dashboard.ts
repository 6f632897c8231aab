import { useQuery } from '@tanstack/react-query'
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
