/**
 * Numbers that arrive as text (path ids, query limits) are read only in their one canonical decimal spelling:
 * `/api/products/0x10` must not be product 16, and `1e3`, `+1`, `01` are not ids.
 */
import { insertCategory, insertProduct, insertTestimonial } from '@shop/db/testing/factories'
import { MAX_ID } from '@shop/schema/common'
import type { Product } from '@shop/schema/products'
import { routes } from '@shop/schema/routes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

/** Spellings JavaScript's Number() reads as the same integer, none of them canonical. */
function otherSpellings(id: number): string[] {
  return [
    `0x${id.toString(16)}`,
    `0${id}`,
    `+${id}`,
    `${id}e0`,
    `${id}.0`,
    `%20${id}`,
    `${id}%20`,
    `0b${id.toString(2)}`,
  ]
}

describe('numbers in paths and queries', () => {
  let t: TestApp
  let token: string
  let product: Product
  beforeAll(async () => {
    t = await createTestApp()
    token = await t.login()
    // Enough products that the hex spelling of the last one's id differs from its decimal one.
    for (let i = 0; i < 16; i++) product = await insertProduct(t.db, { name: `Pendant ${i}` })
  })
  afterAll(() => t.close())

  it('answers a product for its canonical id', async () => {
    const response = await t.request({ method: 'GET', url: `/api/products/${product.id}` })
    expect(response.statusCode).toBe(200)
    expect(response.json().id).toBe(product.id)
  })

  it('refuses every other spelling of an id with 400 on the public product path', async () => {
    expect(product.id).toBeGreaterThanOrEqual(16)
    for (const id of [...otherSpellings(product.id), '1e3', '+1', '01']) {
      const response = await t.request({ method: 'GET', url: `/api/products/${id}` })
      expect(response.statusCode, id).toBe(400)
      expect(response.json(), id).toEqual({
        message: 'id: Id must be a positive integer',
        code: 'BAD_REQUEST',
        issues: [{ path: ['id'], message: 'Id must be a positive integer' }],
      })
    }
  })

  it('refuses a non-canonical id on every admin path, and changes nothing', async () => {
    const category = await insertCategory(t.db)
    const testimonial = await insertTestimonial(t.db)
    const order = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: {
        customerName: 'Mary Jones',
        customerEmail: 'mary@example.com',
        customerAddress: '12 Oak Street, Springfield, IL 62701, USA',
        items: [{ productId: product.id, quantity: 1 }],
      },
    })
    expect(order.statusCode).toBe(201)
    const orderId: number = order.json().id
    const productBody = {
      name: 'Renamed',
      description: 'A description that is long enough.',
      price: 10,
      categoryId: category.id,
      imageUrls: ['/uploads/x.jpg'],
      sku: 'REN-0001',
      stock: 1,
      minStock: 1,
    }
    const requests = (id: number, hex: string) =>
      [
        { method: 'GET', url: `/api/admin/products/${hex}` },
        { method: 'PUT', url: `/api/admin/products/${hex}`, json: productBody },
        { method: 'DELETE', url: `/api/admin/products/${hex}` },
        { method: 'GET', url: `/api/admin/orders/${hex}` },
        { method: 'PATCH', url: `/api/admin/orders/${hex}/status`, json: { status: 'cancelled' } },
        { method: 'DELETE', url: `/api/admin/orders/${hex}` },
        { method: 'GET', url: `/api/admin/orders/${hex}/invoice` },
      ].map((request) => ({ ...request, id }))
    const all = [
      ...requests(product.id, `0x${product.id.toString(16)}`),
      ...requests(orderId, `0${orderId}`),
      { id: category.id, method: 'GET', url: `/api/admin/categories/+${category.id}` },
      {
        id: category.id,
        method: 'PUT',
        url: `/api/admin/categories/${category.id}e0`,
        json: { name: 'Renamed', slug: 'renamed' },
      },
      { id: category.id, method: 'DELETE', url: `/api/admin/categories/0${category.id}` },
      {
        id: testimonial.id,
        method: 'PUT',
        url: `/api/admin/testimonials/0x${testimonial.id.toString(16)}`,
        json: { name: 'Renamed', content: 'Renamed', rating: 1 },
      },
      { id: testimonial.id, method: 'DELETE', url: `/api/admin/testimonials/0${testimonial.id}` },
    ] as const
    for (const { id: _, ...request } of all) {
      const response = await t.request({ ...request, token })
      const where = `${request.method} ${request.url}`
      expect(response.statusCode, where).toBe(400)
      expect(response.json().message, where).toMatch(/^(id: )?Id must be a positive integer$/)
    }
    // Nothing was changed or deleted through the other spellings.
    const kept = await t.request({ method: 'GET', url: `/api/admin/products/${product.id}`, token })
    expect(kept.json().name).toBe(product.name)
    const keptOrder = await t.request({ method: 'GET', url: `/api/admin/orders/${orderId}`, token })
    expect(keptOrder.json().status).toBe('pending')
    const keptCategory = await t.request({ method: 'GET', url: `/api/admin/categories/${category.id}`, token })
    expect(keptCategory.json().slug).toBe(category.slug)
    const testimonials = await t.request({ method: 'GET', url: '/api/admin/testimonials', token })
    expect(testimonials.json().map((x: { name: string }) => x.name)).toContain(testimonial.name)
  })

  it('keeps answering the largest id and refusing one past it', async () => {
    expect((await t.request({ method: 'GET', url: `/api/products/${MAX_ID}` })).statusCode).toBe(404)
    const beyond = await t.request({ method: 'GET', url: `/api/products/${MAX_ID + 1}` })
    expect(beyond.statusCode).toBe(400)
    expect(beyond.json().message).toBe(`id: Id must be at most ${MAX_ID}`)
  })

  it('reads a query limit only as canonical digits', async () => {
    const ok = await t.request({ method: 'GET', url: '/api/products?limit=3' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toHaveLength(3)
    // (An empty `?limit=` is no limit at all: the adapter drops empty query values.)
    for (const limit of ['0x3', '3e0', '+3', '03', '3.0', '%203']) {
      const response = await t.request({ method: 'GET', url: `/api/products?limit=${limit}` })
      expect(response.statusCode, limit).toBe(400)
      expect(response.json().message, limit).toMatch(/^limit: /)
    }
  })

  it('still types ids and limits as integers in the OpenAPI document', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json()
    const idSchema = { type: 'integer', exclusiveMinimum: 0, maximum: MAX_ID }
    const idRoutes = Object.values(routes).filter((route) => route.path.includes('{id}'))
    expect(idRoutes.length).toBeGreaterThan(10)
    for (const route of idRoutes) {
      const operation = document.paths[route.path][route.method.toLowerCase()]
      const parameter = operation.parameters.find((p: { name: string }) => p.name === 'id')
      expect(parameter, `${route.method} ${route.path}`).toMatchObject({ in: 'path', required: true, schema: idSchema })
    }
    const list = document.paths['/products'].get.parameters.find((p: { name: string }) => p.name === 'limit')
    expect(list.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 })
    const answer = document.paths['/products/{id}'].get.responses['200'].content['application/json'].schema
    expect(answer.properties.id).toMatchObject(idSchema)
    const body =
      document.paths['/admin/products'].post.requestBody.content['application/json'].schema.properties.categoryId
    expect(body).toMatchObject({ type: 'integer', exclusiveMinimum: 0, maximum: MAX_ID })
  })
})
