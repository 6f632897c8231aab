import { type Db, ping } from '@shop/db/client'
import { API_PREFIX, rawRoutes } from '@shop/schema/routes'
import type { FastifyInstance } from 'fastify'
import { errorBody } from '../../lib/error-body'

/**
 * A database that cannot be reached may not refuse either (a host gone from the network): the connection attempt
 * then waits for TCP to give up, minutes later. Load balancers give a check a few seconds, so the check gives
 * the database less and answers "down" itself.
 */
const PING_TIMEOUT_MS = 2000

async function pingWithin(db: Db, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The database did not answer within ${timeoutMs} ms`)), timeoutMs)
  })
  try {
    await Promise.race([ping(db), timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * GET /api/health, for load balancers and uptime checks: 200 `{ status: 'ok' }` when the database answers, else
 * 503 `{ status: 'down' }` with the API's error fields, for as long as it does not.
 */
export async function healthRoutes(app: FastifyInstance) {
  // Cache-Control: no-store comes from the route table (rawRoutes.health.cache).
  app.get(`${API_PREFIX}${rawRoutes.health.path}`, async (request, reply) => {
    try {
      await pingWithin(app.deps.db, PING_TIMEOUT_MS)
      return reply.send({ status: 'ok' })
    } catch (error) {
      request.log.error({ err: error }, 'health check: database does not answer')
      return reply.code(503).send({ status: 'down', ...errorBody(503, 'The database does not answer') })
    }
  })
}
