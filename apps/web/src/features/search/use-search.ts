import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTRPC } from '../../lib/trpc'

/** Search starts at this many characters; one letter matches nearly everything. */
export const MIN_SEARCH_LENGTH = 2
export const SEARCH_RESULT_LIMIT = 8

/** Active products matching the text (name, SKU or description). Idle below MIN_SEARCH_LENGTH characters. */
export function useProductSearch(text: string) {
  const trpc = useTRPC()
  const q = text.trim()
  const isEnabled = q.length >= MIN_SEARCH_LENGTH
  const query = useQuery({
    ...trpc.products.list.queryOptions({ q, limit: SEARCH_RESULT_LIMIT }),
    enabled: isEnabled,
    // Keep the last results on screen while the next text is on its way, so the list doesn't flicker.
    placeholderData: keepPreviousData,
  })
  return { ...query, isEnabled }
}
