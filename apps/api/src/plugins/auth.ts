import type { Admin } from '@shop/schema/auth'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { authenticate } from '../features/auth/auth.service'
import { readSessionToken } from '../features/auth/session-cookie'
// Declares app.deps.
import type {} from './deps'
import { errorBody } from './errors'

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin of a valid session; resolved for /api/admin/* and /api/auth/* only. */
    admin: Admin | undefined
  }
}

/**
 * Server-side guard of the back office: every /api/admin/* request, whatever its method and whether or not a
 * route exists, is refused with 401 before routing unless it carries a valid session (cookie or Bearer token).
 */
async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('admin', undefined)
  app.addHook('onRequest', async (request, reply) => {
    const isAdminPath = request.url.startsWith('/api/admin/') || request.url.split('?', 1)[0] === '/api/admin'
    if (!isAdminPath && !request.url.startsWith('/api/auth/')) return
    const token = readSessionToken(request)
    request.admin = token ? await authenticate(app.deps.db, token) : undefined
    if (isAdminPath && !request.admin) {
      return reply.code(401).send(errorBody(401, 'Authentication required'))
    }
  })
}

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie', 'deps'] })
