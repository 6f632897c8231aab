import { ping } from '@shop/db/client'
import { API_PREFIX, rawRoutes } from '@shop/schema/routes'
import type { FastifyInstance } from 'fastify'
import { errorBody } from '../../plugins/errors'

/** GET /api/health: 200 only when the database answers, for load balancers and uptime checks. */
export async function healthRoutes(app: FastifyInstance) {
  app.get(`${API_PREFIX}${rawRoutes.health.path}`, async (request, reply) => {
    try {
      await ping(app.deps.db)
      return reply.header('cache-control', 'no-store').send({ status: 'ok' })
    } catch (error) {
      request.log.error({ err: error }, 'health check: database does not answer')
      return reply.code(503).send(errorBody(503, 'The database does not answer'))
    }
  })
}
