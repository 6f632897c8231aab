/**
 * The dashboard's summary tables follow every order write (placing, several at once and on different days,
 * cancelling, reopening, deleting, deleting a product), and rebuildSalesSummary recomputes exactly what the writes
 * kept. SQLite and PostgreSQL.
 */
import type { Product } from '@shop/schema/products'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../client'
import * as ordersRepo from '../orders/orders.repository'
import * as paymentsRepo from '../payments/payments.repository'
import * as productsRepo from '../products/products.repository'
import { createTestDb, type TestDb } from '../testing/create-test-db'
import { insertProduct } from '../testing/factories'
import { findCounts } from './dashboard.repository'
import { findSalesDays, findTopProducts, findTotals, rebuildSalesSummary } from './sales-summary'

let testDb: TestDb
let db: Db
let ring: Product
let chain: Product

type Line = { product: Product; quantity: number; priceCents: number }

function newOrder(
  orderNumber: string,
  email: string,
  createdAt: string,
  lines: Line[],
  status: 'pending' | 'cancelled' = 'pending',
): ordersRepo.NewOrder {
  return {
    orderNumber,
    customerName: 'Buyer',
    customerEmail: email,
    customerAddress: null,
    notes: null,
    status,
    totalCents: lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0),
    createdAt,
    items: lines.map((line) => ({
      productId: line.product.id,
      variantId: line.product.variants[0]?.id ?? null,
      name: line.product.name,
      sku: line.product.sku,
      priceCents: line.priceCents,
      quantity: line.quantity,
      imageUrl: null,
      variantLabel: null,
      personalization: [],
      leadTime: null,
    })),
  }
}

/** Every row of the summary, in key order, as plain numbers: what rebuildSalesSummary must reproduce. */
async function summaryRows(on: Db = db) {
  const number = (value: unknown) => Number(value)
  const days = await on.selectFrom('sales_days').selectAll().orderBy('day').execute()
  const products = await on.selectFrom('product_sales_days').selectAll().orderBy('day').orderBy('product_id').execute()
  const customers = await on.selectFrom('customers').selectAll().orderBy('email_key').execute()
  const statuses = await on.selectFrom('order_status_days').selectAll().orderBy('status').orderBy('day').execute()
  const counter = await on.selectFrom('counters').select('value').where('name', '=', 'customers').executeTakeFirst()
  return {
    days: days.map((row) => [row.day, number(row.order_count), number(row.sold_count), number(row.revenue_cents)]),
    products: products.map((row) => [row.day, row.product_id, number(row.units), number(row.revenue_cents)]),
    customers: customers.map((row) => [row.email_key, number(row.order_count)]),
    statuses: statuses.map((row) => [row.status, row.day, number(row.order_count)]),
    customerCount: number(counter?.value ?? 0),
  }
}

async function rebuiltRows() {
  const before = await summaryRows()
  await rebuildSalesSummary(db)
  const after = await summaryRows()
  return { before, after }
}

beforeAll(async () => {
  testDb = await createTestDb()
  db = testDb.db
  ring = await insertProduct(db, { name: 'Ring', sku: 'SUM-RING', stock: 100 })
  chain = await insertProduct(db, { name: 'Chain', sku: 'SUM-CHAIN', stock: 100 })
})
afterAll(() => testDb.cleanup())

