/**
 * GET /api/admin/orders/export: every order of the list's filters as CSV, one row per order line, read in keyset
 * chunks. The file is parsed back as a spreadsheet would read it. SQLite and PostgreSQL.
 */
import * as ordersRepo from '@shop/db/orders'
import { rebuildSalesSummary } from '@shop/db/sales-summary'
import { insertProduct } from '@shop/db/testing/factories'
import { ORDER_STATUSES, type OrderSort, type OrderSummary } from '@shop/schema/orders'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { ORDER_EXPORT_HEADER } from './orders-export'

let t: TestApp
let token: string

const ENGRAVING = 'Ἰησοῦς שָׁלוֹם José'
// More orders than several chunks of the export (200 each), so the keyset paging carries on from chunk to chunk.
const BULK_ORDERS = 1_050
const BULK_BASE_TIME = Date.parse('2026-03-01T09:00:00.000Z')

beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
  const ring = await insertProduct(t.db, {
    name: 'Anneau Ἀγάπη',
    sku: 'EXP-RING',
    price: 1234.5,
    stock: 100,
    leadTime: { minDays: 10, maxDays: 15 },
    personalization: [{ label: 'Engraving', maxLength: 40, required: false, surcharge: 15, allowedCharacters: null }],
  })
  const chain = await insertProduct(t.db, { name: 'Chaîne fine', sku: 'EXP-CHAIN', price: 10, stock: 100 })
  const engravingId = ring.personalization[0]?.id
  const place = async (json: unknown) => {
    const response = await t.request({ method: 'POST', url: '/api/orders', json })
    expect(response.statusCode, response.body).toBe(201)
  }
  await place({
    customerName: 'José Ñúñez',
    customerEmail: 'jose@example.com',
    customerAddress: '12 Rue de l’Église, Besançon, Doubs 25000, France',
    items: [
      { productId: ring.id, quantity: 1, personalization: [{ fieldId: engravingId, value: ENGRAVING }] },
      { productId: chain.id, quantity: 2 },
    ],
  })
  await place({
    customerName: 'Zoë "Zed" Miller',
    customerEmail: 'zoe@example.com',
    customerAddress: '1 Main Street, Springfield, IL 62701, USA',
    notes: '=HYPERLINK("x")',
    items: [{ productId: chain.id, quantity: 3 }],
  })

  // Placed long before the two above: a status each in turn, totals and times that repeat (ties the keyset must
  // break by id), two lines each.
  const bulk: ordersRepo.NewOrder[] = Array.from({ length: BULK_ORDERS }, (_, i) => ({
    orderNumber: `BULK-${String(i + 1).padStart(5, '0')}`,
    customerName: `Bulk Buyer ${i % 7}`,
    customerEmail: `bulk${i % 7}@example.com`,
    customerAddress: '5 Elm Road, Leeds, LS1 1AA, United Kingdom',
    notes: null,
    status: ORDER_STATUSES[i % ORDER_STATUSES.length] ?? 'pending',
    totalCents: 1000 * ((i % 37) + 1) + 500,
    createdAt: new Date(BULK_BASE_TIME + Math.floor(i / 3) * 3_600_000).toISOString(),
    items: [1, 2].map((n) => ({
      productId: chain.id,
      variantId: chain.variants[0]?.id ?? null,
      name: chain.name,
      sku: chain.sku,
      priceCents: 500,
      quantity: n,
      imageUrl: null,
      variantLabel: null,
      personalization: [],
      leadTime: null,
    })),
  }))
  // Written straight into the tables, as the demo fill does, then the dashboard's summary (the list's count) recounted.
  await t.db.transaction().execute(async (tx) => {
    await ordersRepo.insertMany(tx, bulk)
    await rebuildSalesSummary(tx)
  })
})
afterAll(() => t.close())

const exportAs = (authToken: string | undefined, query = '') =>
  t.request({ method: 'GET', url: `/api/admin/orders/export${query}`, token: authToken })
const exportCsv = (query: string) => exportAs(token, query)

/** The file as a spreadsheet reads it: the header, then one record per row. */
function rowsOf(payload: Buffer): string[][] {
  return parse(payload.toString('utf8'), { bom: true })
}

