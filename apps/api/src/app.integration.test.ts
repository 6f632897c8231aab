import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { insertCategory, insertProduct } from '@shop/db/testing/factories'
import { routes } from '@shop/schema/routes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './testing/test-app'

describe('the API as a whole', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp({ env: { SHOP_NAME: 'Test Jewelers', SHOP_PHONE: '+1 555 0100' } })
    token = await t.login()
  })
  afterAll(() => t.close())

  it('answers the health check when the database answers', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
  })

  it("serves the shop's name and contact from configuration", async () => {
    const response = await t.request({ method: 'GET', url: '/api/shop' })
    expect(response.json()).toEqual({
      name: 'Test Jewelers',
      phone: '+1 555 0100',
      email: 'hello@example.com',
      address: '12 Chapel Lane, Nashville, TN 37203, USA',
      currency: 'USD',
      // No shipping zones: everything ships free, and the product page keeps the spec's promise.
      freeShippingOver: '500.00',
      paymentMethods: [],
    })
  })

  it('documents every procedure of the route table in /api/openapi.json', async () => {
    const response = await t.request({ method: 'GET', url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    const document = response.json()
    expect(document.openapi).toMatch(/^3\./)
    for (const route of Object.values(routes)) {
      expect(document.paths[route.path], route.path).toHaveProperty(route.method.toLowerCase())
    }
  })

  it('serves the interactive API reference at /api/docs', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/html/)
    expect(response.body).toContain('swagger')
  })

  it('sends security headers and no X-Powered-By', async () => {
    const response = await t.request({ method: 'GET', url: '/api/categories' })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("frame-ancestors 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(response.headers['x-powered-by']).toBeUndefined()
  })

  it('answers malformed JSON with a clear 400', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/json' },
      payload: '{"customerName": "Mary",',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON', code: 'BAD_REQUEST' })
  })

  it('refuses a body that is not JSON with 415', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    })
    expect(response.statusCode).toBe(415)
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE')
  })

  it('refuses an oversized body with 413', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: { customerName: 'x'.repeat(200_000) },
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ message: 'The request body is too large', code: 'PAYLOAD_TOO_LARGE' })
  })

  it('answers unknown API paths and methods with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['PUT', '/api/categories'],
      ['GET', '/api'],
    ] as const) {
      const response = await t.request({ method, url })
      expect(response.statusCode, `${method} ${url}`).toBe(404)
      expect(response.json().code).toBe('NOT_FOUND')
    }
  })

  it('answers a non-integer id with 400', async () => {
    for (const id of ['abc', '1.5', '-3', '0', '99999999999999999999']) {
      const response = await t.request({ method: 'GET', url: `/api/products/${id}` })
      expect(response.statusCode, id).toBe(400)
      expect(response.json().message).toBe('id: Id must be a positive integer')
    }
  })

  it('answers an id beyond what the database can hold with 400, on every kind of path', async () => {
    const message = 'Id must be at most 2147483647'
    for (const id of ['2147483648', '3000000000']) {
      for (const url of [
        `/api/products/${id}`,
        `/api/admin/products/${id}`,
        `/api/admin/categories/${id}`,
        `/api/admin/orders/${id}`,
        `/api/admin/orders/${id}/invoice`,
      ]) {
        const response = await t.request({ method: 'GET', url, token })
        expect(response.statusCode, url).toBe(400)
        expect(response.json().message, url).toMatch(new RegExp(`^(id: )?${message}$`))
      }
      const status = await t.request({
        method: 'PATCH',
        url: `/api/admin/orders/${id}/status`,
        token,
        json: { status: 'pending' },
      })
      expect(status.statusCode).toBe(400)
      const removed = await t.request({ method: 'DELETE', url: `/api/admin/testimonials/${id}`, token })
      expect(removed.statusCode).toBe(400)
    }
    // The largest id that can exist is an ordinary miss.
    const largest = await t.request({ method: 'GET', url: '/api/products/2147483647' })
    expect(largest.statusCode).toBe(404)
    const order = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: {
        customerName: 'Ann Lee',
        customerEmail: 'ann@example.com',
        customerAddress: '5 Hill Road, Erie, PA 16501, USA',
        items: [{ productId: 3_000_000_000, quantity: 1 }],
      },
    })
    expect(order.statusCode).toBe(400)
    expect(order.json().message).toBe('items.0.productId: Product id must be at most 2147483647')
  })

  it('rejects wrong types instead of converting them', async () => {
    const category = await insertCategory(t.db)
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      token,
      json: {
        name: 'Gold Cross',
        description: 'A handcrafted gold cross.',
        price: 49,
        categoryId: category.id,
        imageUrls: ['/uploads/x.png'],
        sku: 'NEC-7777',
        stock: '5',
        minStock: 1,
        featured: 'false',
      },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().issues.map((issue: { path: string[] }) => issue.path.join('.'))).toEqual([
      'stock',
      'featured',
    ])
  })

  it('refuses the NUL character in any text with 400, which PostgreSQL could not store', async () => {
    const nul = 'Text must not contain the NUL character (\\u0000)'
    const product = await insertProduct(t.db, { stock: 5 })
    const buyer = { customerEmail: 'ann@example.com', customerAddress: '5 Hill Road, Erie, PA 16501, USA' }
    const item = { productId: product.id, quantity: 1 }
    // Sent together, so both are in one order batch: the bad one must not take the good one down with it.
    const [bad, good] = await Promise.all([
      t.request({
        method: 'POST',
        url: '/api/orders',
        json: { ...buyer, customerName: 'Ann\u0000Lee', items: [item] },
      }),
      t.request({ method: 'POST', url: '/api/orders', json: { ...buyer, customerName: 'Ann Lee', items: [item] } }),
    ])
    expect(bad?.statusCode).toBe(400)
    expect(bad?.json()).toEqual({ message: nul, code: 'BAD_REQUEST' })
    expect(good?.statusCode).toBe(201)

    const category = await t.request({
      method: 'POST',
      url: '/api/admin/categories',
      token,
      json: { name: 'Charms\u0000', description: 'Little charms.', slug: 'nul-charms', imageUrl: '', active: true },
    })
    expect(category.statusCode).toBe(400)
    expect(category.json().message).toBe(nul)
    for (const url of ['/api/products?q=cross%00', '/api/categories/rings%00', '/api/admin/products/1%00']) {
      const response = await t.request({ method: 'GET', url, token })
      expect(response.statusCode, url).toBe(400)
      expect(response.json().message, url).toBe(nul)
    }
    // The six characters \u0000 written out (an escaped backslash in JSON) are ordinary text.
    const written = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: { ...buyer, customerName: 'Ann Lee', notes: 'Engrave \\u0000 please', items: [item] },
    })
    expect(written.statusCode).toBe(201)
    expect(written.json().notes).toBe('Engrave \\u0000 please')
    const stock = (await t.request({ method: 'GET', url: `/api/admin/products/${product.id}`, token })).json().stock
    expect(stock).toBe(3)
  })

  it('answers public catalog reads with a strong ETag and 304, and refreshes them after a write', async () => {
    const first = await t.request({ method: 'GET', url: '/api/categories' })
    const etag = first.headers.etag
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await t.request({ method: 'GET', url: '/api/categories' })
    expect(again.headers.etag).toBe(etag)
    expect(again.body).toBe(first.body)
    const notModified = await t.request({
      method: 'GET',
      url: '/api/categories',
      headers: { 'if-none-match': String(etag) },
    })
    expect(notModified.statusCode).toBe(304)
    expect(notModified.body).toBe('')

    const created = await t.request({
      method: 'POST',
      url: '/api/admin/categories',
      token,
      json: { name: 'Anklets', slug: 'anklets', imageUrl: '/uploads/a.png' },
    })
    expect(created.statusCode).toBe(201)
    const after = await t.request({ method: 'GET', url: '/api/categories', headers: { 'if-none-match': String(etag) } })
    expect(after.statusCode).toBe(200)
    expect(after.json().map((category: { slug: string }) => category.slug)).toContain('anklets')
    expect(after.headers.etag).not.toBe(etag)
  })

  it('hides internal errors behind a plain 500 and reports the database down in the health check', async () => {
    const broken = await createTestApp()
    try {
      await broken.db.destroy()
      const health = await broken.request({ method: 'GET', url: '/api/health' })
      expect(health.statusCode).toBe(503)
      const response = await broken.request({ method: 'GET', url: '/api/categories' })
      expect(response.statusCode).toBe(500)
      expect(response.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' })
    } finally {
      // Closing destroys the database a second time, which fails; the schema or folder is removed all the same.
      await broken.close().catch(() => {})
    }
  })
})