describe('the sales summary', () => {
  let ids: Map<string, number>

  beforeAll(async () => {
    // One batch: three orders on two days (one written cancelled), and one more on its own.
    const placed = await db.transaction().execute((tx) =>
      ordersRepo.insertMany(tx, [
        newOrder('SUM-1', 'Ann@Example.com', '2026-03-02T23:59:59.000Z', [
          { product: ring, quantity: 2, priceCents: 5000 },
          { product: chain, quantity: 1, priceCents: 2500 },
        ]),
        newOrder('SUM-2', 'ann@example.com', '2026-03-03T00:00:00.000Z', [
          { product: chain, quantity: 3, priceCents: 2500 },
        ]),
        newOrder(
          'SUM-3',
          'bob@example.com',
          '2026-03-03T12:00:00.000Z',
          [{ product: ring, quantity: 1, priceCents: 5000 }],
          'cancelled',
        ),
      ]),
    )
    const single = await db
      .transaction()
      .execute((tx) =>
        ordersRepo.insert(
          tx,
          newOrder('SUM-4', 'carol@example.com', '2026-03-03T18:00:00.000Z', [
            { product: ring, quantity: 1, priceCents: 5500 },
          ]),
        ),
      )
    ids = new Map([...placed, single].map((order) => [order.orderNumber, order.id]))
  })

  const id = (orderNumber: string) => ids.get(orderNumber) ?? 0

  it('sums the orders written in one batch per UTC day, leaving the cancelled one out of the sales', async () => {
    expect(await findSalesDays(db, '2026-03-01', '2026-03-31')).toEqual([
      { day: '2026-03-02', soldCount: 1, revenueCents: 12_500 },
      { day: '2026-03-03', soldCount: 2, revenueCents: 7500 + 5500 },
    ])
    expect(await findSalesDays(db, '2026-03-03', '2026-03-03')).toHaveLength(1)
    expect(await findTotals(db)).toEqual({ orderCount: 4, revenueCents: 25_500, paidCents: 0, customerCount: 3 })
  })

  it('gives the stat cards the figures counting the orders gives (revenue: what paid orders brought)', async () => {
    const counts = await findCounts(db)
    const { rows } = await sql<{ orders: number; revenue: number; customers: number }>`select
      count(*) as orders,
      sum(paid_cents - refunded_cents) as revenue,
      count(distinct lower(customer_email)) as customers
      from orders`.execute(db)
    expect(counts).toMatchObject({
      orderCount: Number(rows[0]?.orders),
      revenueCents: Number(rows[0]?.revenue),
      customerCount: Number(rows[0]?.customers),
    })
  })

  it('ranks the products by units and by revenue, with their names as they are now', async () => {
    await db.updateTable('products').set({ name: 'Signet Ring' }).where('id', '=', ring.id).execute()
    const range = { from: '2026-03-01', to: '2026-03-31', limit: 10 }
    const top = await findTopProducts(db, range)
    expect(top.byUnits).toEqual([
      { productId: chain.id, name: 'Chain', units: 4, revenueCents: 10_000 },
      { productId: ring.id, name: 'Signet Ring', units: 3, revenueCents: 15_500 },
    ])
    expect(top.byRevenue.map((row) => row.productId)).toEqual([ring.id, chain.id])
    // One product each way: the top seller by units (the chain) is not the top earner (the ring).
    expect(await findTopProducts(db, { from: '2026-03-01', to: '2026-03-31', limit: 1 })).toEqual({
      byUnits: [{ productId: chain.id, name: 'Chain', units: 4, revenueCents: 10_000 }],
      byRevenue: [{ productId: ring.id, name: 'Signet Ring', units: 3, revenueCents: 15_500 }],
    })
    expect((await findTopProducts(db, { from: '2026-03-03', to: '2026-03-03', limit: 1 })).byUnits).toEqual([
      { productId: chain.id, name: 'Chain', units: 3, revenueCents: 7500 },
    ])
  })

  it('takes a cancelled order out of the sales and puts it back when reopened', async () => {
    await db
      .transaction()
      .execute((tx) => ordersRepo.updateStatus(tx, id('SUM-2'), { from: 'pending', to: 'cancelled' }))
    expect(await findSalesDays(db, '2026-03-03', '2026-03-03')).toEqual([
      { day: '2026-03-03', soldCount: 1, revenueCents: 5500 },
    ])
    expect(await findTotals(db)).toEqual({ orderCount: 4, revenueCents: 18_000, paidCents: 0, customerCount: 3 })

    await db
      .transaction()
      .execute((tx) => ordersRepo.updateStatus(tx, id('SUM-3'), { from: 'cancelled', to: 'completed' }))
    await db
      .transaction()
      .execute((tx) => ordersRepo.updateStatus(tx, id('SUM-3'), { from: 'completed', to: 'processing' }))
    expect(await findSalesDays(db, '2026-03-03', '2026-03-03')).toEqual([
      { day: '2026-03-03', soldCount: 2, revenueCents: 10_500 },
    ])
    expect((await rebuiltRows()).before).toEqual(await summaryRows())
  })

  it('refuses a status change from a status the order no longer has, and changes nothing', async () => {
    const before = await summaryRows()
    const changed = await db
      .transaction()
      .execute((tx) => ordersRepo.updateStatus(tx, id('SUM-3'), { from: 'pending', to: 'cancelled' }))
    expect(changed).toBe(false)
    expect(await summaryRows()).toEqual(before)
  })

  it('takes a deleted order away, and its customer with their last order', async () => {
    // What it had paid goes with it (the dashboard's revenue is what paid orders brought).
    await db.transaction().execute(async (tx) => {
      await paymentsRepo.record(tx, {
        orderId: id('SUM-4'),
        kind: 'payment',
        amountCents: 3000,
        note: null,
        actor: null,
      })
      await paymentsRepo.record(tx, { orderId: id('SUM-4'), kind: 'refund', amountCents: 500, note: null, actor: null })
    })
    expect((await findTotals(db)).paidCents).toBe(2500)
    const paid = await rebuiltRows()
    expect(paid.after).toEqual(paid.before)
    expect(await ordersRepo.remove(db, id('SUM-4'))).toBe(true)
    expect(await findTotals(db)).toEqual({ orderCount: 3, revenueCents: 12_500 + 5000, paidCents: 0, customerCount: 2 })
    expect(await ordersRepo.remove(db, id('SUM-4'))).toBe(false)
    expect(await ordersRepo.remove(db, id('SUM-1'))).toBe(true)
    // Ann still has an order (cancelled): still a customer; 2026-03-02 has nothing left.
    expect(await findTotals(db)).toEqual({ orderCount: 2, revenueCents: 5000, paidCents: 0, customerCount: 2 })
    expect(await findSalesDays(db, '2026-03-01', '2026-03-31')).toEqual([
      { day: '2026-03-03', soldCount: 1, revenueCents: 5000 },
    ])
    const { before, after } = await rebuiltRows()
    expect(after).toEqual(before)
  })

  it('forgets a deleted product, as its order lines do', async () => {
    const bangle = await insertProduct(db, { name: 'Bangle', sku: 'SUM-BANGLE', stock: 10 })
    await db
      .transaction()
      .execute((tx) =>
        ordersRepo.insert(
          tx,
          newOrder('SUM-5', 'dave@example.com', '2026-03-04T08:00:00.000Z', [
            { product: bangle, quantity: 5, priceCents: 1000 },
          ]),
        ),
      )
    const day = { from: '2026-03-04', to: '2026-03-04', limit: 10 }
    expect((await findTopProducts(db, day)).byUnits[0]?.name).toBe('Bangle')
    await productsRepo.remove(db, bangle.id)
    expect(await findTopProducts(db, day)).toEqual({ byUnits: [], byRevenue: [] })
    // The order and its revenue stay.
    expect(await findSalesDays(db, '2026-03-04', '2026-03-04')).toEqual([
      { day: '2026-03-04', soldCount: 1, revenueCents: 5000 },
    ])
    const { before, after } = await rebuiltRows()
    expect(after).toEqual(before)
  })
})

