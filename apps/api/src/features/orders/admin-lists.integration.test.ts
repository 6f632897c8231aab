/**
 * The back office's lists answer one page at a time: an array as the spec describes, the count of all
 * matching rows in X-Total-Count and the neighbouring pages in Link, searched, filtered and sorted by the database.
 * SQLite and PostgreSQL.
 */
import * as ordersRepo from '@shop/db/orders'
import { checkOrderSearchIndex } from '@shop/db/search'
import { insertCategory, insertProduct } from '@shop/db/testing/factories'
import { MAX_PAGE_SIZE } from '@shop/schema/common'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { waitFor } from '../../testing/waits'

let t: TestApp
let token: string

const BUYERS = [
  { customerName: 'José Cohen', customerEmail: 'jose@example.com' },
  { customerName: 'Zoë 50% Miller', customerEmail: 'zoe_m@example.com' },
  { customerName: 'Ruth Miller', customerEmail: 'ruth@example.com' },
]

/** POST /api/orders for one buyer and `quantity` of one product. */
function placeOrder(buyer: { customerName: string; customerEmail: string }, productId: number, quantity = 1) {
  return t.request({
    method: 'POST',
    url: '/api/orders',
    json: { ...buyer, customerAddress: '12 Oak Street, Springfield, IL 62701, USA', items: [{ productId, quantity }] },
  })
}

beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
  const product = await insertProduct(t.db, { price: 10, stock: 1000 })
  // 7 orders: quantities 1..7 (totals $10..$70), buyers in turn.
  for (const [i, buyer] of [...BUYERS, ...BUYERS, ...BUYERS].slice(0, 7).entries()) {
    const response = await placeOrder(buyer, product.id, i + 1)
    expect(response.statusCode).toBe(201)
  }
})
afterAll(() => t.close())

const list = (query: string) => t.request({ method: 'GET', url: `/api/admin/orders${query}`, token })

describe('the search index of orders', () => {
  it('finds an order the moment it is placed, and the server indexes orders without waiting for a search', async () => {
    const product = await insertProduct(t.db, { price: 10, stock: 10 })
    const placed = await placeOrder(
      { customerName: 'Quick Searcher', customerEmail: 'quick.searcher@example.com' },
      product.id,
    )
    expect(placed.statusCode).toBe(201)
    const found = await list('?q=quick.searcher@example.com')
    expect(found.json().map((order: { orderNumber: string }) => order.orderNumber)).toEqual([placed.json().orderNumber])
    await ordersRepo.remove(t.db, placed.json().id)

    const another = await placeOrder(
      { customerName: 'Background Indexed', customerEmail: 'background@example.com' },
      product.id,
    )
    expect(another.statusCode).toBe(201)
    // SQLite's index is filled after the orders: once a second by the server, with no search asking.
    if (t.database.databaseUrl === undefined) {
      await waitFor(
        async () =>
          (await sql<{ indexed_to: number }>`select indexed_to from search_marks where name = 'orders'`.execute(t.db))
            .rows[0]?.indexed_to ?? 0,
        (indexedTo) => indexedTo >= another.json().id,
        5_000,
      )
    }
    await checkOrderSearchIndex(t.db)
    await ordersRepo.remove(t.db, another.json().id)
  })
})

