import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findTotals } from '../dashboard/sales-summary'
import * as orders from '../orders/orders.repository'
import { createTestDb, type TestDb } from '../testing/create-test-db'
import { FILLER_EMAIL_DOMAIN, fillOrders } from './fill-orders'
import { seedDemo } from './seed'

describe('fillOrders', () => {
  let testDb: TestDb
  let uploadsDir: string
  let demoOrders: number

  beforeAll(async () => {
    testDb = await createTestDb()
    uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-fill-uploads-'))
    await seedDemo(testDb.db, { uploadsDir })
    demoOrders = (await orders.findMany(testDb.db)).length
    await fillOrders(testDb.db, { count: 2_500, days: 30 })
  })

  afterAll(async () => {
    await testDb?.cleanup()
    if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true })
  })

  it('adds the orders asked for to the demo shop, numbered after its own, within the last days asked for', async () => {
    const { db } = testDb
    const rows = await db.selectFrom('orders').selectAll().orderBy('id').execute()
    expect(rows).toHaveLength(demoOrders + 2_500)
    const filled = rows.filter((row) => row.customer_email.endsWith(`@${FILLER_EMAIL_DOMAIN}`))
    expect(filled).toHaveLength(2_500)
    const numbers = new Set(rows.map((row) => row.order_number))
    expect(numbers.size).toBe(rows.length)
    const times = filled.map((row) => Date.parse(row.created_at))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(Date.now() - (times[0] as number)).toBeLessThanOrEqual(30 * 86_400_000)
    expect(new Set(filled.map((row) => row.status))).toEqual(
      new Set(['pending', 'processing', 'completed', 'cancelled']),
    )
  })

  it("gives every order one to three lines whose prices add up to the order's total", async () => {
    const { db } = testDb
    const sums = await db
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .select(['orders.id', 'orders.total_cents'])
      .select((eb) => [
        eb.fn.countAll<number>().as('lines'),
        eb.fn.sum<number>(eb('order_items.price_cents', '*', eb.ref('order_items.quantity'))).as('sum'),
      ])
      .where('orders.customer_email', 'like', `%@${FILLER_EMAIL_DOMAIN}`)
      .groupBy(['orders.id', 'orders.total_cents'])
      .execute()
    expect(sums).toHaveLength(2_500)
    for (const order of sums) {
      expect(Number(order.lines)).toBeGreaterThanOrEqual(1)
      expect(Number(order.lines)).toBeLessThanOrEqual(3)
      expect(Number(order.sum)).toBe(order.total_cents)
    }
  })

  it('shows the new orders in the admin list, newest first', async () => {
    const [newest] = await orders.findMany(testDb.db, { limit: 1 })
    expect(newest?.customerEmail).toMatch(new RegExp(`@${FILLER_EMAIL_DOMAIN}$`))
  })

  it("counts the filled orders in the dashboard's summary", async () => {
    const { rows } = await sql<{ orders: number; revenue: number; paid: number; customers: number }>`select
      count(*) as orders,
      sum(case when status <> 'cancelled' then total_cents else 0 end) as revenue,
      sum(paid_cents - refunded_cents) as paid,
      count(distinct lower(customer_email)) as customers from orders`.execute(testDb.db)
    expect(await findTotals(testDb.db)).toEqual({
      orderCount: Number(rows[0]?.orders),
      revenueCents: Number(rows[0]?.revenue),
      paidCents: Number(rows[0]?.paid),
      customerCount: Number(rows[0]?.customers),
    })
  })

  it('refuses a database that holds a real order, and adds nothing', async () => {
    const { db } = testDb
    await db
      .updateTable('orders')
      .set({ customer_email: 'buyer@shop.test' })
      .where('id', '=', (eb) => eb.selectFrom('orders').select((e) => e.fn.min('id').as('id')))
      .execute()
    const before = (
      await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n
    await expect(fillOrders(db, { count: 10 })).rejects.toThrow(/holds real orders/)
    const after = (
      await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n
    expect(Number(after)).toBe(Number(before))
  })
})
