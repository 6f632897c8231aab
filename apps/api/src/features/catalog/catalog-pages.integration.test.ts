/**
 * The public lists load in pages: GET /api/categories/{slug}/products and GET /api/products take
 * optional `page` and `pageSize`; without them they answer the spec's array, bounded by the largest page. Each
 * page is kept by the catalog cache with its headers, and a catalog write empties every page. SQLite and
 * PostgreSQL.
 */
import { insertCategory, insertProduct } from '@shop/db/testing/factories'
import { MAX_PAGE_SIZE } from '@shop/schema/common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

// One more page's worth than the largest page, and a few more.
const PRODUCT_COUNT = MAX_PAGE_SIZE + 5

let t: TestApp
let token: string
const productIds: number[] = []

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers })
const namesOf = (response: { json(): unknown }) => (response.json() as { name: string }[]).map((p) => p.name)
const rosary = (n: number) => `Rosary ${String(n).padStart(3, '0')}`

beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
  const category = await insertCategory(t.db, { name: 'Rosaries', slug: 'rosaries' })
  // Inserted in reverse name order, so that by name and newest first differ.
  for (let n = PRODUCT_COUNT; n >= 1; n--) {
    const product = await insertProduct(t.db, { name: rosary(n), sku: `ROS-${n}`, categoryId: category.id })
    productIds[n] = product.id
  }
  await insertProduct(t.db, { name: 'Hidden Rosary', sku: 'ROS-HIDDEN', categoryId: category.id, active: false })
  await insertCategory(t.db, { name: 'Empty', slug: 'empty-collection' })
})
afterAll(() => t.close())

