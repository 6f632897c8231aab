import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fillOrders } from '../seed/fill-orders'
import { seedDemo } from '../seed/seed'
import { createTestDb, type TestDb } from '../testing/create-test-db'
import { findPage, type OrderPageOptions, remove, updateStatus } from './orders.repository'

/** The orders of the last 40 days, counted and ordered here from every row, to compare the pages with. */
describe('orders pages and their counts', () => {
  let testDb: TestDb
  let uploadsDir: string

  beforeAll(async () => {
    testDb = await createTestDb()
    uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-order-pages-'))
    await seedDemo(testDb.db, { uploadsDir })
    await fillOrders(testDb.db, { count: 400, days: 40 })
  })

  afterAll(async () => {
    await testDb?.cleanup()
    if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true })
  })

  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)

  async function expected(filter: { status?: string; from?: string; to?: string }) {
    let query = testDb.db.selectFrom('orders').select(['id', 'created_at'])
    if (filter.status) query = query.where('status', '=', filter.status)
    if (filter.from) query = query.where('created_at', '>=', filter.from)
    if (filter.to) query = query.where('created_at', '<', filter.to)
    const rows = await query.execute()
    return rows.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id).map((row) => row.id)
  }

  async function page(options: Partial<OrderPageOptions>) {
    return findPage(testDb.db, { page: 1, pageSize: 25, sort: 'newest', ...options })
  }

  it('counts every order, and the orders of a status and of whole days, as a count of the rows would', async () => {
    const cases = [
      {},
      { from: `${day(10)}T00:00:00.000Z` },
      { to: `${day(5)}T00:00:00.000Z` },
      { from: `${day(20)}T00:00:00.000Z`, to: `${day(3)}T00:00:00.000Z` },
      { status: 'completed' as const },
      { status: 'cancelled' as const, from: `${day(30)}T00:00:00.000Z` },
      // Not whole days: counted from the rows.
      { from: `${day(10)}T12:30:00.000Z` },
      { status: 'pending' as const, to: `${day(2)}T08:00:00.000Z` },
    ]
    for (const filter of cases) {
      const ids = await expected(filter)
      const result = await page(filter)
      expect(result.total, JSON.stringify(filter)).toBe(ids.length)
      expect(result.items.map((order) => order.id)).toEqual(ids.slice(0, 25))
    }
  })

  it('keeps the count right after orders are cancelled and deleted', async () => {
    const open = await testDb.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('status', '!=', 'cancelled')
      .orderBy('id', 'desc')
      .limit(2)
      .execute()
    const [first, second] = open as [(typeof open)[number], (typeof open)[number]]
    expect(await updateStatus(testDb.db, first.id, { from: first.status as 'pending', to: 'cancelled' })).toBe(true)
    expect(await remove(testDb.db, second.id)).toBe(true)
    expect((await page({})).total).toBe((await expected({})).length)
    for (const status of ['pending', 'processing', 'completed', 'cancelled'] as const) {
      expect((await page({ status })).total, status).toBe((await expected({ status })).length)
    }
  })

  it('finds a deep page by its place in the sort', async () => {
    const ids = await expected({})
    const deep = await page({ page: 9, pageSize: 40 })
    expect(deep.items.map((order) => order.id)).toEqual(ids.slice(320, 360))
    const oldest = await page({ sort: 'oldest', page: 2, pageSize: 50 })
    expect(oldest.items.map((order) => order.id)).toEqual([...ids].reverse().slice(50, 100))
  })
})