describe('GET /api/admin/orders, paged', () => {
  it('answers the newest page with the total and links to the other pages, keeping the filters', async () => {
    const response = await list('?pageSize=3&q=miller')
    expect(response.statusCode).toBe(200)
    expect(response.headers['x-total-count']).toBe('4')
    expect(response.json().map((order: { total: string }) => order.total)).toEqual(['60.00', '50.00', '30.00'])
    expect(response.headers.link).toBe(
      '</api/admin/orders?sort=newest&q=miller&page=1&pageSize=3>; rel="first", ' +
        '</api/admin/orders?sort=newest&q=miller&page=2&pageSize=3>; rel="next", ' +
        '</api/admin/orders?sort=newest&q=miller&page=2&pageSize=3>; rel="last"',
    )
    const last = await list('?pageSize=3&q=miller&page=2')
    expect(last.json().map((order: { total: string }) => order.total)).toEqual(['20.00'])
    expect(last.headers.link).toContain('rel="prev"')
    expect(last.headers.link).not.toContain('rel="next"')
  })

  it('answers an empty page past the end, and an empty list with a total of 0', async () => {
    const past = await list('?page=9&pageSize=3')
    expect(past.statusCode).toBe(200)
    expect(past.json()).toEqual([])
    expect(past.headers['x-total-count']).toBe('7')
    expect(past.headers.link).toContain('page=3&pageSize=3>; rel="prev"')
    const none = await list('?q=nobody-at-all')
    expect(none.json()).toEqual([])
    expect(none.headers['x-total-count']).toBe('0')
  })

  it('pages 50 rows unless asked, and never more than the largest page', async () => {
    const all = await list('')
    expect(all.json()).toHaveLength(7)
    expect(all.headers.link).toContain('pageSize=50')
    for (const [query, message] of [
      [`?pageSize=${MAX_PAGE_SIZE + 1}`, `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`],
      ['?pageSize=0', `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`],
      ['?page=0', 'Page must be a whole number from 1'],
      ['?page=1.5', 'Page must be a whole number from 1'],
      ['?sort=cheapest', 'Sort must be one of: newest, oldest, total-desc, total-asc'],
      ['?status=shipped', 'Status must be one of: pending, processing, completed, cancelled'],
      ['?from=25-11-2026', 'Dates must be written YYYY-MM-DD'],
      ['?from=2026-11-25&to=2026-11-24', 'The range must not end before it starts'],
    ] as const) {
      const response = await list(query)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().message, query).toContain(message)
    }
  })

  it('sorts by total and date, filters by status and by day, and searches with % and _ as plain text', async () => {
    const totals = async (query: string) =>
      (await list(query)).json().map((order: { total: string }) => Number(order.total))
    expect(await totals('?sort=total-desc&pageSize=2')).toEqual([70, 60])
    expect(await totals('?sort=total-asc&pageSize=2')).toEqual([10, 20])
    expect(await totals('?sort=oldest&pageSize=2')).toEqual([10, 20])
    expect(await totals('?q=50%25')).toEqual([50, 20])
    expect(await totals('?q=_')).toEqual([50, 20])
    expect(await totals('?q=JOSÉ&sort=total-asc')).toEqual([10, 40, 70])
    expect(await totals('?q=ORD-1003')).toEqual([30])

    const [first] = (await list('?sort=oldest&pageSize=1')).json()
    await t.request({
      method: 'PATCH',
      url: `/api/admin/orders/${first.id}/status`,
      token,
      json: { status: 'completed' },
    })
    expect(await totals('?status=completed')).toEqual([10])
    const today = new Date().toISOString().slice(0, 10)
    expect(await totals(`?from=${today}&to=${today}`)).toHaveLength(7)
    expect(await totals('?to=2020-01-01')).toEqual([])
  })
})

describe('GET /api/admin/products, paged', () => {
  it('pages every product, active or not, searched and filtered by category and status', async () => {
    const category = await insertCategory(t.db, { name: 'Lockets', slug: 'lockets-paged' })
    for (let i = 1; i <= 4; i++) {
      await insertProduct(t.db, {
        name: `Paged Locket ${i}`,
        sku: `PGD-000${i}`,
        categoryId: category.id,
        active: i !== 4,
        price: i * 10,
      })
    }
    const page = await t.request({
      method: 'GET',
      url: `/api/admin/products?categoryId=${category.id}&sort=price-desc&pageSize=2`,
      token,
    })
    expect(page.headers['x-total-count']).toBe('4')
    expect(page.json().map((product: { sku: string }) => product.sku)).toEqual(['PGD-0004', 'PGD-0003'])
    const inactive = await t.request({ method: 'GET', url: '/api/admin/products?status=inactive&q=pgd', token })
    expect(inactive.json().map((product: { sku: string }) => product.sku)).toEqual(['PGD-0004'])
    const bad = await t.request({ method: 'GET', url: '/api/admin/products?status=gone', token })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('Status must be active or inactive')
  })
})

describe('the OpenAPI document', () => {
  it('documents the page parameters and headers of every paged list', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json()
    for (const path of ['/admin/orders', '/admin/products']) {
      const operation = document.paths[path].get
      expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['page', 'pageSize', 'sort', 'q']),
      )
      expect(Object.keys(operation.responses[200].headers)).toEqual(['X-Total-Count', 'Link'])
    }
  })
})
