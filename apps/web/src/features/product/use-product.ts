import { skipToken, useQuery } from '@tanstack/react-query'
import { isNotFoundError } from '../../lib/api-error'
import { useTRPC } from '../../lib/trpc'

/** A product of the storefront; `null` (an id that is not a positive integer) asks nothing and finds nothing. */
export function useProduct(id: number | null) {
  const trpc = useTRPC()
  const query = useQuery(trpc.products.get.queryOptions(id === null ? skipToken : { id }))
  // 404: unknown or inactive; 400: an id the API refuses. Both mean "no such product" to a visitor.
  return { ...query, isNotFound: id === null || isNotFoundError(query.error) }
}
