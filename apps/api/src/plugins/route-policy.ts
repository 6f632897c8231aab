import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type RoutePolicy, routePolicyOf } from '../lib/route-policy'

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request's policy from the route table, read by the auth guard and the catalog cache. Set by the first
     * onRequest hook of this plugin; undefined only for a request refused before any hook runs (a malformed URL).
     */
    routePolicy: RoutePolicy | undefined
  }
}

/**
 * Decides each request's policy once, from its URL as it arrives (the tRPC adapter rewrites request.url later),
 * and applies the Cache-Control rule: answers that carry session tokens, reset links or back-office data (every
 * /api/admin/* and /api/auth/* answer, and the health check) are `no-store`, so no browser or proxy keeps a copy.
 */
async function routePolicyPlugin(app: FastifyInstance) {
  app.decorateRequest('routePolicy', undefined)
  app.addHook('onRequest', async (request, reply) => {
    const policy = routePolicyOf(request.method, request.url)
    request.routePolicy = policy
    if (policy.cache === 'no-store') reply.header('cache-control', 'no-store')
  })
}

export const routePolicy = fp(routePolicyPlugin, { name: 'route-policy' })
