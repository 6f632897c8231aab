/**
 * An order is priced by the money rules kept in memory, without first asking the change feed whether every
 * notice of another process has been heard; its batch compares the count of published changes kept with the
 * rules against the one its read sees, and reads the rules again where it moved. Here the rules are kept before
 * an admin changes the tax rate, as a process would keep them whose change notice had not yet been heard. Runs in
 * the postgres test project only: an SQLite file has one process, which empties its memory before answering.
 */
import { insertProduct } from '@shop/db/testing/factories'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { submitOrder } from './order-writer'

const buyer = {
  customerName: 'Hannah Lee',
  customerEmail: 'hannah@example.com',
  customerAddress: '8 Cedar Lane, Columbus, OH 43004, USA',
  notes: null,
  country: 'US',
  region: 'OH',
}

describe('an order priced by money rules kept before another change was heard', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp()
    token = await t.login()
    if (!('postgresUrl' in t.config.database)) throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL)')
  })
  afterAll(() => t.close())

  it('is priced by the tax rate saved after the rules were kept, every time', async () => {
    const product = await insertProduct(t.db, { price: 100, stock: 50 })
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/tax-rates',
      token,
      json: { name: 'Ohio tax', country: 'US', region: 'OH', rate: '5' },
    })
    expect(created.statusCode).toBe(201)
    const { moneyRules } = t.app.deps
    let savedBp = 500
    for (const [rate, total] of [
      ['6', '212.00'],
      ['7.25', '214.50'],
      ['8', '216.00'],
    ]) {
      const kept = await moneyRules.getKept(t.db)
      const changed = await t.request({
        method: 'PUT',
        url: `/api/admin/tax-rates/${created.json().id}`,
        token,
        json: { name: 'Ohio tax', country: 'US', region: 'OH', rate },
      })
      expect(changed.statusCode).toBe(200)
      // What was kept is the rate before the change.
      expect(kept.rules.taxRates.find((taxRate) => taxRate.id === created.json().id)?.rateBp).toBe(savedBp)
      savedBp = Math.round(Number(rate) * 100)
      const order = await submitOrder(
        t.db,
        { ...buyer, items: [{ productId: product.id, quantity: 2 }] },
        { kept, read: moneyRules.read },
      )
      expect(order.total).toBe(total)
      expect(order.charges.tax).toBe(String((2 * Number(rate)).toFixed(2)))
    }
  })
})
