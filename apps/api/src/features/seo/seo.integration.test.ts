/**
 * GET /robots.txt and GET /sitemap.xml on SQLite and (postgres project) PostgreSQL: what a crawler reads first,
 * with absolute addresses from PUBLIC_URL.
 */
import { insertCategory, insertProduct } from '@shop/db/testing/factories'
import type { Product } from '@shop/schema/products'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

const PUBLIC_URL = 'https://shop.test'

describe('robots.txt and the sitemap', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL } })
  })
  afterAll(() => t.close())

  it('keeps crawlers out of the back office and the checkout, and names the sitemap', async () => {
    const response = await t.request({ method: 'GET', url: '/robots.txt' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.body).toBe(
      'User-agent: *\nDisallow: /admin\nDisallow: /checkout\n\nSitemap: https://shop.test/sitemap.xml\n',
    )
  })

  it('lists the home and products pages, every active category and every product on sale, with when each changed', async () => {
    const rings = await insertCategory(t.db, { name: 'Rings', slug: 'rings' })
    const hidden = await insertCategory(t.db, { name: 'Hidden', slug: 'hidden', active: false })
    const ring = await insertProduct(t.db, { name: 'Gold Ring', categoryId: rings.id })
    const draft = await insertProduct(t.db, { name: 'Draft Ring', categoryId: rings.id, active: false })
    const inHidden = await insertProduct(t.db, { name: 'Hidden Ring', categoryId: hidden.id })

    const response = await t.request({ method: 'GET', url: '/sitemap.xml' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8')
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    expect(locs).toEqual([
      'https://shop.test/',
      'https://shop.test/products',
      'https://shop.test/category/rings',
      `https://shop.test/product/${ring.id}`,
    ])
    expect(locs).not.toContain(`https://shop.test/product/${draft.id}`)
    expect(locs).not.toContain(`https://shop.test/product/${inHidden.id}`)
    const stored = await t.db.selectFrom('products').select('updated_at').where('id', '=', ring.id).executeTakeFirst()
    expect(response.body).toContain(
      `<url><loc>https://shop.test/product/${ring.id}</loc><lastmod>${stored?.updated_at}</lastmod></url>`,
    )
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true)
  })

  it('follows the catalog: a product taken off sale leaves the sitemap', async () => {
    const category = await insertCategory(t.db, { name: 'Pendants', slug: 'pendants' })
    const pendant = await insertProduct(t.db, { name: 'Dove Pendant', categoryId: category.id })
    const before = await t.request({ method: 'GET', url: '/sitemap.xml' })
    expect(before.body).toContain(`/product/${pendant.id}</loc>`)
    // The owner switches it off in the product form (PUT with active false).
    const token = await t.login()
    const product = (
      await t.request({ method: 'GET', url: `/api/admin/products/${pendant.id}`, token })
    ).json<Product>()
    const saved = await t.request({
      method: 'PUT',
      url: `/api/admin/products/${pendant.id}`,
      token,
      json: { ...product, active: false },
    })
    expect(saved.statusCode).toBe(200)
    const after = await t.request({ method: 'GET', url: '/sitemap.xml' })
    expect(after.body).not.toContain(`/product/${pendant.id}</loc>`)
    expect(after.body).toContain('/category/pendants</loc>')
  })
})
