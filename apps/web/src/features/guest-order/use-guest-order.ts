import { useMutation, useQuery } from '@tanstack/react-query'
import { isNotFoundError } from '../../lib/api-error'
import { useTRPC } from '../../lib/trpc'

/** A guest's order by its number and key; a wrong or missing key is "not found", like an unknown order. */
export function useGuestOrder(orderNumber: string, key: string) {
  const trpc = useTRPC()
  const query = useQuery(
    trpc.orders.guestView.queryOptions(
      { orderNumber, key },
      { retry: (count, error) => !isNotFoundError(error) && count < 2 },
    ),
  )
  return { ...query, isNotFound: isNotFoundError(query.error) }
}

export function useOrderLookup() {
  const trpc = useTRPC()
  return useMutation(trpc.orders.lookup.mutationOptions())
}
