import { useQueryClient } from '@tanstack/react-query'
import { useTRPC } from '../../lib/trpc'

/**
 * After a change in the back office every admin answer (lists, dashboard, low stock) and the public catalog the
 * storefront shows in this tab (categories, products, testimonials, stock) may be out of date: refetch them all,
 * so no screen shows stale data.
 */
export function useRefreshShopData() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.admin.pathFilter()),
      queryClient.invalidateQueries(trpc.categories.pathFilter()),
      queryClient.invalidateQueries(trpc.products.pathFilter()),
      queryClient.invalidateQueries(trpc.testimonials.pathFilter()),
    ])
}