describe('GET /api/categories/{slug}/products', () => {
  it('answers the first 200 active products by name without page parameters, and says there are more', async () => {
    const response = await get('/api/categories/rosaries/products')
    expect(response.statusCode).toBe(200)
    const names = namesOf(response)
    expect(names).toHaveLength(MAX_PAGE_SIZE)
    expect(names[0]).toBe(rosary(1))
    expect(names.at(-1)).toBe(rosary(MAX_PAGE_SIZE))
    expect(response.headers['x-total-count']).toBe(String(PRODUCT_COUNT))
    expect(response.headers.link).toBe(
      '</api/categories/rosaries/products?page=1&pageSize=200>; rel="first", ' +
        '</api/categories/rosaries/products?page=2&pageSize=200>; rel="next", ' +
        '</api/categories/rosaries/products?page=2&pageSize=200>; rel="last"',
    )
    const next = await get('/api/categories/rosaries/products?page=2&pageSize=200')
    expect(namesOf(next)).toEqual([201, 202, 203, 204, 205].map(rosary))
  })

  it('answers pages of any size up to 200, the last one short and past the end an empty one', async () => {
    const page = await get('/api/categories/rosaries/products?pageSize=24&page=2')
    expect(namesOf(page)).toEqual(Array.from({ length: 24 }, (_, i) => rosary(25 + i)))
    expect(page.headers.link).toContain('</api/categories/rosaries/products?page=1&pageSize=24>; rel="prev"')
    const last = await get('/api/categories/rosaries/products?pageSize=24&page=9')
    expect(namesOf(last)).toEqual(Array.from({ length: 13 }, (_, i) => rosary(193 + i)))
    expect(last.headers.link).not.toContain('rel="next"')
    const past = await get('/api/categories/rosaries/products?pageSize=24&page=10')
    expect(past.statusCode).toBe(200)
    expect(past.json()).toEqual([])
    expect(past.headers['x-total-count']).toBe(String(PRODUCT_COUNT))
  })

  it('answers an empty category as an empty list with a total of 0', async () => {
    const response = await get('/api/categories/empty-collection/products?pageSize=24')
    expect(response.json()).toEqual([])
    expect(response.headers['x-total-count']).toBe('0')
  })

  it('refuses a bad page or page size with 400 and a message, and an unknown category with 404', async () => {
    for (const [query, message] of [
      ['?pageSize=0', `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`],
      [`?pageSize=${MAX_PAGE_SIZE + 1}`, `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`],
      ['?page=0', 'Page must be a whole number from 1'],
      ['?page=1e2', 'Page must be a whole number from 1'],
    ] as const) {
      const response = await get(`/api/categories/rosaries/products${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().message, query).toContain(message)
    }
    expect((await get('/api/categories/no-such-thing/products?page=2')).statusCode).toBe(404)
  })
})

describe('GET /api/products', () => {
  it('answers the newest 200 active products without page parameters, with the count of all', async () => {
    const response = await get('/api/products')
    expect(response.statusCode).toBe(200)
    const names = namesOf(response)
    expect(names).toHaveLength(MAX_PAGE_SIZE)
    // Inserted last, so newest.
    expect(names[0]).toBe(rosary(1))
    expect(names).not.toContain('Hidden Rosary')
    expect(response.headers['x-total-count']).toBe(String(PRODUCT_COUNT))
    expect(response.headers.link).toContain('</api/products?sort=newest&page=2&pageSize=200>; rel="next"')
  })

  it('pages a search in any order, and keeps the search and the order in its links', async () => {
    const response = await get('/api/products?q=rosary%2019&sort=name&pageSize=4&page=2')
    // "Rosary 190" to "Rosary 199": 10 hits, by name.
    expect(response.headers['x-total-count']).toBe('10')
    expect(namesOf(response)).toEqual([194, 195, 196, 197].map(rosary))
    expect(response.headers.link).toContain('</api/products?q=rosary+19&sort=name&page=3&pageSize=4>; rel="next"')
    const miss = await get('/api/products?q=r%C3%B3sary')
    expect(miss.json()).toEqual([])
    expect(miss.headers['x-total-count']).toBe('0')
  })

  it("answers the search box's limit as a first page of that size, and refuses it with page parameters", async () => {
    const limited = await get('/api/products?q=rosary&limit=5&sort=name')
    expect(namesOf(limited)).toEqual([1, 2, 3, 4, 5].map(rosary))
    expect(limited.headers.link).toContain('</api/products?q=rosary&sort=name&page=2&pageSize=5>; rel="next"')
    for (const query of ['?limit=5&pageSize=5', '?limit=5&page=2']) {
      const response = await get(`/api/products${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().message, query).toContain('Give either limit or page and pageSize, not both')
    }
    const tooBig = await get(`/api/products?pageSize=${MAX_PAGE_SIZE + 1}`)
    expect(tooBig.statusCode).toBe(400)
    expect(tooBig.json().message).toContain(`Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
  })
})

describe('the catalog cache', () => {
  it('keeps each page with its headers, and a catalog write empties every page', async () => {
    const pageTwo = '/api/categories/rosaries/products?pageSize=25&page=2'
    const first = await get(pageTwo)
    const sizeBefore = t.app.catalogCache.size
    const again = await get(pageTwo)
    // Answered from the cache (nothing new kept), with the page's headers.
    expect(t.app.catalogCache.size).toBe(sizeBefore)
    expect(again.body).toBe(first.body)
    expect(again.headers.etag).toBe(first.headers.etag)
    expect(again.headers['x-total-count']).toBe(String(PRODUCT_COUNT))
    expect(again.headers.link).toBe(first.headers.link)
    expect(again.headers.link).toContain('</api/categories/rosaries/products?page=3&pageSize=25>; rel="next"')
    const unchanged = await get(pageTwo, { 'if-none-match': String(first.headers.etag) })
    expect(unchanged.statusCode).toBe(304)
    const products = await get('/api/products?pageSize=24&sort=name')
    expect(namesOf(products)[0]).toBe(rosary(1))

    // Deleting the first rosary moves every later one a place forward, on every page.
    const deleted = await t.request({ method: 'DELETE', url: `/api/admin/products/${productIds[1]}`, token })
    expect(deleted.statusCode).toBe(200)
    const after = await get(pageTwo)
    expect(namesOf(after)[0]).toBe(rosary(27))
    expect(after.headers['x-total-count']).toBe(String(PRODUCT_COUNT - 1))
    expect((await get(pageTwo, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(200)
    expect(namesOf(await get('/api/products?pageSize=24&sort=name'))[0]).toBe(rosary(2))
  })
})

describe('the OpenAPI document', () => {
  it('documents the page parameters and headers of the public lists', async () => {
    const document = (await get('/api/openapi.json')).json()
    for (const path of ['/categories/{slug}/products', '/products']) {
      const operation = document.paths[path].get
      expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['page', 'pageSize']),
      )
      expect(Object.keys(operation.responses[200].headers)).toEqual(['X-Total-Count', 'Link'])
    }
  })
})
