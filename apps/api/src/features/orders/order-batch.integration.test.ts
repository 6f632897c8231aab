import { rebuildSalesSummary } from '@shop/db/sales-summary'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saleShop, summaryOf } from '../../testing/sale-shop'
import { createTestApp, type TestApp } from '../../testing/test-app'

/**
 * What an order placed through the group commit (order-writer.ts) must find done when its answer arrives, whatever
 * else its batch holds: it is found by the admin's search, the dashboard's summary counts it exactly as a recount
 * of the orders does, its two mails wait in the outbox once each, and its key opens its own guest page only.
 */

const ORDERS = 24
const CODE = 'BATCH10'

type Placed = {
  id: number
  orderNumber: string
  accessKey: string
  customerEmail: string
  total: string
  items: Array<{ productId: number; variantId: number; quantity: number }>
}

// The UUID of version 7 the outbox gives every mail (outbox-mails.ts newMessageId).
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('a mixed batch of orders placed together', () => {
  let t: TestApp
  let token: string
  let plain: { id: number }
  let ring: { id: number; variants: Array<{ id: number }> }
  let express: number
  let placed: Placed[]

  beforeAll(async () => {
    t = await createTestApp()
    token = await t.login()
    const sale = await saleShop(t, token, CODE)
    plain = sale.pendant
    ring = sale.ring
    express = sale.express

    // Every kind of order at once: plain, a variant, a code, a shipping method, and all of these together.
    const responses = await Promise.all(
      Array.from({ length: ORDERS }, (_, i) => {
        const variant = i % 3 === 1 ? ring.variants[i % 2] : undefined
        return t.request({
          method: 'POST',
          url: '/api/orders',
          json: {
            customerName: `Batch Buyer ${i}`,
            customerEmail: `batch-${i}@example.com`,
            customerAddress: '1 Batch Street, Austin, TX 78701',
            items: [
              variant
                ? { productId: ring.id, variantId: variant.id, quantity: 1 + (i % 2) }
                : { productId: plain.id, quantity: 1 },
            ],
            ...(i % 4 === 2 ? { discountCode: CODE.toLowerCase() } : {}),
            ...(i % 5 === 3 ? { country: 'US', region: 'TX', shippingMethodId: express } : {}),
          },
        })
      }),
    )
    for (const response of responses) expect(response.statusCode, response.body).toBe(201)
    placed = responses.map((response) => response.json<Placed>())
  })

  afterAll(async () => {
    await t.close()
  })

  it('finds each order by the admin search the moment it is placed', async () => {
    for (const order of placed) {
      for (const q of [order.orderNumber, order.customerEmail]) {
        const response = await t.request({ method: 'GET', url: `/api/admin/orders?q=${encodeURIComponent(q)}`, token })
        expect(response.statusCode).toBe(200)
        expect(response.json<Array<{ id: number }>>().map((found) => found.id)).toEqual([order.id])
      }
    }
  })

  it('keeps the sales summary equal to a recount of the orders', async () => {
    const kept = await summaryOf(t)
    expect(kept.days.reduce((sum, day) => sum + Number(day.order_count), 0)).toBe(ORDERS)
    await rebuildSalesSummary(t.db)
    expect(await summaryOf(t)).toEqual(kept)
  })

  it("queues the buyer's confirmation and the owner's notification once per order, with ids in time order", async () => {
    const mails = await t.db
      .selectFrom('outbox')
      .select(['order_id', 'kind', 'recipient', 'message_id'])
      .where(
        'order_id',
        'in',
        placed.map((order) => order.id),
      )
      .execute()
    expect(mails).toHaveLength(2 * ORDERS)
    // A new shop notifies its own address (Settings).
    const owner = (await t.db.selectFrom('shop_settings').select('email').executeTakeFirstOrThrow()).email
    for (const order of placed) {
      const own = mails
        .filter((mail) => mail.order_id === order.id)
        .map((mail) => [mail.kind, mail.recipient])
        .sort()
      expect(own).toEqual([
        ['order_placed', order.customerEmail],
        ['order_received', owner],
      ])
    }
    const ids = mails.map((mail) => mail.message_id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(UUID_V7)
  })

  it("opens each order's guest page with its own key, and no other order's", async () => {
    for (const [i, order] of placed.entries()) {
      const own = await t.request({ method: 'GET', url: `/api/orders/${order.orderNumber}?key=${order.accessKey}` })
      expect(own.statusCode).toBe(200)
      const other = placed[(i + 1) % placed.length] as Placed
      const wrong = await t.request({ method: 'GET', url: `/api/orders/${order.orderNumber}?key=${other.accessKey}` })
      expect(wrong.statusCode).toBe(404)
    }
  })

  it('takes the stock and counts the code uses of exactly the orders placed', async () => {
    const units = (productId: number, variantId?: number) =>
      placed
        .flatMap((order) => order.items)
        .filter((item) => item.productId === productId && (variantId === undefined || item.variantId === variantId))
        .reduce((sum, item) => sum + item.quantity, 0)
    const stock = await t.db.selectFrom('product_variants').select(['id', 'stock']).execute()
    const stockOf = (id: number) => stock.find((row) => row.id === id)?.stock
    const [size6, size7] = ring.variants as [{ id: number }, { id: number }]
    expect(units(ring.id)).toBeGreaterThan(0)
    expect(stockOf(size6.id)).toBe(1000 - units(ring.id, size6.id))
    expect(stockOf(size7.id)).toBe(1000 - units(ring.id, size7.id))
    const plainVariant = (
      await t.db
        .selectFrom('product_variants')
        .select('id')
        .where('product_id', '=', plain.id)
        .executeTakeFirstOrThrow()
    ).id
    expect(stockOf(plainVariant)).toBe(1000 - units(plain.id))
    const code = await t.db
      .selectFrom('discount_codes')
      .select('uses')
      .where('code', '=', CODE)
      .executeTakeFirstOrThrow()
    expect(Number(code.uses)).toBe(placed.filter((_, i) => i % 4 === 2).length)
  })
})
