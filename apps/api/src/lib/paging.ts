import { DEFAULT_PAGE_SIZE } from '@shop/schema/common'
import { API_PREFIX } from '@shop/schema/routes'
import type { FastifyReply } from 'fastify'

export interface PageRequest {
  page: number
  pageSize: number
}

/**
 * The page a list call asks for: page 1 of `defaultPageSize` (DEFAULT_PAGE_SIZE for the back office's lists)
 * unless it says otherwise.
 */
export function pageOf(
  input: { page?: number; pageSize?: number },
  defaultPageSize = DEFAULT_PAGE_SIZE,
): PageRequest & { offset: number } {
  const page = input.page ?? 1
  const pageSize = input.pageSize ?? defaultPageSize
  return { page, pageSize, offset: (page - 1) * pageSize }
}

/**
 * One page of a list, as a service answers it: the items, the count of all that match, the page asked for, and what
 * the neighbouring pages' addresses keep (the call's filters, and the path's parameters such as a category's slug).
 * The procedure answers the items, and `paged` (trpc/init.ts) writes the rest into the headers below.
 */
export interface Page<T> {
  items: T[]
  total: number
  page: PageRequest
  query?: Record<string, string | number | undefined>
  pathParams?: Record<string, string>
}

/**
 * Every paged list answers its page as the JSON array the spec describes, with the count of all matching rows in
 * `X-Total-Count` and the neighbouring pages in `Link` (RFC 8288: first, prev, next, last), each keeping the call's
 * filters. The OpenAPI document lists both headers on every route marked `paged`.
 */
export function sendPageHeaders(
  reply: FastifyReply,
  path: string,
  query: Record<string, string | number | undefined>,
  page: PageRequest,
  total: number,
): void {
  const lastPage = Math.max(1, Math.ceil(total / page.pageSize))
  const urlOf = (target: number) => {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== '' && key !== 'page' && key !== 'pageSize') params.set(key, String(value))
    }
    params.set('page', String(target))
    params.set('pageSize', String(page.pageSize))
    return `<${API_PREFIX}${path}?${params}>`
  }
  const links = [`${urlOf(1)}; rel="first"`]
  if (page.page > 1) links.push(`${urlOf(Math.min(page.page - 1, lastPage))}; rel="prev"`)
  if (page.page < lastPage) links.push(`${urlOf(page.page + 1)}; rel="next"`)
  links.push(`${urlOf(lastPage)}; rel="last"`)
  reply.header('X-Total-Count', String(total))
  reply.header('Link', links.join(', '))
}
