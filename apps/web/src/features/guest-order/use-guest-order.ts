import { skipToken, useMutation, useQuery } from '@tanstack/react-query'
import { isNotFoundError } from '../../lib/api-error'
import { useTRPC } from '../../lib/trpc'

/**
 * A guest's order by its number and key. A wrong key answers 404 like an unknown order; without a key there is
 * nothing to ask, and the page says the same.
 */
export function useGuestOrder(orderNumber: string, key: string) {
  const trpc = useTRPC()
  const hasKey = orderNumber !== '' && key !== ''
  const query = useQuery(trpc.orders.guestView.queryOptions(hasKey ? { orderNumber, key } : skipToken))
  // 404: unknown, or not this key; 400: a number or key the API refuses (too long). All read "not found".
  return { ...query, isNotFound: !hasKey || isNotFoundError(query.error) }
}

/** "Order Tracking": the server answers the same words whether or not the order matched (429 when rate limited). */
export function useOrderLookup() {
  const trpc = useTRPC()
  return useMutation(trpc.orders.lookup.mutationOptions())
}
