import { insertProduct } from '@shop/db/testing/factories'
import { ZPlacedOrder } from '@shop/schema/orders'
import { TRPCError } from '@trpc/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ZodError } from 'zod'
import { appRouter } from '../../app-router'
import { AppError } from '../../lib/app-error'
import { errorBody, invalidInputBody } from '../../lib/error-body'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { createContextFactory } from '../../trpc/context'
import { procedureAudit } from '../accounts/audit-writes'

const customer = {
  customerName: 'Mary Jones',
  customerEmail: 'mary@example.com',
  customerAddress: '12 Oak Street, Springfield, IL 62701, USA',
}

/**
 * POST /api/orders is answered by a Fastify route of its own (place-order.route.ts), not by the tRPC procedure the
 * OpenAPI document is made from. Every answer must be the procedure's: the same body for an order placed, the same
 * status and message for every refusal, whatever the body is.
 */
describe('POST /api/orders outside tRPC', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  /** What the procedure answers for this body, as the adapter sends it: status and JSON body. */
  async function procedureAnswer(body: unknown): Promise<{ status: number; body: unknown }> {
    const context = createContextFactory(t.app.deps, procedureAudit, async () => {})
    // The parts of a request the procedure reads: the client's address and (none) session.
    const request = { ip: '127.0.0.1', admin: undefined } as unknown as Parameters<typeof context>[0]['req']
    const caller = appRouter.createCaller(context({ req: request, res: {} as never, info: {} as never }))
    try {
      return { status: 201, body: await caller.orders.create({ ...(body as object) } as never) }
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error
      if (error.cause instanceof ZodError) return { status: 400, body: invalidInputBody(error.cause.issues) }
      if (error.cause instanceof AppError) {
        return { status: error.cause.status, body: errorBody(error.cause.status, error.cause.message) }
      }
      throw error
    }
  }

  /** Drops what differs between two orders placed one after the other: their number, ids, key and times. */
  function comparable(order: unknown): unknown {
    return JSON.parse(
      JSON.stringify(order, (key, value) =>
        ['id', 'orderId', 'orderNumber', 'accessKey', 'createdAt', 'updatedAt', 'reference'].includes(key)
          ? '(varies)'
          : value,
      ),
    )
  }

  it('refuses every kind of body as the procedure does, and places nothing', async () => {
    const product = await insertProduct(t.db, { price: 40, stock: 2 })
    const item = { productId: product.id, quantity: 1 }
    const bodies: unknown[] = [
      undefined,
      null,
      [],
      ['a'],
      'an order',
      42,
      true,
      {},
      { ...customer },
      { ...customer, items: [] },
      { ...customer, items: 'all of them' },
      { ...customer, customerEmail: 'mary', items: [item] },
      { ...customer, customerName: 'M', customerEmail: 'x', items: [item] },
      { ...customer, items: [{ ...item, quantity: '2' }] },
      { ...customer, items: [{ ...item, quantity: 0 }] },
      { ...customer, items: [{ productId: 999_999, quantity: 1 }] },
      { ...customer, items: [{ ...item, quantity: 3 }] },
      { ...customer, items: [item], discountCode: 'NOSUCHCODE' },
      { ...customer, items: [item], expectedTotal: '1.00' },
      { ...customer, items: [item], paymentMethod: 'cheque' },
      { ...customer, items: [item], notes: 'n'.repeat(5_000) },
    ]
    for (const body of bodies) {
      const response = await t.request({
        method: 'POST',
        url: '/api/orders',
        ...(body === undefined ? {} : { json: body }),
      })
      const expected = await procedureAnswer(body)
      expect(expected.status, JSON.stringify(body)).not.toBe(201)
      expect({ status: response.statusCode, body: response.json() }, JSON.stringify(body)).toEqual(expected)
    }
    const orders = await t.db.selectFrom('orders').select('id').execute()
    expect(orders).toEqual([])
  })

  it('answers an order placed exactly as the procedure does, in the shape of the document', async () => {
    const ring = await insertProduct(t.db, { name: 'Faith Ring', price: 89.5, stock: 50 })
    const chain = await insertProduct(t.db, { name: 'Gold Chain', price: 120, stock: 50 })
    const bodies = [
      { ...customer, items: [{ productId: ring.id, quantity: 1 }] },
      {
        ...customer,
        notes: 'Gift wrap, please',
        items: [
          { productId: ring.id, quantity: 2 },
          { productId: chain.id, quantity: 1 },
          { productId: ring.id, quantity: 1 },
        ],
      },
      { ...customer, items: [{ productId: chain.id, quantity: 1 }], expectedTotal: '120.00' },
    ]
    for (const body of bodies) {
      const response = await t.request({ method: 'POST', url: '/api/orders', json: body })
      expect(response.statusCode).toBe(201)
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
      const answer = response.json()
      // Nothing beyond the document's schema, and nothing the schema would change.
      expect(answer).toEqual(ZPlacedOrder.parse(answer))
      const expected = await procedureAnswer(body)
      expect(expected.status).toBe(201)
      expect(comparable(answer)).toEqual(comparable(expected.body))
    }
  })
})
