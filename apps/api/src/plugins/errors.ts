import { STATUS_CODES as HTTP_REASONS } from 'node:http'
import type { Socket } from 'node:net'
import { UPLOAD_FORM_MESSAGES, UPLOAD_MESSAGES } from '@shop/schema/uploads'
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/app-error'
import { errorBody, NOT_JSON_MESSAGE } from '../lib/error-body'
import { keepOriginalUrl, rewriteAdapterErrorBody } from '../trpc/openapi-adapter/error-bodies'

/**
 * One error shape for every /api answer: { message, code, issues? }. Errors come from four places: Fastify
 * itself (malformed JSON, body too large, multipart limits), its router (a malformed URL, answered before any hook
 * runs: see frameworkErrors), our plain routes (AppError), and the tRPC adapter, which writes its own body; this
 * plugin reduces all of them to the same shape and never lets an internal message or stack reach a client.
 */

/**
 * Fastify's and @fastify/multipart's own client errors, in words a client can act on instead of the libraries'
 * ("reach fields limit"). A status given here replaces the library's: @fastify/multipart answers a non-multipart
 * request and a bad JSON field with 406, which is about the Accept header, not the body. Multipart is registered
 * only for the upload route, so its errors are told in the upload's terms.
 */
const KNOWN_ERRORS: Record<string, { status?: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { message: 'The request body is not valid JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { message: NOT_JSON_MESSAGE },
  FST_ERR_CTP_EMPTY_TYPE: { message: 'Missing content type: send JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { message: 'Content-Length does not match the body' },
  FST_ERR_BAD_URL: { status: 400, message: 'The URL is not valid: check its percent-encoding (%XX)' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'A part of the URL is too long' },
  FST_PARTS_LIMIT: { status: 413, message: UPLOAD_FORM_MESSAGES.tooManyParts },
  FST_FILES_LIMIT: { status: 400, message: UPLOAD_MESSAGES.tooMany },
  FST_FIELDS_LIMIT: { status: 413, message: UPLOAD_FORM_MESSAGES.tooManyFields },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: UPLOAD_MESSAGES.tooLarge },
  FST_PROTO_VIOLATION: { status: 400, message: UPLOAD_FORM_MESSAGES.fieldName },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, message: UPLOAD_FORM_MESSAGES.notMultipart },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, message: UPLOAD_FORM_MESSAGES.badJsonField },
  FST_MP_PREMATURE_CLOSE: { status: 400, message: UPLOAD_FORM_MESSAGES.incomplete },
}

/** The status and client-facing message of an error that is not an AppError; undefined for a server fault. */
function clientError(error: FastifyError): { status: number; message: string } | undefined {
  const known = error.code ? KNOWN_ERRORS[error.code] : undefined
  const status = known?.status ?? error.statusCode ?? 500
  // Anything that does not say it is the client's fault (no status, or an odd one such as 200) is the server's.
  if (status < 400 || status >= 500) return undefined
  return { status, message: known?.message || error.message || 'Bad request' }
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).headers(error.headers).send(errorBody(error.status, error.message))
    }
    const known = clientError(error)
    if (!known) {
      request.log.error({ err: error }, 'request failed')
      return reply.code(500).send(errorBody(500, 'Internal server error'))
    }
    return reply.code(known.status).send(errorBody(known.status, known.message))
  })

  // The tRPC adapter writes its own error bodies, which are rewritten to this shape on their way out.
  app.addHook('onRequest', keepOriginalUrl)
  app.addHook('onSend', rewriteAdapterErrorBody)
}

/**
 * Fastify's `frameworkErrors` option. The router refuses a malformed URL (`/api/products/%ZZ`, FST_ERR_BAD_URL)
 * before any route, hook or error handler exists for the request, and by default answers in Fastify's own shape
 * ({ error, code, message, statusCode }, echoing the path); this answers it in ours, for every path.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = clientError(error)
  if (!known) {
    request.log.error({ err: error }, 'request failed in the router')
    void reply.code(500).send(errorBody(500, 'Internal server error'))
    return
  }
  void reply.code(known.status).send(errorBody(known.status, known.message))
}

/**
 * Fastify's `clientErrorHandler` option. A request Node's HTTP parser cannot read (a space in the URL, a broken
 * header line, headers over Node's 16 kB) never becomes a request: Node hands the socket over, and Fastify's
 * default writes its own shape. Same decisions as that default (nothing to write on a reset or closed socket, 408
 * for a timeout, 431 for headers too large), in our shape.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large']
        : [400, 'The request could not be read as HTTP']
  const body = JSON.stringify(errorBody(status, message))
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${HTTP_REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}

export const errors = fp(errorsPlugin, { name: 'errors' })
