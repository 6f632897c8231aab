/**
 * Two API processes on one PostgreSQL database (two apps in this test process, sharing nothing but the database):
 * a catalog write on one empties every cached page of the public lists on the other. Runs in the postgres project.
 */
import { insertCategory, insertProduct } from '@shop/db/testing/factories'
import type { Product } from '@shop/schema/products'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

describe('pages of the public lists on two processes', () => {
  let a: TestApp
  let b: TestApp
  let token: string
  const products: Product[] = []
  beforeAll(async () => {
    a = await createTestApp()
    b = await createTestApp({ database: a.database })
    token = await a.login()
    const category = await insertCategory(a.db, { name: 'Lockets', slug: 'lockets' })
    for (let n = 1; n <= 6; n++) {
      products.push(await insertProduct(a.db, { name: `Locket ${n}`, sku: `LCK-${n}`, categoryId: category.id }))
    }
  })
  afterAll(async () => {
    await b.close()
    await a.close()
  })

  it('shows a change made on one process on every cached page of the other', async () => {
    const pages = ['/api/categories/lockets/products?pageSize=2&page=3', '/api/products?pageSize=2&page=3&sort=name']
    const names = async (url: string) =>
      ((await b.request({ method: 'GET', url })).json() as { name: string }[]).map((p) => p.name)
    for (const url of pages) {
      expect(await names(url)).toEqual(['Locket 5', 'Locket 6'])
      // The second read is answered from b's cache.
      expect(await names(url)).toEqual(['Locket 5', 'Locket 6'])
    }
    const last = products.at(-1)
    const deleted = await a.request({ method: 'DELETE', url: `/api/admin/products/${last?.id}`, token })
    expect(deleted.statusCode).toBe(200)
    for (const url of pages) {
      const response = await b.request({ method: 'GET', url })
      expect(response.json().map((p: { name: string }) => p.name)).toEqual(['Locket 5'])
      expect(response.headers['x-total-count']).toBe('5')
    }
  })
})
