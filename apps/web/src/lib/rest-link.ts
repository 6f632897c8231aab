import { API_PREFIX, fillPath, type ProcedurePath, routes } from '@shop/schema/routes'
import { TRPCClientError, type TRPCLink } from '@trpc/client'
import type { AnyTRPCRouter } from '@trpc/server'
import { observable } from '@trpc/server/observable'
import { apiErrorOf, parseBody } from './api-error'
import { sessionHeaders } from './session'
import { apiTransport } from './transport'

function toQuery(values: Record<string, unknown>): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null) query.set(key, String(value))
  }
  const text = query.toString()
  return text ? `?${text}` : ''
}

/** Builds the request of a procedure call from the route table: path params, then query string or JSON body. */
export function buildRequest(path: string, input: unknown): { url: string; init: RequestInit } {
  const route = routes[path as ProcedurePath]
  if (!route) throw new Error(`No REST route for procedure '${path}'`)
  const values = input && typeof input === 'object' ? (input as Record<string, unknown>) : {}
  const filled = fillPath(route.path, values)
  const rest = Object.fromEntries(Object.entries(values).filter(([name]) => !filled.used.has(name)))
  const url = `${API_PREFIX}${filled.path}`
  const headers = sessionHeaders()
  const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH'
  if (!hasBody)
    return { url: `${url}${toQuery(rest)}`, init: { method: route.method, headers, credentials: 'include' } }
  const body = input === undefined ? undefined : JSON.stringify(rest)
  if (body !== undefined) headers['content-type'] = 'application/json'
  return { url, init: { method: route.method, headers, body, credentials: 'include' } }
}

/**
 * The tRPC client's only link: every call goes to its REST path under /api, so the browser speaks the same
 * API as any other client. A non-2xx answer becomes the error of `apiErrorOf`.
 */
export function restLink<TRouter extends AnyTRPCRouter>(): TRPCLink<TRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        const controller = new AbortController()
        const { url, init } = buildRequest(op.path, op.input)
        apiTransport(url, { ...init, signal: op.signal ?? controller.signal })
          .then(async (response) => {
            const text = await response.text()
            const data = parseBody(text)
            // Every call is logged in the browser's console; the server renderer's calls are not a visitor's.
            if (typeof window !== 'undefined')
              console.info(`[api] ${init.method} ${url} -> ${response.status}`, { request: op.input, response: data })
            if (!response.ok) {
              observer.error(apiErrorOf(response, text))
              return
            }
            observer.next({ result: { type: 'data', data } })
            observer.complete()
          })
          .catch((cause: unknown) => {
            observer.error(TRPCClientError.from(cause instanceof Error ? cause : new Error(String(cause))))
          })
        return () => controller.abort()
      })
}
