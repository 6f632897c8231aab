import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { insertProduct } from '@shop/db/testing/factories'
import type { ApiError } from '@shop/schema/common'
import type { Order } from '@shop/schema/orders'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let token: string
let order: Order
let tempDir: string

beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-invoice-test-'))
  const product = await insertProduct(t.db, {
    name: 'Mustard Seed Necklace',
    sku: 'NEC-7781',
    price: 64.25,
    stock: 10,
  })
  const response = await t.request({
    method: 'POST',
    url: '/api/orders',
    json: {
      customerName: 'Hannah Whitfield',
      customerEmail: 'hannah@example.com',
      customerAddress: '48 Olive Street, Savannah, GA 31401, USA',
      notes: 'Gift wrap, please.',
      items: [{ productId: product.id, quantity: 2 }],
    },
  })
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.statusCode} ${response.body}`)
  order = response.json<Order>()
})

afterAll(async () => {
  await t?.close()
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true })
})

function getInvoice(id: number | string, options: { token?: string | null } = {}) {
  const bearer = options.token === undefined ? token : options.token
  return t.request({ method: 'GET', url: `/api/admin/orders/${id}/invoice`, ...(bearer ? { token: bearer } : {}) })
}

let pdfCount = 0

/** The text of a PDF, laid out as on the page, by poppler's pdftotext. */
function pdfText(bytes: Buffer): string {
  pdfCount += 1
  const file = path.join(tempDir, `invoice-${pdfCount}.pdf`)
  fs.writeFileSync(file, bytes)
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

describe('GET /api/admin/orders/{id}/invoice', () => {
  it('answers the invoice as a PDF file named after the order number', async () => {
    const response = await getInvoice(order.id)

    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/pdf/)
    expect(order.orderNumber).toBe('ORD-1001')
    expect(response.headers['content-disposition']).toContain('invoice-ORD-1001.pdf')
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })

  it('holds the order number, customer, line and totals in its text', async () => {
    const response = await getInvoice(order.id)

    const text = pdfText(response.rawPayload)

    expect(text).toContain('ORD-1001')
    expect(text).toContain('Hannah Whitfield')
    expect(text).toContain('NEC-7781')
    expect(text).toContain('Mustard Seed Necklace')
    expect(text).toContain('$64.25')
    expect(text).toContain('$0.00')
    expect(order.total).toBe('128.50')
    expect(text).toContain('$128.50')
  })

  it('still renders after the product is deleted, from the order line', async () => {
    const product = await insertProduct(t.db, { name: 'Vanishing Anklet', sku: 'ANK-0042', price: 30, stock: 3 })
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: {
        customerName: 'Ruth Bell',
        customerEmail: 'ruth@example.com',
        customerAddress: '7 Elm Road, Portland, OR 97201, USA',
        items: [{ productId: product.id, quantity: 1 }],
      },
    })
    expect(placed.statusCode).toBe(201)
    const second = placed.json<Order>()
    await t.request({ method: 'DELETE', url: `/api/admin/products/${product.id}`, token })

    const response = await getInvoice(second.id)

    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toContain(`invoice-${second.orderNumber}.pdf`)
    const text = pdfText(response.rawPayload)
    expect(text).toContain('Vanishing Anklet')
    expect(text).toContain('ANK-0042')
    expect(text).toContain('$30.00')
  })

  it('prints the customer and product text in the script it was typed in', async () => {
    const product = await insertProduct(t.db, { name: 'Кольцо Ἰχθύς', sku: 'RNG-0711', price: 99, stock: 5 })
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: {
        customerName: 'ישוע המשיח',
        customerEmail: 'yeshua@example.com',
        customerAddress: 'ul. Świętokrzyska 12, Warszawa',
        notes: 'Łukasz Zoë',
        items: [{ productId: product.id, quantity: 1 }],
      },
    })
    expect(placed.statusCode).toBe(201)

    const response = await getInvoice(placed.json<Order>().id)

    expect(response.statusCode).toBe(200)
    // pdftotext marks right-to-left runs with bidi embedding controls; the text is compared without them.
    const text = pdfText(response.rawPayload).replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    for (const expected of ['ישוע המשיח', 'ul. Świętokrzyska 12, Warszawa', 'Кольцо Ἰχθύς', 'Łukasz Zoë']) {
      expect(text).toContain(expected)
    }
  })

  it('answers 404 JSON for a missing order', async () => {
    const response = await getInvoice(999_999)

    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.json<ApiError>()).toEqual({ message: 'Order 999999 not found', code: 'NOT_FOUND' })
  })

  it.each(['abc', '1.5', '-1', '0'])('refuses the id %s with 400', async (id) => {
    const response = await getInvoice(id)

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({ message: 'Id must be a positive integer', code: 'BAD_REQUEST' })
  })

  it('refuses a request without a token with 401', async () => {
    const response = await getInvoice(order.id, { token: null })

    expect(response.statusCode).toBe(401)
    expect(response.json<ApiError>().code).toBe('UNAUTHORIZED')
    expect(response.headers['content-type']).not.toMatch(/pdf/)
  })

  it('refuses an unknown token with 401', async () => {
    const response = await getInvoice(order.id, { token: 'not-a-session' })

    expect(response.statusCode).toBe(401)
  })
})
