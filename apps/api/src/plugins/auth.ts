import { OWNER_ONLY_MESSAGE, TWO_FACTOR_REQUIRED_MESSAGE } from '@shop/schema/accounts'
import { API_PREFIX } from '@shop/schema/routes'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { authenticate } from '../features/auth/auth.service'
import { actorOf, audit } from '../lib/audit'
import { errorBody } from '../lib/error-body'
import { AUTHENTICATION_REQUIRED_MESSAGE } from '../lib/request-admin'
import { readSessionToken } from '../lib/session-cookie'
// Declares app.deps.
import type {} from './deps'
// Declares request.routePolicy.
import type {} from './route-policy'

/**
 * Server-side guard of the back office, judging the route the request reached (its route-policy, see
 * lib/route-policy.ts), never the URL as typed: every request the route table marks `protect`, and every
 * /api/admin/* request whatever its method and whether or not a route exists, is refused with 401 before any
 * handler unless it carries a valid session (cookie or Bearer token) of an admin who is not disabled. Sessions live
 * in the database and are read on every request (nothing is cached), so a disabled admin or an ended session is
 * refused by every API process at once.
 *
 * Then the roles, from the same route table: a route marked `owner` refuses any other admin with 403 (and the
 * attempt goes into the audit log); while the shop requires two-factor sign-in, an admin who has not turned it on
 * is refused every /api/admin/* path with 403 (the /api/auth account routes, where it is turned on, stay open).
 */
async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('admin', undefined)
  app.addHook('onRequest', async (request, reply) => {
    // The route-policy hook runs first; a request it did not judge is refused rather than let through.
    const policy = request.routePolicy
    if (!(policy?.isAdmin ?? true)) return
    const token = readSessionToken(request)
    request.admin = token ? await authenticate(app.deps.db, token, request.ip) : undefined
    const admin = request.admin
    if (!admin) return reply.code(401).send(errorBody(401, AUTHENTICATION_REQUIRED_MESSAGE))
    if (policy?.isAdminSection && admin.requireTwoFactor && !admin.twoFactor) {
      return reply.code(403).send(errorBody(403, TWO_FACTOR_REQUIRED_MESSAGE))
    }
    if (policy?.route?.owner && admin.role !== 'owner') {
      await audit(app.deps.db, actorOf(admin, request.ip), {
        action: 'refused',
        entity: 'access',
        // The route refused, and the path as it was sent (which may spell that route another way).
        changes: {
          method: request.method,
          route: `${API_PREFIX}${policy.route.path}`,
          path: (request.url.split('?', 1)[0] ?? '').slice(0, 200),
        },
      })
      return reply.code(403).send(errorBody(403, OWNER_ONLY_MESSAGE))
    }
  })
}

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie', 'deps', 'route-policy'] })
