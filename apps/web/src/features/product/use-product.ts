import { skipToken, useQuery } from '@tanstack/react-query'
import { isNotFoundError } from '../../lib/api-error'
import { useTRPC } from '../../lib/trpc'

/** A product of the storefront; `null` (an id that is not a positive integer) asks nothing and finds nothing. */
export function useProduct(id: number | null) {
  const trpc = useTRPC()
  // A "not found" the server rendered is kept, not asked again as the page hydrates (which would show a skeleton).
  const query = useQuery({ ...trpc.products.get.queryOptions(id === null ? skipToken : { id }), retryOnMount: false })
  // 404: unknown or inactive; 400: an id the API refuses. Both mean "no such product" to a visitor.
  return { ...query, isNotFound: id === null || isNotFoundError(query.error) }
}
