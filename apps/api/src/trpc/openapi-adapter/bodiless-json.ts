import { API_PREFIX } from '@shop/schema/routes'
import type { FastifyRequest } from 'fastify'

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH'])

/**
 * preHandler: trpc-to-openapi refuses every POST, PUT or PATCH whose content type is not JSON with 415 ("Missing
 * content-type header"), even one that sends no body to a procedure that takes no input (its check predates any
 * look at the body; mcampa/trpc-to-openapi#142 asks for a way to relax it and names this workaround). Without this,
 * `POST /api/auth/logout` sent bare, as a browser form or curl sends it, is a 415. A bodiless call is a JSON call
 * with no input; a request that does carry a body of another type is still refused.
 */
export async function markBodilessCallsAsJson(request: FastifyRequest): Promise<void> {
  if (
    request.url.startsWith(`${API_PREFIX}/`) &&
    request.headers['content-type'] === undefined &&
    request.body === undefined &&
    BODY_METHODS.has(request.method)
  ) {
    request.headers['content-type'] = 'application/json'
  }
}