describe('serving the web app', () => {
  let t: TestApp
  let webDist: string
  beforeAll(async () => {
    t = await createTestApp()
    const dist = t.config.webDist
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true })
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>')
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)')
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-dist-'))
    fs.cpSync(dist, webDist, { recursive: true })
    await t.close()
    t = await createTestApp({ env: { WEB_DIST: webDist } })
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(webDist, { recursive: true, force: true })
  })

  it('answers index.html for any page path, so the web app can route (and show its own 404)', async () => {
    const category = await insertCategory(t.db, { name: 'Necklaces', slug: 'necklaces' })
    const product = await insertProduct(t.db, { name: 'Dove Necklace', categoryId: category.id })
    for (const url of ['/', '/category/necklaces', `/product/${product.id}`, '/admin/orders/3', '/no/such/page']) {
      const response = await t.request({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type']).toMatch(/text\/html/)
      expect(response.body).toContain('<div id="root">')
      expect(response.headers['content-security-policy']).toContain("default-src 'self'")
    }
  })

  it('answers a product or category page that names nothing on sale with 404, still the web app (its Not Found screen)', async () => {
    const hidden = await insertCategory(t.db, { name: 'Hidden', slug: 'hidden', active: false })
    const draft = await insertProduct(t.db, { name: 'Draft Ring', active: false })
    const inHidden = await insertProduct(t.db, { name: 'Hidden Ring', categoryId: hidden.id })
    const missing = [
      '/product/987654',
      `/product/${draft.id}`,
      `/product/${inHidden.id}`,
      '/product/abc',
      '/product/012',
      '/product/99999999999999999999',
      '/category/no-such-category',
      '/category/hidden',
    ]
    // A browser that has index.html from another page revalidates it: the answer is still the whole page.
    const etag = String((await t.request({ method: 'GET', url: '/' })).headers.etag)
    for (const url of missing) {
      for (const headers of [{}, { 'if-none-match': etag }]) {
        const response = await t.request({ method: 'GET', url, headers })
        expect(response.statusCode, url).toBe(404)
        expect(response.headers['content-type'], url).toMatch(/text\/html/)
        expect(response.body, url).toContain('<div id="root">')
      }
    }
  })

  it('serves hashed assets as immutable and missing files as 404', async () => {
    const asset = await t.request({ method: 'GET', url: '/assets/app-1234.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    expect((await t.request({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: '/uploads/missing.png' })).statusCode).toBe(404)
  })

  it('still answers unknown /api paths with JSON', async () => {
    const response = await t.request({ method: 'GET', url: '/api/unknown' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/application\/json/)
  })
})

describe('first start', () => {
  it('migrates, loads the demo catalogue with its artwork, and creates the first admin', async () => {
    const t = await createTestApp({ seed: true })
    try {
      const categories = (await t.request({ method: 'GET', url: '/api/categories' })).json()
      expect(categories.map((category: { slug: string }) => category.slug)).toContain('necklaces')
      const featured = (await t.request({ method: 'GET', url: '/api/featured-products' })).json()
      expect(featured.length).toBeGreaterThanOrEqual(3)
      const image = await t.request({ method: 'GET', url: featured[0].imageUrls[0] })
      expect(image.statusCode).toBe(200)
      expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/)
      expect(await t.login()).toEqual(expect.any(String))
    } finally {
      await t.close()
    }
  })

  it("sends the demo's artwork compressed to a browser that accepts it, and as it is to one that does not", async () => {
    const t = await createTestApp({ seed: true })
    try {
      const categories = (await t.request({ method: 'GET', url: '/api/categories' })).json<{ imageUrl: string }[]>()
      const url = categories[0]?.imageUrl ?? ''
      const plain = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } })
      expect(plain.statusCode).toBe(200)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body.startsWith('<svg')).toBe(true)
      for (const [encoding, decode] of [
        ['br', zlib.brotliDecompressSync],
        ['gzip', zlib.gunzipSync],
      ] as const) {
        const response = await t.request({ method: 'GET', url, headers: { 'accept-encoding': encoding } })
        expect(response.statusCode, encoding).toBe(200)
        expect(response.headers['content-encoding'], encoding).toBe(encoding)
        expect(response.headers['content-type'], encoding).toMatch(/^image\/svg\+xml/)
        expect(response.headers.vary, encoding).toMatch(/accept-encoding/i)
        expect(response.rawPayload.length, encoding).toBeLessThan(plain.rawPayload.length / 2)
        expect(decode(response.rawPayload).toString('utf8'), encoding).toBe(plain.body)
      }
    } finally {
      await t.close()
    }
  })
})
