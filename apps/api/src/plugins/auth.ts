import type { Admin } from '@shop/schema/auth'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { authenticate } from '../features/auth/auth.service'
import { readSessionToken } from '../features/auth/session-cookie'
import { errorBody } from '../lib/error-body'
// Declares app.deps.
import type {} from './deps'
// Declares request.routePolicy.
import type {} from './route-policy'

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin of a valid session; resolved for admin requests (request.routePolicy.isAdmin) only. */
    admin: Admin | undefined
  }
}

/**
 * Server-side guard of the back office: every request the route table marks `protect`, and every /api/admin/*
 * request whatever its method and whether or not a route exists, is refused with 401 before routing unless it
 * carries a valid session (cookie or Bearer token).
 */
async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('admin', undefined)
  app.addHook('onRequest', async (request, reply) => {
    // The route-policy hook runs first; a request it did not judge is refused rather than let through.
    if (!(request.routePolicy?.isAdmin ?? true)) return
    const token = readSessionToken(request)
    request.admin = token ? await authenticate(app.deps.db, token) : undefined
    if (!request.admin) return reply.code(401).send(errorBody(401, 'Authentication required'))
  })
}

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie', 'deps', 'route-policy'] })
