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

/**
 * The React Query key of a page: under the procedure's tRPC path, so the invalidations that refresh the admin
 * (`trpc.admin.pathFilter()` and the like) refresh its pages too.
 */
export function pageQueryKey(procedure: ProcedurePath, input: Record<string, unknown>) {
  return [procedure.split('.'), { input, type: 'page' }] as const
}
