import { insertProduct } from '@shop/db/testing/factories'
import type { Product } from '@shop/schema/products'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfText } from '../../testing/pdf-text'
import { createTestApp, type TestApp } from '../../testing/test-app'

const customer = {
  customerName: 'Mary Jones',
  customerEmail: 'mary@example.com',
  customerAddress: '12 Oak Street, Springfield, IL 62701, USA',
}

describe('money: settings, quotes and orders', () => {
  let t: TestApp
  let token: string
  let ring: Product
  let zoneId: number
  let standardId: number
  let expressId: number
  beforeAll(async () => {
    t = await createTestApp()
    token = await t.login()
    ring = await insertProduct(t.db, { name: 'Faith Ring', price: 120, stock: 500, sku: 'RIN-MONEY' })
  })
  afterAll(() => t.close())

  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, json?: unknown) =>
    t.request({ method, url, token, json })
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

  it('a shop without money settings charges the lines only, as before', async () => {
    const response = await quote({})
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      currency: 'USD',
      subtotal: '120.00',
      discount: '0.00',
      shipping: '0.00',
      shippingMethod: null,
      shippingMethods: [],
      tax: '0.00',
      total: '120.00',
      country: 'US',
    })
  })

  it('the admin sets the currency basis, a zone with methods and tax rates', async () => {
    const settings = await admin('PUT', '/api/admin/settings/money', {
      currency: 'usd',
      defaultCountry: 'us',
      pricesIncludeTax: false,
    })
    expect(settings.statusCode).toBe(200)
    expect(settings.json()).toEqual({ currency: 'USD', defaultCountry: 'US', pricesIncludeTax: false })
    expect((await admin('GET', '/api/admin/settings/money')).json()).toEqual(settings.json())
    const refused = await admin('PUT', '/api/admin/settings/money', {
      currency: 'XYZ',
      defaultCountry: 'US',
      pricesIncludeTax: false,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toContain('ISO 4217')

    const created = await admin('POST', '/api/admin/shipping-zones', {
      name: 'Domestic',
      areas: ['us'],
      methods: [
        { name: 'Standard', price: '9.95', freeOver: '500', estimate: '3-5 business days' },
        { name: 'Express', price: 24.95 },
      ],
    })
    expect(created.statusCode).toBe(201)
    const zone = created.json()
    expect(zone).toMatchObject({
      name: 'Domestic',
      areas: ['US'],
      methods: [
        { name: 'Standard', price: '9.95', freeOver: '500.00', estimate: '3-5 business days' },
        { name: 'Express', price: '24.95', freeOver: null, estimate: null },
      ],
    })
    zoneId = zone.id
    standardId = zone.methods[0].id
    expressId = zone.methods[1].id
    // Editing keeps the methods' ids in their places.
    const edited = await admin('PUT', `/api/admin/shipping-zones/${zoneId}`, {
      name: 'Domestic',
      areas: ['US'],
      methods: [
        { name: 'Standard', price: '9.95', freeOver: '500.00', estimate: '3-5 business days' },
        { name: 'Express', price: '24.95', estimate: '1-2 business days' },
      ],
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().methods.map((method: { id: number }) => method.id)).toEqual([standardId, expressId])
    const missing = await admin('PUT', '/api/admin/shipping-zones/999999', {
      name: 'Nowhere',
      areas: ['US'],
      methods: [{ name: 'Post', price: 1 }],
    })
    expect(missing.statusCode).toBe(404)

    // California has its own zone and rate: a zone naming the state beats the country's.
    const california = await admin('POST', '/api/admin/shipping-zones', {
      name: 'California',
      areas: ['US-CA'],
      methods: [{ name: 'Courier', price: '5.00' }],
    })
    expect(california.statusCode).toBe(201)

    const tax = await admin('POST', '/api/admin/tax-rates', { name: 'Sales tax', country: 'US', rate: '8.25' })
    expect(tax.statusCode).toBe(201)
    expect(tax.json()).toMatchObject({
      name: 'Sales tax',
      country: 'US',
      region: null,
      rate: '8.25',
      appliesToShipping: false,
    })
    const caTax = await admin('POST', '/api/admin/tax-rates', {
      name: 'CA tax',
      country: 'US',
      region: 'CA',
      rate: 10,
      appliesToShipping: true,
    })
    expect(caTax.statusCode).toBe(201)
    const changed = await admin('PUT', `/api/admin/tax-rates/${caTax.json().id}`, {
      name: 'California tax',
      country: 'US',
      region: 'CA',
      rate: '10.00',
      appliesToShipping: true,
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ name: 'California tax', rate: '10.00' })
    expect((await admin('PUT', '/api/admin/tax-rates/999999', { name: 'X', country: 'US', rate: 1 })).statusCode).toBe(
      404,
    )
    expect((await admin('GET', '/api/admin/tax-rates')).json()).toHaveLength(2)
    // The product page's promise: the threshold of the zone covering the shop's country.
    const shop = (await t.request({ method: 'GET', url: '/api/shop' })).json()
    expect(shop).toMatchObject({ currency: 'USD', freeShippingOver: '500.00' })
    expect((await admin('GET', '/api/admin/shipping-zones')).json()).toHaveLength(2)
  })

  it('quotes shipping and tax by the address; the free-over threshold; an uncovered address is refused', async () => {
    const standard = await quote({})
    expect(standard.json()).toMatchObject({
      subtotal: '120.00',
      shipping: '9.95',
      shippingMethod: { id: standardId, name: 'Standard' },
      shippingMethods: [
        { id: standardId, cost: '9.95' },
        { id: expressId, cost: '24.95' },
      ],
      // 8.25% of 120.00 = 9.90
      tax: '9.90',
      taxName: 'Sales tax',
      total: '139.85',
    })
    const express = await quote({ country: 'US', shippingMethodId: expressId })
    expect(express.json()).toMatchObject({ shipping: '24.95', total: '154.85' })
    const free = await quote({ items: [{ productId: ring.id, quantity: 5 }] })
    // $600 of goods: Standard ships free; tax 8.25% of 600 = 49.50.
    expect(free.json()).toMatchObject({ subtotal: '600.00', shipping: '0.00', tax: '49.50', total: '649.50' })
    // California: its own zone (Courier $5) and rate (10% on goods and shipping: 12.50).
    const ca = await quote({ country: 'US', region: 'ca' })
    expect(ca.json()).toMatchObject({
      shipping: '5.00',
      shippingMethod: { name: 'Courier' },
      tax: '12.50',
      total: '137.50',
    })

    const abroad = await quote({ country: 'FR' })
    expect(abroad.statusCode).toBe(400)
    expect(abroad.json().message).toBe('We do not ship to FR yet. Please choose another address.')
    const wrongMethod = await quote({ region: 'CA', shippingMethodId: expressId })
    expect(wrongMethod.statusCode).toBe(400)
    expect(wrongMethod.json().message).toBe(`Shipping method ${expressId} is not offered for this address`)
    const orderAbroad = await placeOrder({ country: 'FR' })
    expect(orderAbroad.statusCode).toBe(400)
    // More than the stock: the quote says so as the order would.
    const tooMany = await quote({ items: [{ productId: ring.id, quantity: 501 }] })
    expect(tooMany.statusCode).toBe(409)
  })

  it('stores the components on the order, as quoted; the default country and first method apply', async () => {
    const shown = (await quote({})).json()
    const response = await placeOrder({ expectedTotal: shown.total })
    expect(response.statusCode).toBe(201)
    const order = response.json()
    expect(order.total).toBe('139.85')
    expect(order.charges).toEqual({
      subtotal: '120.00',
      discount: '0.00',
      discountCode: null,
      shipping: '9.95',
      shippingMethod: 'Standard',
      tax: '9.90',
      taxIncluded: false,
      country: 'US',
      region: null,
    })
    const stored = (await admin('GET', `/api/admin/orders/${order.id}`)).json()
    expect(stored.charges).toEqual(order.charges)
    expect(stored.total).toBe('139.85')
  })

  it("ignores the spec client's total: the lines' sum is stored as the server's total", async () => {
    const response = await placeOrder({ total: '120.00' })
    expect(response.statusCode).toBe(201)
    expect(response.json().total).toBe('139.85')
  })

  it("refuses an expected total that is not the server's with 409 and the new total; nothing is stored", async () => {
    const before = (await admin('GET', '/api/admin/orders')).json().length
    // Tampered: the lines' sum without shipping and tax.
    const tampered = await placeOrder({ expectedTotal: '120.00' })
    expect(tampered.statusCode).toBe(409)
    expect(tampered.json().message).toBe(
      'The order total is now $139.85, not $120.00: a price, the shipping, the tax or the discount changed. Please review your order and place it again.',
    )
    expect(tampered.headers['x-order-total']).toBe('139.85')
    const nonsense = await placeOrder({ expectedTotal: 'free' })
    expect(nonsense.statusCode).toBe(409)
    expect(nonsense.json().message).toContain('not "free"')

    // The quote changed between display and order: the price was edited meanwhile.
    const shown = (await quote({})).json()
    await t.db.updateTable('product_variants').set({ price_cents: 13000 }).where('product_id', '=', ring.id).execute()
    await t.db.updateTable('products').set({ price_cents: 13000 }).where('id', '=', ring.id).execute()
    const changed = await placeOrder({ expectedTotal: shown.total })
    expect(changed.statusCode).toBe(409)
    // 130.00 + 9.95 + 8.25% of 130.00 (10.725 -> 10.73)
    expect(changed.json().message).toContain('The order total is now $150.68, not $139.85')
    expect((await admin('GET', '/api/admin/orders')).json().length).toBe(before)
    await t.db.updateTable('product_variants').set({ price_cents: 12000 }).where('product_id', '=', ring.id).execute()
    await t.db.updateTable('products').set({ price_cents: 12000 }).where('id', '=', ring.id).execute()
  })

  it('the admin manages discount codes; duplicates and unknown ids are refused', async () => {
    const created = await admin('POST', '/api/admin/discounts', {
      code: 'save12',
      kind: 'fixed',
      value: '12',
      minSubtotal: '100',
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      code: 'SAVE12',
      kind: 'fixed',
      value: '12.00',
      minSubtotal: '100.00',
      maxUses: null,
      oncePerEmail: false,
      active: true,
      uses: 0,
    })
    const duplicate = await admin('POST', '/api/admin/discounts', { code: 'SAVE12', kind: 'percent', value: 5 })
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json().message).toBe("A discount code 'SAVE12' already exists")
    const other = await admin('POST', '/api/admin/discounts', { code: 'OTHER', kind: 'percent', value: '10' })
    const renamedOntoTaken = await admin('PUT', `/api/admin/discounts/${other.json().id}`, {
      code: 'save12',
      kind: 'percent',
      value: '10',
    })
    expect(renamedOntoTaken.statusCode).toBe(409)
    const missing = await admin('PUT', '/api/admin/discounts/999999', { code: 'NEW', kind: 'percent', value: '10' })
    expect(missing.statusCode).toBe(404)
    const badPercent = await admin('POST', '/api/admin/discounts', { code: 'HALF', kind: 'percent', value: '150' })
    expect(badPercent.statusCode).toBe(400)
    expect(badPercent.json().message).toContain('A percentage can be at most 100')
    const list = (await admin('GET', '/api/admin/discounts')).json()
    expect(list.map((discount: { code: string }) => discount.code)).toEqual(['OTHER', 'SAVE12'])
  })

  it('applies a code in the quote and the order, and says why a code does not apply', async () => {
    const applied = await quote({ discountCode: 'save12' })
    expect(applied.json()).toMatchObject({
      subtotal: '120.00',
      discount: '12.00',
      discountCode: 'SAVE12',
      discountApplied: true,
      discountMessage: 'Code applied: -$12.00',
      // 8.25% of 108.00 = 8.91
      tax: '8.91',
      total: '126.86',
    })
    const unknown = (await quote({ discountCode: 'NOPE' })).json()
    expect(unknown).toMatchObject({
      discountApplied: false,
      discountMessage: 'Code NOPE does not exist',
      total: '139.85',
    })

    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ code: 'EXPIRED', endsAt: at(-1) }, 'Code EXPIRED has expired'],
      [{ code: 'LATER', startsAt: at(1) }, 'Code LATER is not valid yet'],
      [{ code: 'BIGSPEND', minSubtotal: '500' }, 'Code BIGSPEND needs a subtotal of at least $500.00'],
      [{ code: 'PAUSED', active: false }, 'Code PAUSED is no longer active'],
    ]
    for (const [fields, message] of cases) {
      const made = await admin('POST', '/api/admin/discounts', { kind: 'percent', value: '10', ...fields })
      expect(made.statusCode).toBe(201)
      expect((await quote({ discountCode: fields.code })).json()).toMatchObject({
        discountApplied: false,
        discountMessage: message,
        discount: '0.00',
      })
      // The server checks again when the order is placed.
      const order = await placeOrder({ discountCode: fields.code })
      expect(order.statusCode).toBe(409)
      expect(order.json().message).toBe(message)
    }
    expect((await placeOrder({ discountCode: 'NOPE' })).statusCode).toBe(400)

    const order = await placeOrder({ discountCode: 'Save12', expectedTotal: '126.86' })
    expect(order.statusCode).toBe(201)
    expect(order.json().charges).toMatchObject({ discount: '12.00', discountCode: 'SAVE12', tax: '8.91' })
    // The invoice prints the stored components, not constants.
    const invoice = await t.request({ method: 'GET', url: `/api/admin/orders/${order.json().id}/invoice`, token })
    expect(invoice.statusCode).toBe(200)
    const text = pdfText(invoice.rawPayload)
    expect(text).toContain('Subtotal $120.00')
    expect(text).toContain('Discount (SAVE12) -$12.00')
    expect(text).toContain('Shipping (Standard) $9.95')
    expect(text).toContain('Tax $8.91')
    expect(text).toContain('Total $126.86')
    const listed = (await admin('GET', '/api/admin/discounts')).json()
    expect(listed.find((discount: { code: string }) => discount.code === 'SAVE12').uses).toBe(1)
  })

  it('a once-per-e-mail code: once per address, whatever its case', async () => {
    await admin('POST', '/api/admin/discounts', { code: 'ONCE', kind: 'percent', value: '5', oncePerEmail: true })
    expect((await placeOrder({ discountCode: 'ONCE' })).statusCode).toBe(201)
    const again = await quote({ discountCode: 'ONCE', customerEmail: 'MARY@example.com' })
    expect(again.json().discountMessage).toBe('Code ONCE has already been used with this e-mail address')
    const order = await placeOrder({ discountCode: 'ONCE', customerEmail: 'Mary@Example.com' })
    expect(order.statusCode).toBe(409)
    expect(order.json().message).toBe('Code ONCE has already been used with this e-mail address')
    expect((await placeOrder({ discountCode: 'ONCE', customerEmail: 'john@example.com' })).statusCode).toBe(201)
  })

  it('two buyers race for the last use of a code: exactly one gets it, in this process and in another', async () => {
    const second = await createTestApp({ database: t.database })
    try {
      for (const [i, apps] of [
        [1, [t, t]],
        [2, [t, second]],
      ] as const) {
        const code = `LAST${i}`
        const made = await admin('POST', '/api/admin/discounts', { code, kind: 'fixed', value: '1', maxUses: 1 })
        expect(made.statusCode).toBe(201)
        const race = await Promise.all(
          apps.map((app, n) =>
            app.request({
              method: 'POST',
              url: '/api/orders',
              json: {
                ...customer,
                customerEmail: `racer${i}-${n}@example.com`,
                items: [{ productId: ring.id, quantity: 1 }],
                discountCode: code,
              },
            }),
          ),
        )
        expect(race.map((response) => response.statusCode).sort()).toEqual([201, 409])
        const loser = race.find((response) => response.statusCode === 409)
        expect(loser?.json().message).toBe(`Code ${code} has been used up`)
        const listed = (await admin('GET', '/api/admin/discounts')).json()
        expect(listed.find((discount: { code: string }) => discount.code === code).uses).toBe(1)
      }
    } finally {
      await second.close()
    }
  })

  it('prices that include tax: the tax is the part of the total that is tax', async () => {
    await admin('PUT', '/api/admin/settings/money', { currency: 'EUR', defaultCountry: 'US', pricesIncludeTax: true })
    const response = await quote({})
    // 120.00 + 9.95 shipping; tax inside 120.00 at 8.25% = 9.1455 -> 9.15.
    expect(response.json()).toMatchObject({ currency: 'EUR', tax: '9.15', taxIncluded: true, total: '129.95' })
    const tampered = await placeOrder({ expectedTotal: '1.00' })
    expect(tampered.json().message).toContain('€129.95')
    await admin('PUT', '/api/admin/settings/money', { currency: 'USD', defaultCountry: 'US', pricesIncludeTax: false })
  })

  it('an order that is the first request after a change of the money settings is priced by it', async () => {
    await admin('PUT', '/api/admin/settings/money', { currency: 'EUR', defaultCountry: 'US', pricesIncludeTax: true })
    // Nothing has read the settings since they changed: the order's batch reads them.
    const placed = await placeOrder({})
    expect(placed.statusCode).toBe(201)
    expect(placed.json()).toMatchObject({ total: '129.95' })
    await admin('PUT', '/api/admin/settings/money', { currency: 'USD', defaultCountry: 'US', pricesIncludeTax: false })
    const again = await placeOrder({})
    expect(again.json()).toMatchObject({ total: '139.85' })
  })

  it('deleting zones and rates: with no zone left, everything ships free again', async () => {
    for (const zone of (await admin('GET', '/api/admin/shipping-zones')).json()) {
      expect((await admin('DELETE', `/api/admin/shipping-zones/${zone.id}`)).statusCode).toBe(200)
    }
    for (const rate of (await admin('GET', '/api/admin/tax-rates')).json()) {
      expect((await admin('DELETE', `/api/admin/tax-rates/${rate.id}`)).statusCode).toBe(200)
    }
    expect((await quote({ country: 'FR' })).json()).toMatchObject({ shipping: '0.00', tax: '0.00', total: '120.00' })
    // Free everywhere again: the product page promises the spec's free shipping over $500 once more.
    expect((await t.request({ method: 'GET', url: '/api/shop' })).json().freeShippingOver).toBe('500.00')
    // A zone that always charges for shipping to the shop's country: the product page promises nothing.
    const flat = await admin('POST', '/api/admin/shipping-zones', {
      name: 'Flat',
      areas: ['US'],
      methods: [{ name: 'Post', price: '5.00' }],
    })
    expect((await t.request({ method: 'GET', url: '/api/shop' })).json().freeShippingOver).toBeNull()
    expect((await admin('DELETE', `/api/admin/shipping-zones/${flat.json().id}`)).statusCode).toBe(200)
    expect(zoneId).toBeGreaterThan(0)
  })
})