describe('rebuildSalesSummary', () => {
  it('summarises orders written straight into the tables, as a benchmark loads them', async () => {
    const before = await findTotals(db)
    const now = '2026-04-10T10:00:00.000Z'
    const { id: orderId } = await db
      .insertInto('orders')
      .values({
        order_number: 'RAW-1',
        customer_name: 'Raw Buyer',
        customer_email: 'RAW@example.com',
        customer_address: null,
        notes: null,
        status: 'completed',
        total_cents: 3 * 2500,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('order_items')
      .values({
        order_id: orderId,
        product_id: chain.id,
        name: 'Chain',
        sku: 'SUM-CHAIN',
        price_cents: 2500,
        quantity: 3,
        image_url: null,
        variant_id: null,
        variant_label: null,
        lead_min_days: null,
        lead_max_days: null,
      })
      .execute()
    expect(await findTotals(db)).toEqual(before)

    await rebuildSalesSummary(db)

    expect(await findTotals(db)).toEqual({
      orderCount: before.orderCount + 1,
      revenueCents: before.revenueCents + 7500,
      paidCents: before.paidCents,
      customerCount: before.customerCount + 1,
    })
    expect(await findSalesDays(db, '2026-04-10', '2026-04-10')).toEqual([
      { day: '2026-04-10', soldCount: 1, revenueCents: 7500 },
    ])
    expect((await findTopProducts(db, { from: '2026-04-01', to: '2026-04-30', limit: 10 })).byRevenue).toEqual([
      { productId: chain.id, name: 'Chain', units: 3, revenueCents: 7500 },
    ])
    // Inside a caller's transaction too, and again with the same result.
    const rows = await summaryRows()
    await db.transaction().execute((tx) => rebuildSalesSummary(tx))
    expect(await summaryRows()).toEqual(rows)
  })

  it('leaves an empty shop with empty tables and no customers counter', async () => {
    const empty = await createTestDb()
    try {
      await rebuildSalesSummary(empty.db)
      expect(await summaryRows(empty.db)).toEqual({
        days: [],
        products: [],
        customers: [],
        statuses: [],
        customerCount: 0,
      })
      expect(await empty.db.selectFrom('counters').selectAll().execute()).toEqual([])
    } finally {
      await empty.cleanup()
    }
  })
})
