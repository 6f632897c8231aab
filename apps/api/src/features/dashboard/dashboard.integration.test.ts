import { insertCategory, insertProduct } from '@shop/db/testing/factories'
import type { ApiError } from '@shop/schema/common'
import type { DashboardStats } from '@shop/schema/dashboard'
import type { Order, OrderStatus, OrderSummary } from '@shop/schema/orders'
import type { Product } from '@shop/schema/products'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let token: string

beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
})

afterAll(async () => {
  await t?.close()
})

async function getStats(): Promise<DashboardStats> {
  const response = await t.request({ method: 'GET', url: '/api/admin/dashboard/stats', token })
  expect(response.statusCode).toBe(200)
  return response.json<DashboardStats>()
}

async function getLowStock(): Promise<Product[]> {
  const response = await t.request({ method: 'GET', url: '/api/admin/low-stock-products', token })
  expect(response.statusCode).toBe(200)
  return response.json<Product[]>()
}

async function placeOrder(customerEmail: string, items: Array<{ productId: number; quantity: number }>) {
  const response = await t.request({
    method: 'POST',
    url: '/api/orders',
    json: {
      customerName: `Customer ${customerEmail}`,
      customerEmail,
      customerAddress: '12 Chapel Lane, Nashville, TN 37203, USA',
      items,
    },
  })
  expect(response.statusCode).toBe(201)
  return response.json<Order>()
}

async function setStatus(order: Order, status: OrderStatus): Promise<void> {
  const response = await t.request({
    method: 'PATCH',
    url: `/api/admin/orders/${order.id}/status`,
    token,
    json: { status },
  })
  expect(response.statusCode).toBe(200)
  expect(response.json<Order>().status).toBe(status)
}

async function recordPayment(order: Order, kind: 'payment' | 'refund', amount: string): Promise<void> {
  const response = await t.request({
    method: 'POST',
    url: `/api/admin/orders/${order.id}/payments`,
    token,
    json: { kind, amount },
  })
  expect(response.statusCode).toBe(201)
}

describe('on an empty shop', () => {
  it('answers zero counts and revenue "0.00"', async () => {
    expect(await getStats()).toEqual({
      totalRevenue: '0.00',
      orderCount: 0,
      productCount: 0,
      customerCount: 0,
      lowStockCount: 0,
    })
  })

  it('answers empty low-stock and recent-orders lists', async () => {
    expect(await getLowStock()).toEqual([])
    const recent = await t.request({ method: 'GET', url: '/api/admin/recent-orders', token })
    expect(recent.statusCode).toBe(200)
    expect(recent.json()).toEqual([])
  })
})

