import type { Order } from '@shop/schema/orders'
import type { Product } from '@shop/schema/products'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfText } from '../../testing/pdf-text'
import { createTestApp, type TestApp } from '../../testing/test-app'

// The spec's visitor sees "Shipping Free", tax $0.00 and a total equal to the sum of the lines; the demo shop must
// behave that way out of the box. Shipping charges and tax are the owner's to turn on (decision 0016).
describe('the demo shop ships free and charges no tax until the owner turns them on', () => {
  let t: TestApp
  let token: string
  let cuff: Product

  beforeAll(async () => {
    t = await createTestApp({ seed: true })
    token = await t.login()
    const listed = (await t.request({ method: 'GET', url: '/api/products?q=BRA-2031' })).json<Product[]>()
    const found = listed.find((product) => product.sku === 'BRA-2031')
    if (!found) throw new Error('the demo has no Psalm 23 Engraved Cuff (BRA-2031)')
    cuff = found
  })
  afterAll(() => t.close())

  /** Exactly what the spec's storefront sends: its own prices, a total as a string, a client order number. */
  const specOrder = (overrides: Record<string, unknown> = {}) => ({
    customerName: 'Clare Offredi',
    customerEmail: `clare-${Math.random().toString(36).slice(2)}@example.com`,
    customerAddress: '3 Cloister Way, Nashville, TN 37203, USA',
    notes: 'Please gift wrap',
    items: [
      {
        productId: cuff.id,
        name: cuff.name,
        price: Number(cuff.price),
        quantity: 2,
        sku: cuff.sku,
        imageUrl: cuff.imageUrls[0],
      },
    ],
    total: '136.00',
    orderNumber: 'ORD-4821',
    ...overrides,
  })

  it("charges a spec client's order exactly the sum of its lines", async () => {
    expect(cuff.price).toBe('68.00')
    const response = await t.request({ method: 'POST', url: '/api/orders', json: specOrder() })
    expect(response.statusCode).toBe(201)
    const order = response.json<Order>()
    expect(order.total).toBe('136.00')
    expect(order.charges).toMatchObject({
      subtotal: '136.00',
      discount: '0.00',
      shipping: '0.00',
      shippingMethod: null,
      tax: '0.00',
    })
  })

  it('prints Shipping $0.00 and Tax $0.00 on the invoice of that order', async () => {
    const order = (await t.request({ method: 'POST', url: '/api/orders', json: specOrder() })).json<Order>()
    const invoice = await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}/invoice`, token })
    expect(invoice.statusCode).toBe(200)
    const text = pdfText(invoice.rawPayload)
    expect(text).toContain('Subtotal $136.00')
    expect(text).toContain('Shipping $0.00')
    expect(text).toContain('Tax $0.00')
    expect(text).toContain('Total $136.00')
  })

  it('quotes free shipping and no tax for any address, one outside the shop country included', async () => {
    const quote = (body: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: '/api/orders/quote',
        json: { items: [{ productId: cuff.id, quantity: 2 }], ...body },
      })
    for (const address of [{}, { country: 'US', region: 'TN' }, { country: 'FR' }]) {
      const response = await quote(address)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({
        subtotal: '136.00',
        shipping: '0.00',
        shippingMethod: null,
        shippingMethods: [],
        tax: '0.00',
        total: '136.00',
      })
    }
    // No zone covers France, and the order is still taken, shipping free.
    const abroad = await t.request({ method: 'POST', url: '/api/orders', json: specOrder({ country: 'FR' }) })
    expect(abroad.statusCode).toBe(201)
    expect(abroad.json<Order>()).toMatchObject({ total: '136.00', charges: { shipping: '0.00', tax: '0.00' } })
  })

  it('keeps the demo code WELCOME10 and the product page promise of free shipping over $500', async () => {
    const quote = await t.request({
      method: 'POST',
      url: '/api/orders/quote',
      json: { items: [{ productId: cuff.id, quantity: 2 }], discountCode: 'welcome10' },
    })
    expect(quote.json()).toMatchObject({ discount: '13.60', discountApplied: true, tax: '0.00', total: '122.40' })
    const shop = (await t.request({ method: 'GET', url: '/api/shop' })).json()
    expect(shop.freeShippingOver).toBe('500.00')
  })

  it('leaves Settings with no shipping zones and no tax rates for the owner to add', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/shipping-zones', token })).json()).toEqual([])
    expect((await t.request({ method: 'GET', url: '/api/admin/tax-rates', token })).json()).toEqual([])
  })
})
