import { ZCreateOrderInput } from '@shop/schema/orders'
import { API_PREFIX, routes } from '@shop/schema/routes'
import type { FastifyInstance } from 'fastify'
import { errorBody, invalidInputBody, NOT_JSON_MESSAGE } from '../../lib/error-body'
import { createOrder } from './orders.service'

/**
 * POST /api/orders, the route every sale goes through, answered by Fastify itself instead of through tRPC and its
 * OpenAPI adapter (docs/decisions/0022-orders-outside-trpc.md): the same schema checks the same input, the same
 * service places the order, and the answer and every refusal are the ones the procedure `orders.create` gives and
 * the OpenAPI document describes (orders.integration.test.ts asks both). Its layers (the adapter, tRPC's
 * middlewares, zod checking the answer the server just built) cost a fifth of an order's CPU.
 */
export async function placeOrderRoute(app: FastifyInstance) {
  const { method, path } = routes['orders.create']
  app.route({
    method,
    url: `${API_PREFIX}${path}`,
    handler: async function placeOrder(request, reply) {
      const type = request.headers['content-type']
      if (type !== undefined && !type.startsWith('application/json')) {
        return reply.code(415).send(errorBody(415, NOT_JSON_MESSAGE))
      }
      // As the adapter reads a body: its own fields, so that a bodiless call or one whose body is not an object
      // (null, an array) is refused field by field.
      const parsed = ZCreateOrderInput.safeParse({ ...(request.body as object | undefined) })
      if (!parsed.success) return reply.code(400).send(invalidInputBody(parsed.error.issues))
      const order = await createOrder(app.deps, parsed.data, request.ip, () => app.catalogCache.publishChange('stock'))
      // The service's PlacedOrder is the answer's shape exactly (a test holds it to ZPlacedOrder, key for key).
      return reply.code(201).type('application/json').send(JSON.stringify(order))
    },
  })
}
