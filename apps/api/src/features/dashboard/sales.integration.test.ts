/**
 * The dashboard's charts: revenue and orders per day, week or month of the last 30, 90 or 365 days,
 * the average order value and the top products, answered from the sales summary the order writes keep in step.
 * "Today" is fixed at Wednesday 2026-03-18 (UTC); older orders are written with their own dates. SQLite and
 * PostgreSQL.
 */
import * as ordersRepo from '@shop/db/orders'
import { insertCategory, insertProduct } from '@shop/db/testing/factories'
import type { ApiError } from '@shop/schema/common'
import type { DashboardStats, SalesReport, TopProducts } from '@shop/schema/dashboard'
import type { Order } from '@shop/schema/orders'
import type { Product } from '@shop/schema/products'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

const NOW = new Date('2026-03-18T12:00:00.000Z')

let t: TestApp
let token: string
let pendant: Product
let charm: Product
/** The orders placed through the API today, in one batch: a pendant ($100.00) and a charm ($25.50). */
let today: { pendant: Order; charm: Order }
/** The order of Sunday 2026-03-15 ($100.00). */
let sunday: number

function line(product: Product, quantity: number) {
  return {
    productId: product.id,
    variantId: product.variants[0]?.id ?? null,
    name: product.name,
    sku: product.sku,
    priceCents: Math.round(Number(product.price) * 100),
    quantity,
    imageUrl: null,
    variantLabel: null,
    personalization: [],
    leadTime: null,
  }
}

/** Orders of other days, written as the shop would have written them then. */
function writeOrders(orders: Array<{ at: string; product: Product; quantity: number; cancelled?: boolean }>) {
  const values = orders.map((order, i): ordersRepo.NewOrder => {
    const item = line(order.product, order.quantity)
    return {
      orderNumber: `OLD-${order.at}-${i}`,
      customerName: 'Earlier Buyer',
      customerEmail: `buyer${i}.${order.at.slice(0, 10)}@example.com`,
      customerAddress: null,
      notes: null,
      status: order.cancelled ? 'cancelled' : 'completed',
      totalCents: item.priceCents * item.quantity,
      items: [item],
      createdAt: order.at,
    }
  })
  return t.db.transaction().execute((tx) => ordersRepo.insertMany(tx, values))
}

async function placeOrder(product: Product, email: string) {
  const response = await t.request({
    method: 'POST',
    url: '/api/orders',
    json: {
      customerName: 'Today Buyer',
      customerEmail: email,
      customerAddress: '12 Chapel Lane, Nashville, TN 37203, USA',
      items: [{ productId: product.id, quantity: 1 }],
    },
  })
  expect(response.statusCode).toBe(201)
  return response.json<Order>()
}

async function get<T>(url: string): Promise<T> {
  const response = await t.request({ method: 'GET', url, token })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<T>()
}

const sales = (query: string) => get<SalesReport>(`/api/admin/dashboard/sales${query}`)
const topProducts = (query: string) => get<TopProducts>(`/api/admin/dashboard/top-products${query}`)

async function setStatus(id: number, status: string): Promise<void> {
  const response = await t.request({ method: 'PATCH', url: `/api/admin/orders/${id}/status`, token, json: { status } })
  expect(response.statusCode, response.body).toBe(200)
}

/** The buckets that have sales, as [start, orders, revenue]. */
function busy(report: SalesReport) {
  return report.buckets.filter((bucket) => bucket.orders > 0).map((b) => [b.start, b.orders, b.revenue])
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  t = await createTestApp()
  token = await t.login()
  const category = await insertCategory(t.db, { name: 'Pendants', slug: 'pendants' })
  pendant = await insertProduct(t.db, { categoryId: category.id, name: 'Pendant', price: 100, stock: 100 })
  charm = await insertProduct(t.db, { categoryId: category.id, name: 'Charm', price: 25.5, stock: 100 })
  const written = await writeOrders([
    { at: '2025-03-18T10:00:00.000Z', product: pendant, quantity: 5 }, // the day before the 365 days
    { at: '2025-03-19T10:00:00.000Z', product: charm, quantity: 1 }, // the first of the 365 days
    { at: '2026-02-16T12:00:00.000Z', product: pendant, quantity: 1 }, // the day before the 30 days
    { at: '2026-02-17T00:00:00.000Z', product: charm, quantity: 2 }, // the first of the 30 days
    { at: '2026-03-15T23:59:59.999Z', product: pendant, quantity: 1 }, // Sunday
    { at: '2026-03-16T09:00:00.000Z', product: pendant, quantity: 3, cancelled: true }, // Monday, cancelled
  ])
  sunday = written[4]?.id ?? 0
  // Placed together, so the order writer writes them in one batch.
  const [placedPendant, placedCharm] = await Promise.all([
    placeOrder(pendant, 'ann@example.com'),
    placeOrder(charm, 'ANN@example.com'),
  ])
  if (!placedPendant || !placedCharm) throw new Error('orders not placed')
  today = { pendant: placedPendant, charm: placedCharm }
})

