import type { ApiError } from '@shop/schema/common'
import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/app-error'

/**
 * One error shape for every /api answer: { message, code, issues? }. Errors come from three places: Fastify
 * itself (malformed JSON, body too large, multipart limits), our plain routes (AppError), and the tRPC adapter,
 * which writes its own body; this plugin reduces all three to the same shape and never lets an internal message
 * or stack reach a client.
 */

const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  406: 'NOT_ACCEPTABLE',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
}

// Fastify's own client errors, in words a client can act on.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON',
  FST_ERR_CTP_EMPTY_TYPE: 'Missing content type: send JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
}

export function errorBody(status: number, message: string, issues?: ApiError['issues']): ApiError {
  return { message, code: STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST'), issues }
}

interface AdapterIssue {
  path?: Array<string | number>
  message?: string
}

/** Rewrites the body of a tRPC adapter error. */
function normaliseAdapterBody(status: number, payload: string): string {
  let parsed: { message?: unknown; issues?: AdapterIssue[] }
  try {
    parsed = JSON.parse(payload)
  } catch {
    return JSON.stringify(errorBody(status, 'Request failed'))
  }
  if (status >= 500) return JSON.stringify(errorBody(status, 'Internal server error'))
  if (Array.isArray(parsed.issues) && parsed.issues.length > 0) {
    const issues = parsed.issues.map((issue) => ({
      path: Array.isArray(issue.path) ? issue.path.map((p) => (typeof p === 'number' ? p : String(p))) : [],
      message: String(issue.message ?? 'Invalid value'),
    }))
    // The first problem is the message; the rest stay in issues for forms that show each field.
    const first = issues[0]
    const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : ''
    return JSON.stringify(errorBody(status, `${where}${first?.message ?? 'Invalid input'}`, issues))
  }
  const message = typeof parsed.message === 'string' && parsed.message ? parsed.message : 'Request failed'
  return JSON.stringify(errorBody(status, message))
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).headers(error.headers).send(errorBody(error.status, error.message))
    }
    const status = error.statusCode ?? 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.code(500).send(errorBody(500, 'Internal server error'))
    }
    const message = (error.code && FASTIFY_MESSAGES[error.code]) || error.message || 'Bad request'
    return reply.code(status).send(errorBody(status, message))
  })

  // trpc-to-openapi rewrites request.raw.url (it strips /api); Fastify memoises originalUrl on first read, so
  // reading it here keeps the real URL for the hooks that run after the handler.
  app.addHook('onRequest', async (request) => {
    void request.originalUrl
  })

  // The adapter sends its errors itself (status and JSON string), so they are rewritten on their way out.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !request.originalUrl.startsWith('/api/'))
      return payload
    const type = String(reply.getHeader('content-type') ?? '')
    if (!type.startsWith('application/json')) return payload
    return normaliseAdapterBody(reply.statusCode, payload)
  })
}

export const errors = fp(errorsPlugin, { name: 'errors' })