describe('with products and orders', () => {
  let orders: Order[]
  let emptyLow: Product
  let fewLow: Product
  let atMinimum: Product

  beforeAll(async () => {
    const category = await insertCategory(t.db, { name: 'Pendants', slug: 'pendants' })
    const pendant = await insertProduct(t.db, { categoryId: category.id, price: 100, stock: 50, minStock: 5 })
    const charm = await insertProduct(t.db, { categoryId: category.id, price: 25.5, stock: 20, minStock: 2 })
    fewLow = await insertProduct(t.db, { categoryId: category.id, name: 'Few Left', stock: 3, minStock: 5 })
    emptyLow = await insertProduct(t.db, { categoryId: category.id, name: 'Sold Out', stock: 0, minStock: 1 })
    atMinimum = await insertProduct(t.db, { categoryId: category.id, name: 'At Minimum', stock: 5, minStock: 5 })
    await insertProduct(t.db, { categoryId: category.id, name: 'Inactive Low', stock: 1, minStock: 5, active: false })

    // Placed one after another, so each is newer than the one before.
    orders = []
    orders.push(await placeOrder('Ann@Example.com', [{ productId: pendant.id, quantity: 1 }])) // 100.00
    orders.push(await placeOrder('ann@example.com', [{ productId: charm.id, quantity: 2 }])) // 51.00
    orders.push(await placeOrder('bob@example.com', [{ productId: pendant.id, quantity: 2 }])) // 200.00, cancelled
    orders.push(await placeOrder('carol@example.com', [{ productId: charm.id, quantity: 1 }])) // 25.50
    orders.push(await placeOrder('dave@example.com', [{ productId: charm.id, quantity: 1 }])) // 25.50
    orders.push(await placeOrder('ANN@EXAMPLE.COM', [{ productId: pendant.id, quantity: 1 }])) // 100.00
    const [, , bob, carol, , lastAnn] = orders as [Order, Order, Order, Order, Order, Order]
    await setStatus(bob, 'cancelled')
    await setStatus(carol, 'completed')
    await setStatus(lastAnn, 'processing')
    // Every order but Bob's cancelled one is paid (revenue counts paid orders).
    for (const order of orders) if (order !== bob) await recordPayment(order, 'payment', order.total)
  })

  it('sums the revenue of the paid orders, as a money string', async () => {
    expect((await getStats()).totalRevenue).toBe('302.00')
  })

  it('counts orders, products, customers and low-stock products', async () => {
    expect(await getStats()).toEqual({
      totalRevenue: '302.00',
      orderCount: 6,
      productCount: 6,
      // Ann wrote her address three ways; Bob's cancelled order still makes him a customer.
      customerCount: 4,
      lowStockCount: 3,
    })
  })

  it('lists the active products at or below their minimum stock, fewest first', async () => {
    const lowStock = await getLowStock()

    expect(lowStock.map((product) => product.id)).toEqual([emptyLow.id, fewLow.id, atMinimum.id])
    expect(lowStock[0]).toMatchObject({
      name: 'Sold Out',
      sku: emptyLow.sku,
      stock: 0,
      minStock: 1,
      imageUrls: emptyLow.imageUrls,
      active: true,
    })
  })

  it('leaves inactive products out of the low-stock list', async () => {
    const names = (await getLowStock()).map((product) => product.name)

    expect(names).not.toContain('Inactive Low')
  })

  it('lists the 5 newest orders, newest first', async () => {
    const response = await t.request({ method: 'GET', url: '/api/admin/recent-orders', token })

    expect(response.statusCode).toBe(200)
    const recent = response.json<OrderSummary[]>()
    const newestFirst = [...orders].reverse().slice(0, 5)
    expect(recent.map((order) => order.id)).toEqual(newestFirst.map((order) => order.id))
    expect(recent.map((order) => order.orderNumber)).toEqual([
      'ORD-1006',
      'ORD-1005',
      'ORD-1004',
      'ORD-1003',
      'ORD-1002',
    ])
    expect(recent[0]).toMatchObject({
      customerName: 'Customer ANN@EXAMPLE.COM',
      customerEmail: 'ANN@EXAMPLE.COM',
      status: 'processing',
      total: '100.00',
    })
    expect(recent[2]).toMatchObject({ status: 'completed', total: '25.50' })
    expect(recent[3]).toMatchObject({ status: 'cancelled', total: '200.00' })
    expect(recent.every((order) => !Number.isNaN(Date.parse(order.createdAt)))).toBe(true)
  })

  it('follows new orders and status changes', async () => {
    const before = await getStats()
    const order = await placeOrder('erin@example.com', [{ productId: atMinimum.id, quantity: 1 }])

    const placed = await getStats()
    // Placed, not paid: no revenue yet.
    expect(placed).toMatchObject({ totalRevenue: '302.00', orderCount: 7, customerCount: 5 })
    expect(placed.lowStockCount).toBe(before.lowStockCount)

    await recordPayment(order, 'payment', '49.00')
    expect(await getStats()).toMatchObject({ totalRevenue: '351.00', orderCount: 7, customerCount: 5 })

    await recordPayment(order, 'refund', '49.00')
    await setStatus(order, 'cancelled')
    expect(await getStats()).toMatchObject({ totalRevenue: '302.00', orderCount: 7, customerCount: 5 })

    const recent = await t.request({ method: 'GET', url: '/api/admin/recent-orders', token })
    expect(recent.json<OrderSummary[]>()[0]).toMatchObject({ id: order.id, status: 'cancelled' })
  })
})

describe('access', () => {
  it.each(['/api/admin/dashboard/stats', '/api/admin/low-stock-products', '/api/admin/recent-orders'])(
    'refuses %s without a token with 401',
    async (url) => {
      const response = await t.request({ method: 'GET', url })

      expect(response.statusCode).toBe(401)
      expect(response.json<ApiError>().code).toBe('UNAUTHORIZED')
    },
  )
})