afterAll(async () => {
  await t?.close()
  vi.useRealTimers()
})

describe('GET /api/admin/dashboard/sales', () => {
  it('answers every day of the last 30, zeros included, leaving cancelled orders out', async () => {
    const report = await sales('?days=30&interval=day')

    expect(report).toMatchObject({ from: '2026-02-17', to: '2026-03-18', interval: 'day' })
    expect(report.buckets).toHaveLength(30)
    expect(report.buckets[0]).toEqual({ start: '2026-02-17', orders: 1, revenue: '51.00' })
    expect(report.buckets[1]).toEqual({ start: '2026-02-18', orders: 0, revenue: '0.00' })
    expect(report.buckets.at(-1)?.start).toBe('2026-03-18')
    expect(busy(report)).toEqual([
      ['2026-02-17', 1, '51.00'],
      ['2026-03-15', 1, '100.00'],
      ['2026-03-18', 2, '125.50'],
    ])
    // $276.50 over 4 orders is $69.125: to the cent, $69.13.
    expect(report).toMatchObject({ orders: 4, revenue: '276.50', averageOrderValue: '69.13' })
  })

  it('defaults to the last 30 days by day', async () => {
    expect(await sales('')).toEqual(await sales('?days=30&interval=day'))
  })

  it('groups weeks from Monday, counting only the days in range', async () => {
    const report = await sales('?days=30&interval=week')

    expect(report.buckets).toEqual([
      // The week of Monday 2026-02-16: its Monday's order is before the range.
      { start: '2026-02-16', orders: 1, revenue: '51.00' },
      { start: '2026-02-23', orders: 0, revenue: '0.00' },
      { start: '2026-03-02', orders: 0, revenue: '0.00' },
      { start: '2026-03-09', orders: 1, revenue: '100.00' },
      { start: '2026-03-16', orders: 2, revenue: '125.50' },
    ])
  })

  it('groups calendar months over 90 and 365 days', async () => {
    const quarter = await sales('?days=90&interval=month')
    expect(quarter).toMatchObject({ from: '2025-12-19', to: '2026-03-18' })
    expect(quarter.buckets).toEqual([
      { start: '2025-12-01', orders: 0, revenue: '0.00' },
      { start: '2026-01-01', orders: 0, revenue: '0.00' },
      { start: '2026-02-01', orders: 2, revenue: '151.00' },
      { start: '2026-03-01', orders: 3, revenue: '225.50' },
    ])
    expect(quarter).toMatchObject({ orders: 5, revenue: '376.50', averageOrderValue: '75.30' })

    const year = await sales('?days=365&interval=month')
    expect(year).toMatchObject({ from: '2025-03-19', to: '2026-03-18', orders: 6, revenue: '402.00' })
    expect(year.buckets).toHaveLength(13)
    expect(year.buckets[0]).toEqual({ start: '2025-03-01', orders: 1, revenue: '25.50' })
    expect((await sales('?days=365&interval=day')).buckets).toHaveLength(365)
  })
})

describe('GET /api/admin/dashboard/top-products', () => {
  it('ranks the products by units and by revenue, under their current names', async () => {
    await t.db.updateTable('products').set({ name: 'Gold Pendant' }).where('id', '=', pendant.id).execute()

    const top = await topProducts('?days=30')

    expect(top).toMatchObject({ from: '2026-02-17', to: '2026-03-18' })
    expect(top.byUnits).toEqual([
      { productId: charm.id, name: 'Charm', units: 3, revenue: '76.50' },
      { productId: pendant.id, name: 'Gold Pendant', units: 2, revenue: '200.00' },
    ])
    expect(top.byRevenue.map((product) => product.productId)).toEqual([pendant.id, charm.id])
    expect((await topProducts('?days=365')).byUnits).toEqual([
      { productId: charm.id, name: 'Charm', units: 4, revenue: '102.00' },
      { productId: pendant.id, name: 'Gold Pendant', units: 3, revenue: '300.00' },
    ])
  })

  it('lists at most 10 products each way', async () => {
    const category = await insertCategory(t.db, { name: 'Bulk', slug: 'bulk' })
    const products = []
    for (let i = 1; i <= 11; i++) {
      products.push(await insertProduct(t.db, { categoryId: category.id, name: `Bulk ${i}`, price: i, stock: 10 }))
    }
    await writeOrders(products.map((product) => ({ at: '2025-06-01T10:00:00.000Z', product, quantity: 1 })))

    const top = await topProducts('?days=365')

    expect(top.byUnits).toHaveLength(10)
    expect(top.byRevenue).toHaveLength(10)
    expect(top.byRevenue.slice(0, 2).map((product) => product.name)).toEqual(['Gold Pendant', 'Charm'])
    expect(top.byRevenue.at(-1)?.name).toBe('Bulk 4')
    // Unchanged: what was written a year ago is not in the last 30 days.
    expect((await topProducts('?days=30')).byUnits).toHaveLength(2)
  })
})