/** The order numbers of the rows, each once, in the file's order. */
function orderNumbersOf(rows: string[][]): string[] {
  return [...new Set(rows.slice(1).map((row) => row[0] ?? ''))]
}

/** The order numbers the paged list shows for the same filters, page after page. */
async function listedOrderNumbers(query: string): Promise<string[]> {
  const numbers: string[] = []
  for (let page = 1; ; page++) {
    const separator = query ? '&' : '?'
    const response = await t.request({
      method: 'GET',
      url: `/api/admin/orders${query}${separator}page=${page}&pageSize=200`,
      token,
    })
    expect(response.statusCode, response.body).toBe(200)
    const orders = response.json<OrderSummary[]>()
    numbers.push(...orders.map((order) => order.orderNumber))
    if (orders.length < 200) {
      expect(numbers.length, query).toBe(Number(response.headers['x-total-count']))
      return numbers
    }
  }
}

describe('GET /api/admin/orders/export', () => {
  it('answers a CSV download with a byte order mark, one row per order line and the order on each', async () => {
    const today = new Date().toISOString().slice(0, 10)
    // Today's orders: the two placed above, not the bulk.
    const response = await exportCsv(`?q=example.com&sort=newest&from=${today}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="orders-${today}.csv"`)
    expect(response.headers['cache-control']).toContain('no-store')
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(response.body).toContain('\r\n')

    const rows = rowsOf(response.rawPayload)
    expect(rows[0]).toEqual([...ORDER_EXPORT_HEADER])
    const records = rows.slice(1).map((row) => Object.fromEntries(ORDER_EXPORT_HEADER.map((name, i) => [name, row[i]])))
    // Newest first: Zoë's order (one line), then José's (two lines).
    expect(records.map((record) => [record['Customer name'], record.SKU])).toEqual([
      ['Zoë "Zed" Miller', 'EXP-CHAIN'],
      ['José Ñúñez', 'EXP-RING'],
      ['José Ñúñez', 'EXP-CHAIN'],
    ])
    const [zoe, ring, chain] = records
    expect(ring).toMatchObject({
      'Order number': 'ORD-1001',
      Status: 'pending',
      'Customer e-mail': 'jose@example.com',
      'Shipping address': '12 Rue de l’Église, Besançon, Doubs 25000, France',
      Notes: '',
      'Order total': '1269.50',
      Product: 'Anneau Ἀγάπη',
      Variant: '',
      Personalisation: `Engraving: ${ENGRAVING}`,
      'Lead time': '10-15 business days',
      Quantity: '1',
      // The engraving's surcharge is part of the unit price.
      'Unit price': '1249.50',
      'Line total': '1249.50',
    })
    expect(ring?.['Placed at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect(Number(ring?.['Product id'])).toBeGreaterThan(0)
    expect(chain).toMatchObject({
      'Order number': 'ORD-1001',
      'Order total': '1269.50',
      Product: 'Chaîne fine',
      Personalisation: '',
      'Lead time': '',
      Quantity: '2',
      'Unit price': '10.00',
      'Line total': '20.00',
    })
    // Text a spreadsheet would run as a formula is written as plain text.
    expect(zoe).toMatchObject({ 'Order number': 'ORD-1002', Notes: `'=HYPERLINK("x")`, 'Line total': '30.00' })
  })

  it('reads more orders than one chunk, in the order of every sort of the list', async () => {
    for (const sort of ['newest', 'oldest', 'total-desc', 'total-asc'] satisfies OrderSort[]) {
      const response = await exportCsv(`?q=bulk&sort=${sort}`)
      expect(response.statusCode, response.body).toBe(200)
      const rows = rowsOf(response.rawPayload)
      // Two lines per order.
      expect(rows, sort).toHaveLength(1 + 2 * BULK_ORDERS)
      expect(orderNumbersOf(rows), sort).toEqual(await listedOrderNumbers(`?q=bulk&sort=${sort}`))
    }
  })

  it('exports the orders the list shows for the same status, search and date range', async () => {
    const completed = (
      await t.request({
        method: 'GET',
        url: '/api/admin/orders?q=ORD-1002',
        token,
      })
    ).json<OrderSummary[]>()[0]
    await t.request({
      method: 'PATCH',
      url: `/api/admin/orders/${completed?.id}/status`,
      token,
      json: { status: 'completed', notifyCustomer: false },
    })
    for (const query of [
      '?status=completed',
      '?status=cancelled&sort=total-asc',
      '?q=zed',
      '?q=BUYER%203&status=processing',
      '?from=2026-03-02&to=2026-03-04',
      '?from=2026-03-10&to=2026-03-10&sort=oldest',
      '?to=2026-02-28',
    ]) {
      const response = await exportCsv(query)
      expect(response.statusCode, query).toBe(200)
      const exported = orderNumbersOf(rowsOf(response.rawPayload))
      expect(exported, query).toEqual(await listedOrderNumbers(query))
    }
    const completedRows = rowsOf((await exportCsv('?status=completed&q=ORD-1002')).rawPayload)
    expect(completedRows.slice(1).map((row) => row[2])).toEqual(['completed'])
    // No order matches: the header alone.
    expect(rowsOf((await exportCsv('?to=2020-01-01')).rawPayload)).toEqual([[...ORDER_EXPORT_HEADER]])
  })

  it("writes a guest's text that starts with a minus and a formula as plain text, and amounts as numbers", async () => {
    // What an outside probe typed at the checkout: a spreadsheet would run each of these as a formula.
    const name = "-1+1+cmd|' /C calc'!A0"
    const notes = "-.5+cmd|' /C calc'!A0"
    const productName = "-2+3+cmd|' /C calc'!A0"
    const product = await insertProduct(t.db, { name: productName, sku: 'EXP-MINUS', price: 12.5, stock: 10 })
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: {
        customerName: name,
        customerEmail: 'probe@example.org',
        customerAddress: '9 Probe Street, Springfield, IL 62701, USA',
        notes,
        items: [{ productId: product.id, quantity: 2 }],
      },
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const { orderNumber } = placed.json<{ orderNumber: string }>()

    const response = await exportCsv(`?q=${orderNumber}`)
    expect(response.statusCode, response.body).toBe(200)
    const rows = rowsOf(response.rawPayload)
    expect(rows).toHaveLength(2)
    const record = Object.fromEntries(ORDER_EXPORT_HEADER.map((column, i) => [column, rows[1]?.[i]]))
    expect(record).toMatchObject({
      'Order number': orderNumber,
      'Customer name': `'${name}`,
      Notes: `'${notes}`,
      Product: `'${productName}`,
      SKU: 'EXP-MINUS',
      'Order total': '25.00',
      Quantity: '2',
      'Unit price': '12.50',
      'Line total': '25.00',
    })
  })

  it('refuses bad parameters with 400 and a message', async () => {
    for (const [query, message] of [
      ['?status=shipped', 'status: Status must be one of: pending, processing, completed, cancelled'],
      ['?status=pending&status=completed', 'Status must be one of'],
      ['?sort=cheapest', 'sort: Sort must be one of: newest, oldest, total-desc, total-asc'],
      ['?from=25-11-2026', 'from: Dates must be written YYYY-MM-DD'],
      ['?from=2026-11-25&to=2026-11-24', 'to: The range must not end before it starts'],
      [`?q=${'x'.repeat(101)}`, 'q: Search text is too long'],
    ] as const) {
      const response = await exportCsv(query)
      expect(response.statusCode, query).toBe(400)
      expect(response.headers['content-type'], query).toContain('application/json')
      expect(response.json(), query).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(message) })
    }
  })

  it('answers 401 and no orders without a session', async () => {
    for (const authToken of [undefined, 'not-a-session']) {
      const response = await exportAs(authToken)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' })
      expect(response.body).not.toContain('ORD-1001')
    }
  })

  it('is in the OpenAPI document as a text/csv answer taking the list filters', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json()
    const operation = document.paths['/admin/orders/export'].get
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual(
      ['from', 'paymentStatus', 'q', 'sort', 'status', 'to'].sort(),
    )
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '403', '500'])
    expect(operation.responses[200].content).toHaveProperty('text/csv')
    expect(operation.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }])
  })
})
