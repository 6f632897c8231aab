import { type ProcedurePath, routes } from '@shop/schema/routes'
import { TRPCClientError, type TRPCLink } from '@trpc/client'
import type { AnyTRPCRouter } from '@trpc/server'
import { observable } from '@trpc/server/observable'

export const ADMIN_TOKEN_KEY = 'adminToken'

/** The data of a failed call: the HTTP status and the API's error code, when it sent one. */
export interface RestErrorData {
  httpStatus: number
  code: string | undefined
  apiMessage: string | undefined
}

function readToken(): string | null {
  try {
    return localStorage.getItem(ADMIN_TOKEN_KEY)
  } catch {
    return null
  }
}

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
  const values = input && typeof input === 'object' ? { ...(input as Record<string, unknown>) } : {}
  const url = `/api${route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name]
    delete values[name]
    return encodeURIComponent(String(value))
  })}`
  const headers: Record<string, string> = {}
  const token = readToken()
  if (token) headers.authorization = `Bearer ${token}`
  const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH'
  if (!hasBody)
    return { url: `${url}${toQuery(values)}`, init: { method: route.method, headers, credentials: 'include' } }
  const body = input === undefined ? undefined : JSON.stringify(values)
  if (body !== undefined) headers['content-type'] = 'application/json'
  return { url, init: { method: route.method, headers, body, credentials: 'include' } }
}

/**
 * The tRPC client's only link: every call goes to its REST path (spec point 7), so the browser speaks the same
 * API as any other client. A non-2xx answer becomes an error whose message is `${status}: ${body or status text}`
 * (spec point 8).
 */
export function restLink<TRouter extends AnyTRPCRouter>(): TRPCLink<TRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        const controller = new AbortController()
        const { url, init } = buildRequest(op.path, op.input)
        fetch(url, { ...init, signal: op.signal ?? controller.signal })
          .then(async (response) => {
            const text = await response.text()
            let data: unknown = text
            try {
              data = text ? JSON.parse(text) : undefined
            } catch {
              // Not JSON: keep the text.
            }
            console.info(`[api] ${init.method} ${url} -> ${response.status}`, { request: op.input, response: data })
            if (!response.ok) {
              const body = data && typeof data === 'object' ? (data as { code?: unknown; message?: unknown }) : {}
              const errorData: RestErrorData = {
                httpStatus: response.status,
                code: typeof body.code === 'string' ? body.code : undefined,
                apiMessage: typeof body.message === 'string' ? body.message : undefined,
              }
              observer.error(
                new TRPCClientError(`${response.status}: ${text || response.statusText}`, {
                  result: { error: { message: text, code: -32000, data: errorData } },
                }),
              )
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

/** The API's own message of a failed call (e.g. "Only 2 of 'Gold Cross' are left in stock"), if it sent one. */
export function apiMessageOf(error: unknown): string | undefined {
  const data = (error as { data?: RestErrorData } | null)?.data
  return data?.apiMessage
}

export function httpStatusOf(error: unknown): number | undefined {
  return (error as { data?: RestErrorData } | null)?.data?.httpStatus
}

/** A failure text of the spec followed by the API's own reason when it sent one (e.g. a 409 naming the product). */
export function withApiReason(text: string, error: unknown): string {
  const reason = apiMessageOf(error)
  return reason ? `${text} ${reason}` : text
}
