import { API_PREFIX } from '@shop/schema/routes'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { errorBody, invalidInputBody } from '../../lib/error-body'

/**
 * trpc-to-openapi answers a failed call itself, past Fastify's error handler: the status, and a JSON body of its
 * own making (the tRPC error shape with `message`, `code` and zod's raw `issues` written over it, the message
 * "Input validation failed" for any invalid input). It offers no option to shape that body, and overwrites what an
 * errorFormatter sets (trpc/trpc-openapi#440, mcampa/trpc-to-openapi#168). Without this rewrite a REST client gets
 * two error shapes (the adapter's and the API's), a 400 whose message never names the field, and the tRPC shape's
 * extra fields.
 */

/** Rewrites the body of a tRPC adapter error. */
function normaliseAdapterBody(status: number, payload: string): string {
  let parsed: { message?: unknown; issues?: Array<{ path?: Array<string | number>; message?: string }> }
  try {
    parsed = JSON.parse(payload)
  } catch {
    return JSON.stringify(errorBody(status, 'Request failed'))
  }
  // A 503 comes only from a service's AppError (the server is busy) and says when to come back; any other 5xx may
  // carry an internal message.
  if (status >= 500 && status !== 503) return JSON.stringify(errorBody(status, 'Internal server error'))
  if (Array.isArray(parsed.issues) && parsed.issues.length > 0) {
    return JSON.stringify(invalidInputBody(parsed.issues, status))
  }
  const message = typeof parsed.message === 'string' && parsed.message ? parsed.message : 'Request failed'
  return JSON.stringify(errorBody(status, message))
}

/**
 * trpc-to-openapi rewrites request.raw.url (it strips /api) before onSend runs; Fastify memoises originalUrl on its
 * first read, so reading it when the request arrives keeps the real URL for the hooks that run after the handler.
 */
export async function keepOriginalUrl(request: FastifyRequest): Promise<void> {
  void request.originalUrl
}

// The one route the adapter registers for every procedure; the shop's own routes answer errors in the API's shape
// already (the errors plugin's handler), so only this route's answers are rewritten.
const ADAPTER_ROUTE = `${API_PREFIX}/*`

/** onSend: the adapter's error answers, reduced to the API's error shape on their way out. */
export async function rewriteAdapterErrorBody(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode < 400 || typeof payload !== 'string' || request.routeOptions.url !== ADAPTER_ROUTE) {
    return payload
  }
  const type = String(reply.getHeader('content-type') ?? '')
  if (!type.startsWith('application/json')) return payload
  return normaliseAdapterBody(reply.statusCode, payload)
}
