import type { ProcedurePath } from '@shop/schema/routes'
import { apiFetch } from './api-fetch'
import { buildRequest } from './rest-link'

/** One page of a paged list (routes marked `paged`) and how many rows match in all. */
export interface Page<T> {
  items: T[]
  total: number
}

/**
 * Reads one page of a paged list: the JSON array of the page and the X-Total-Count header, which the tRPC client
 * cannot surface. The call is built from the route table like every other, with the same session and errors.
 */
export async function fetchPage<T>(
  procedure: ProcedurePath,
  input: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const { url } = buildRequest(procedure, input)
  const response = await apiFetch(url, { signal })
  const items = (await response.json()) as T[]
  const total = Number(response.headers.get('X-Total-Count'))
  return { items, total: Number.isFinite(total) ? total : items.length }
}

// Past this many pages a list is no choice a person can make in one field.
const MAX_WHOLE_LIST_PAGES = 10

/**
 * Every row of a short paged list, `pageSize` at a time (at most MAX_WHOLE_LIST_PAGES pages): for a field that
 * offers the whole list (the product form's categories), never for a list that grows with the shop.
 */
export async function fetchWholeList<T>(
  procedure: ProcedurePath,
  input: Record<string, unknown>,
  pageSize: number,
  signal?: AbortSignal,
): Promise<T[]> {
  const readPage = (page: number) => fetchPage<T>(procedure, { ...input, page, pageSize }, signal)
  const first = await readPage(1)
  const pageCount = Math.min(MAX_WHOLE_LIST_PAGES, Math.ceil(first.total / pageSize))
  const rest = await Promise.all(Array.from({ length: Math.max(0, pageCount - 1) }, (_, i) => readPage(i + 2)))
  return [first, ...rest].flatMap((page) => page.items)
}

/**
 * The React Query key of a page (or of a whole list, or of the pages a storefront list has loaded so far): under
 * the procedure's tRPC path, so the invalidations that refresh the admin (`trpc.admin.pathFilter()` and the like)
 * refresh its pages too.
 */
export function pageQueryKey(
  procedure: ProcedurePath,
  input: Record<string, unknown>,
  type: 'page' | 'whole' | 'pages' = 'page',
) {
  return [procedure.split('.'), { input, type }] as const
}
