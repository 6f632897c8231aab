import * as ordersRepo from '@shop/db/orders'
import { insertProduct } from '@shop/db/testing/factories'
import type { Product } from '@shop/schema/products'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

// The probe's address: Los Angeles, with a region the United States does not have.
const customer = {
  customerName: 'Mary Jones',
  customerEmail: 'mary@example.com',
  customerAddress: 'Los Angeles, CA 90012, US',
}
const UNKNOWN_REGION = 'Region "ZZ" is not a state or region of US: use its ISO 3166-2 code (such as AK) or its name'

describe('the region of a quote and an order is a state of its country', () => {
  let t: TestApp
  let token: string
  let ring: Product
  beforeAll(async () => {
    t = await createTestApp()
    token = await t.login()
    ring = await insertProduct(t.db, { name: 'Faith Ring', price: 100, stock: 10, sku: 'RIN-REGION' })
    const settings = { currency: 'USD', defaultCountry: 'US', pricesIncludeTax: false }
    for (const [url, json] of [
      ['/api/admin/settings/money', settings],
      ['/api/admin/tax-rates', { name: 'Sales tax', country: 'US', rate: '5' }],
      ['/api/admin/tax-rates', { name: 'California tax', country: 'US', region: 'CA', rate: '10' }],
    ] as const) {
      const response = await t.request({ method: url.endsWith('money') ? 'PUT' : 'POST', url, token, json })
      expect(response.statusCode, response.body).toBeLessThan(300)
    }
  })
  afterAll(() => t.close())

  const quote = (body: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: '/api/orders/quote',
      json: { items: [{ productId: ring.id, quantity: 1 }], ...body },
    })
  const placeOrder = (body: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: '/api/orders',
      json: { ...customer, items: [{ productId: ring.id, quantity: 1 }], ...body },
    })
  const stockOf = async (id: number) =>
    (await t.request({ method: 'GET', url: `/api/admin/products/${id}`, token })).json().stock as number
  const orderCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('refuses a quote for a region its country does not have, naming the field', async () => {
    const named = await quote({ country: 'US', region: 'ZZ' })
    expect(named.statusCode).toBe(400)
    expect(named.json().message).toBe(`region: ${UNKNOWN_REGION}`)
    // No country: the shop's default country (US) is the one the region must belong to.
    const byDefault = await quote({ region: 'zz' })
    expect(byDefault.statusCode).toBe(400)
    expect(byDefault.json().message).toBe(UNKNOWN_REGION.replace('"ZZ"', '"zz"'))
  })

  it('refuses an order for a region its country does not have: nothing is stored, the stock is unchanged', async () => {
    const ordersBefore = await orderCount()
    const named = await placeOrder({ country: 'US', region: 'ZZ' })
    expect(named.statusCode).toBe(400)
    expect(named.json().message).toBe(`region: ${UNKNOWN_REGION}`)
    const byDefault = await placeOrder({ region: 'ZZ' })
    expect(byDefault.statusCode).toBe(400)
    expect(byDefault.json().message).toBe(UNKNOWN_REGION)
    expect(await orderCount()).toBe(ordersBefore)
    expect(await stockOf(ring.id)).toBe(10)
  })

  it('taxes a state at its own rate and stores its code in capitals, as the quote showed', async () => {
    const shown = await quote({ country: 'us', region: 'ca' })
    expect(shown.statusCode).toBe(200)
    // 10% of 100.00.
    expect(shown.json()).toMatchObject({ tax: '10.00', taxName: 'California tax', total: '110.00', region: 'CA' })
    // The state's full code and its name are the same state.
    expect((await quote({ region: 'US-CA' })).json()).toMatchObject({ tax: '10.00', region: 'CA' })
    expect((await quote({ region: 'California' })).json()).toMatchObject({ tax: '10.00', region: 'CA' })

    const placed = await placeOrder({ country: 'US', region: 'ca', expectedTotal: shown.json().total })
    expect(placed.statusCode).toBe(201)
    expect(placed.json().charges).toMatchObject({ tax: '10.00', country: 'US', region: 'CA' })
    const stored = (await t.request({ method: 'GET', url: `/api/admin/orders/${placed.json().id}`, token })).json()
    expect(stored.total).toBe('110.00')
    expect(stored.charges).toMatchObject({ tax: '10.00', country: 'US', region: 'CA' })
    expect(await stockOf(ring.id)).toBe(9)
  })

  it("takes an order without a region, as the spec's client sends it, at the country's rate", async () => {
    const placed = await placeOrder({
      items: [{ productId: ring.id, quantity: 1, name: 'Faith Ring', price: 100, sku: 'RIN-REGION', imageUrl: null }],
      total: '100.00',
      orderNumber: 'ORD-1234',
      notes: null,
    })
    expect(placed.statusCode).toBe(201)
    expect(placed.json().total).toBe('105.00')
    expect(placed.json().charges).toMatchObject({ tax: '5.00', country: 'US', region: null })
  })

  it('still reads an order stored before with a region its country does not have', async () => {
    const old = await t.db.transaction().execute((tx) =>
      ordersRepo.insert(tx, {
        orderNumber: 'OLD-ZZ',
        ...customer,
        notes: null,
        status: 'pending',
        totalCents: 10_500,
        money: {
          subtotalCents: 10_000,
          discountCents: 0,
          shippingCents: 0,
          taxCents: 500,
          taxIncluded: false,
          discountCode: null,
          shippingMethod: null,
          country: 'US',
          region: 'ZZ',
        },
        items: [
          {
            productId: ring.id,
            variantId: ring.variants[0]?.id ?? null,
            name: ring.name,
            sku: ring.sku,
            priceCents: 10_000,
            quantity: 1,
            imageUrl: null,
            variantLabel: null,
            personalization: [],
            leadTime: null,
          },
        ],
      }),
    )
    const detail = await t.request({ method: 'GET', url: `/api/admin/orders/${old.id}`, token })
    expect(detail.statusCode).toBe(200)
    expect(detail.json().charges).toMatchObject({ tax: '5.00', country: 'US', region: 'ZZ' })
    const invoice = await t.request({ method: 'GET', url: `/api/admin/orders/${old.id}/invoice`, token })
    expect(invoice.statusCode).toBe(200)
    // Its status can still change: nothing prices it again.
    const status = await t.request({
      method: 'PATCH',
      url: `/api/admin/orders/${old.id}/status`,
      token,
      json: { status: 'processing', notifyCustomer: false },
    })
    expect(status.statusCode).toBe(200)
  })

  it('matches a tax rate and a zone the owner named by the state’s name, as orders now carry its code', async () => {
    const created = []
    for (const [url, json] of [
      ['/api/admin/tax-rates', { name: 'Texas tax', country: 'US', region: 'Texas', rate: '7' }],
      [
        '/api/admin/shipping-zones',
        { name: 'Lone Star', areas: ['US-Texas'], methods: [{ name: 'Texan courier', price: '4.00' }] },
      ],
      [
        '/api/admin/shipping-zones',
        { name: 'Rest of the US', areas: ['US'], methods: [{ name: 'Post', price: '9.00' }] },
      ],
    ] as const) {
      const response = await t.request({ method: 'POST', url, token, json })
      expect(response.statusCode, response.body).toBe(201)
      created.push(`${url}/${response.json().id}`)
    }
    try {
      for (const region of ['TX', 'tx', 'US-TX', 'Texas']) {
        const answer = await quote({ country: 'US', region })
        expect(answer.statusCode, region).toBe(200)
        expect(answer.json(), region).toMatchObject({
          shipping: '4.00',
          tax: '7.00',
          shippingMethod: { name: 'Texan courier' },
        })
      }
      expect((await quote({ country: 'US', region: 'OR' })).json()).toMatchObject({ shipping: '9.00', tax: '5.00' })
    } finally {
      for (const url of created) await t.request({ method: 'DELETE', url, token })
    }
  })
})

describe("the spec's client in a shop without money settings", () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('is charged the sum of its lines, with no region sent or stored', async () => {
    const ring = await insertProduct(t.db, { name: 'Faith Ring', price: 89.5, stock: 5, sku: 'RIN-SPEC' })
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: {
        ...customer,
        notes: '',
        items: [{ productId: ring.id, name: 'Faith Ring', price: 89.5, quantity: 2, sku: 'RIN-SPEC', imageUrl: null }],
        total: '179.00',
        orderNumber: 'ORD-4821',
      },
    })
    expect(placed.statusCode).toBe(201)
    expect(placed.json().total).toBe('179.00')
    expect(placed.json().charges).toMatchObject({ tax: '0.00', shipping: '0.00', country: 'US', region: null })
  })
})