describe('kept in step by the order writes', () => {
  it('takes a cancelled order out of the charts and puts it back when reopened; the stat card counts its payment', async () => {
    const pay = (kind: 'payment' | 'refund') =>
      t.request({
        method: 'POST',
        url: `/api/admin/orders/${today.charm.id}/payments`,
        token,
        json: { kind, amount: '25.50' },
      })
    const unpaid = await get<DashboardStats>('/api/admin/dashboard/stats')
    expect((await pay('payment')).statusCode).toBe(201)
    const before = await get<DashboardStats>('/api/admin/dashboard/stats')
    // The revenue card counts what paid orders brought.
    expect(Number(before.totalRevenue)).toBeCloseTo(Number(unpaid.totalRevenue) + 25.5, 2)

    await setStatus(today.charm.id, 'cancelled')
    expect(busy(await sales('?days=30')).at(-1)).toEqual(['2026-03-18', 1, '100.00'])
    const top = await topProducts('?days=30')
    expect(top.byUnits.find((product) => product.productId === charm.id)).toMatchObject({ units: 2, revenue: '51.00' })
    // Cancelled, the money is still the shop's until it is refunded.
    expect(await get<DashboardStats>('/api/admin/dashboard/stats')).toEqual(before)
    expect((await pay('refund')).statusCode).toBe(201)
    const refunded = await get<DashboardStats>('/api/admin/dashboard/stats')
    expect(refunded).toMatchObject({ orderCount: before.orderCount, customerCount: before.customerCount })
    expect(refunded.totalRevenue).toBe(unpaid.totalRevenue)

    await setStatus(today.charm.id, 'processing')
    await setStatus(today.charm.id, 'completed')
    expect(busy(await sales('?days=30')).at(-1)).toEqual(['2026-03-18', 2, '125.50'])
    expect(await get<DashboardStats>('/api/admin/dashboard/stats')).toEqual(refunded)
  })

  it('takes a deleted order away', async () => {
    const before = await get<DashboardStats>('/api/admin/dashboard/stats')
    const response = await t.request({ method: 'DELETE', url: `/api/admin/orders/${sunday}`, token })
    expect(response.statusCode).toBe(200)

    expect(busy(await sales('?days=30'))).toEqual([
      ['2026-02-17', 1, '51.00'],
      ['2026-03-18', 2, '125.50'],
    ])
    expect((await topProducts('?days=30')).byRevenue[0]).toMatchObject({ productId: pendant.id, units: 1 })
    expect(await get<DashboardStats>('/api/admin/dashboard/stats')).toMatchObject({
      orderCount: before.orderCount - 1,
      // Its buyer had no other order.
      customerCount: before.customerCount - 1,
    })
  })
})

describe('two admins cancelling one order at once', () => {
  it('count it out of the sales, and return its stock, once', async () => {
    const stockOf = async () =>
      (await t.request({ method: 'GET', url: `/api/products/${charm.id}` })).json<Product>().stock
    const stockBefore = await stockOf()
    const order = await placeOrder(charm, 'twice@example.com')
    const placed = busy(await sales('?days=30')).at(-1)

    const responses = await Promise.all(
      [1, 2].map(() =>
        t.request({
          method: 'PATCH',
          url: `/api/admin/orders/${order.id}/status`,
          token,
          json: { status: 'cancelled' },
        }),
      ),
    )

    // The second waits for the first: it finds the order cancelled already (SQLite, one writer), or sees its
    // status change under it and is refused (PostgreSQL).
    expect(responses.map((response) => response.statusCode)).toContain(200)
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expect(response.statusCode).toBe(409)
      expect(response.json<ApiError>().message).toBe(`Order ${order.id} was changed meanwhile; reload it and try again`)
    }
    expect(placed).toEqual(['2026-03-18', 3, '151.00'])
    expect(busy(await sales('?days=30')).at(-1)).toEqual(['2026-03-18', 2, '125.50'])
    expect(await stockOf()).toBe(stockBefore)
  })
})

describe('bad requests', () => {
  it.each([
    ['/api/admin/dashboard/sales?days=31', 'Days must be one of: 30, 90, 365'],
    ['/api/admin/dashboard/sales?days=030', 'Days must be one of: 30, 90, 365'],
    ['/api/admin/dashboard/sales?days=thirty', 'Days must be one of: 30, 90, 365'],
    ['/api/admin/dashboard/sales?interval=year', 'Interval must be one of: day, week, month'],
    ['/api/admin/dashboard/top-products?days=7', 'Days must be one of: 30, 90, 365'],
  ])('answers %s with 400 and says why', async (url, message) => {
    const response = await t.request({ method: 'GET', url, token })

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().message).toContain(message)
  })

  it.each(['/api/admin/dashboard/sales', '/api/admin/dashboard/top-products'])(
    'refuses %s without a token with 401',
    async (url) => {
      const response = await t.request({ method: 'GET', url })

      expect(response.statusCode).toBe(401)
      expect(response.json<ApiError>().code).toBe('UNAUTHORIZED')
    },
  )
})
