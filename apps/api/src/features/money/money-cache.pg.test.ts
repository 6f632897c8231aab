/**
 * The money settings cache with two API processes on one PostgreSQL database: a change the admin makes through one
 * process is what the other quotes and charges at once (the change feed empties its cache before the write's
 * answer is sent). Runs in the postgres test project only; an SQLite file has one process.
 */
import { insertProduct } from '@shop/db/testing/factories'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

describe('money settings across processes', () => {
  let first: TestApp
  let second: TestApp
  beforeAll(async () => {
    first = await createTestApp()
    second = await createTestApp({ database: first.database })
  })
  afterAll(async () => {
    await second.close()
    await first.close()
  })

  it('a zone and a rate set through one process are charged by the other at once', async () => {
    const token = await first.login()
    const product = await insertProduct(first.db, { price: 100, stock: 10 })
    const items = [{ productId: product.id, quantity: 1 }]
    const quote = async () =>
      (await second.request({ method: 'POST', url: '/api/orders/quote', json: { items } })).json()
    // The second process has cached the settings: none yet.
    expect(await quote()).toMatchObject({ shipping: '0.00', tax: '0.00', total: '100.00' })

    const zone = await first.request({
      method: 'POST',
      url: '/api/admin/shipping-zones',
      token,
      json: { name: 'Home', areas: ['US'], methods: [{ name: 'Post', price: '7.00' }] },
    })
    expect(zone.statusCode).toBe(201)
    expect(await quote()).toMatchObject({ shipping: '7.00', total: '107.00' })

    const rate = await first.request({
      method: 'POST',
      url: '/api/admin/tax-rates',
      token,
      json: { name: 'Tax', country: 'US', rate: '10' },
    })
    expect(rate.statusCode).toBe(201)
    const order = await second.request({
      method: 'POST',
      url: '/api/orders',
      json: {
        customerName: 'Ruth Miller',
        customerEmail: 'ruth@example.com',
        customerAddress: '4 Vine Street, Dayton, OH 45402, USA',
        items,
        total: '117.00',
      },
    })
    expect(order.statusCode).toBe(201)
    expect(order.json().charges).toMatchObject({ shipping: '7.00', tax: '10.00' })
  })
})

describe('money settings through a stream of orders', () => {
  let first: TestApp
  let second: TestApp
  beforeAll(async () => {
    first = await createTestApp()
    second = await createTestApp({ database: first.database })
  })
  afterAll(async () => {
    await second.close()
    await first.close()
  })

  it('orders, which move only stock, leave the settings in memory; a settings write empties them everywhere', async () => {
    const token = await first.login()
    const product = await insertProduct(first.db, { price: 100, stock: 10 })
    const items = [{ productId: product.id, quantity: 1 }]
    const rate = await first.request({
      method: 'POST',
      url: '/api/admin/tax-rates',
      token,
      json: { name: 'Tax', country: 'US', rate: '10' },
    })
    expect(rate.statusCode).toBe(201)
    const taxQuoted = async (app: TestApp) =>
      (await app.request({ method: 'POST', url: '/api/orders/quote', json: { items } })).json().tax
    expect([await taxQuoted(first), await taxQuoted(second)]).toEqual(['10.00', '10.00'])

    // Written straight into the table, as no route writes it: only a reader of the database would see it.
    await first.db.updateTable('tax_rates').set({ rate_bp: 2000 }).execute()
    for (const app of [first, second, first]) {
      const order = await app.request({
        method: 'POST',
        url: '/api/orders',
        json: {
          customerName: 'Ruth Miller',
          customerEmail: 'ruth@example.com',
          customerAddress: '4 Vine Street, Dayton, OH 45402, USA',
          items,
        },
      })
      expect(order.statusCode).toBe(201)
      expect(order.json().charges).toMatchObject({ tax: '10.00' })
    }
    // The stock the orders took is what both processes show.
    for (const app of [first, second]) {
      expect((await app.request({ method: 'GET', url: `/api/products/${product.id}` })).json().stock).toBe(7)
    }
    expect([await taxQuoted(first), await taxQuoted(second)]).toEqual(['10.00', '10.00'])

    // Any write of the settings (here a zone) empties every process's copy: the table's 20% is charged.
    const zone = await first.request({
      method: 'POST',
      url: '/api/admin/shipping-zones',
      token,
      json: { name: 'Home', areas: ['US'], methods: [{ name: 'Post', price: '0.00' }] },
    })
    expect(zone.statusCode).toBe(201)
    expect([await taxQuoted(first), await taxQuoted(second)]).toEqual(['20.00', '20.00'])
  })
})
