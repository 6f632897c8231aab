import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as categories from '../categories/categories.repository'
import * as orders from '../orders/orders.repository'
import * as products from '../products/products.repository'
import * as testimonials from '../testimonials/testimonials.repository'
import { createTestDb, type TestDb } from '../testing/create-test-db'
import { isEmpty, type SeedSummary, seedDemo } from './seed'

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg'
const NOW = new Date('2026-03-15T12:00:00.000Z')
const DAY_MS = 24 * 60 * 60 * 1000

describe('seedDemo', () => {
  let testDb: TestDb
  let uploadsDir: string
  let wasEmpty: boolean
  let summary: SeedSummary

  beforeAll(async () => {
    testDb = await createTestDb()
    uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-seed-uploads-'))
    wasEmpty = await isEmpty(testDb.db)
    summary = await seedDemo(testDb.db, { uploadsDir, now: NOW })
  })

  afterAll(async () => {
    await testDb?.cleanup()
    if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true })
  })

  function demoFile(url: string): string {
    return path.join(uploadsDir, ...url.replace(/^\/uploads\//, '').split('/'))
  }

  it('reports an empty database as empty before seeding and as filled after', async () => {
    expect(wasEmpty).toBe(true)
    expect(await isEmpty(testDb.db)).toBe(false)
  })

  it('returns counts that match what it wrote', async () => {
    const { db } = testDb
    expect(summary).toEqual({
      categories: (await categories.findMany(db, { activeOnly: false })).length,
      products: (await products.findMany(db)).length,
      testimonials: (await testimonials.findMany(db)).length,
      orders: (await orders.findMany(db)).length,
    })
  })

  it('creates active categories, necklaces among them, each with an image', async () => {
    const active = await categories.findMany(testDb.db, { activeOnly: true })
    expect(active.length).toBeGreaterThanOrEqual(4)
    expect(active.map((c) => c.slug)).toContain('necklaces')
    for (const category of active) {
      expect(category.description).toBeTruthy()
      expect(category.imageUrl).toMatch(/^\/uploads\/demo\/[a-z0-9-]+\.svg$/)
    }
  })

  it('creates a catalogue with sold-out, low-stock, featured and inactive products', async () => {
    const all = await products.findMany(testDb.db)
    expect(all.length).toBeGreaterThanOrEqual(16)
    // Sold out: stock 0 and nothing made to order (the garnet rosary is made to order, from no stock).
    const soldOut = all.filter((p) => p.stock === 0 && p.variants.every((v) => v.leadTime === null))
    expect(soldOut).toHaveLength(1)
    expect(all.some((p) => p.stock === 0 && p.variants[0]?.leadTime !== null)).toBe(true)
    expect(all.some((p) => p.stock > 0 && p.stock <= p.minStock)).toBe(true)
    expect(all.some((p) => !p.active)).toBe(true)
    const featured = await products.findMany(testDb.db, { publicOnly: true, featured: true })
    expect(featured.length).toBeGreaterThanOrEqual(3)
    expect((await products.findLowStock(testDb.db)).length).toBeGreaterThanOrEqual(2)
  })

  it('gives SKUs the product form format: the category name prefix and 4 digits', async () => {
    const all = await products.findMany(testDb.db)
    for (const product of all) {
      const prefix = (product.categoryName ?? '')
        .replace(/[^a-z]/gi, '')
        .slice(0, 3)
        .toUpperCase()
      expect(product.sku).toMatch(new RegExp(`^${prefix}-\\d{4}$`))
      expect(product.price).toMatch(/^\d+\.\d{2}$/)
    }
    expect(new Set(all.map((p) => p.sku)).size).toBe(all.length)
  })

  it('gives most products a gallery of several images', async () => {
    const all = await products.findMany(testDb.db)
    expect(all.every((p) => p.imageUrls.length >= 1)).toBe(true)
    expect(all.filter((p) => p.imageUrls.length >= 2).length).toBeGreaterThan(all.length / 2)
  })

  it('writes every image as a self-contained SVG under /uploads/demo/', async () => {
    const all = await products.findMany(testDb.db)
    const cats = await categories.findMany(testDb.db, { activeOnly: false })
    const people = await testimonials.findMany(testDb.db)
    const urls = [
      ...all.flatMap((p) => p.imageUrls),
      ...cats.flatMap((c) => (c.imageUrl ? [c.imageUrl] : [])),
      ...people.flatMap((t) => (t.avatarUrl ? [t.avatarUrl] : [])),
    ]
    expect(new Set(urls).size).toBe(urls.length)
    for (const url of urls) {
      expect(url.startsWith('/uploads/demo/')).toBe(true)
      const file = demoFile(url)
      expect(fs.existsSync(file), url).toBe(true)
      const svg = fs.readFileSync(file, 'utf8')
      expect(svg.startsWith('<svg'), url).toBe(true)
      expect(svg).toMatch(/<title>[^<]+<\/title>/)
      const withoutNamespace = svg.replaceAll(SVG_NAMESPACE, '')
      expect(withoutNamespace, url).not.toContain('http')
      expect(withoutNamespace, url).not.toContain('//')
      // Every reference stays inside the file: href="#id" and url(#id) only.
      expect(withoutNamespace, url).not.toMatch(/href="(?!#)/)
      expect(withoutNamespace, url).not.toMatch(/url\((?!#)/)
      expect(Buffer.byteLength(svg), url).toBeLessThan(8_000)
    }
  })

  it('creates testimonials, some featured, some with avatars and most without', async () => {
    const all = await testimonials.findMany(testDb.db)
    expect(all.length).toBeGreaterThanOrEqual(4)
    expect((await testimonials.findFeatured(testDb.db)).length).toBeGreaterThanOrEqual(4)
    expect(all.filter((t) => t.avatarUrl === null).length).toBeGreaterThan(all.length / 2)
    for (const testimonial of all) expect(Date.parse(testimonial.createdAt)).toBeLessThan(NOW.getTime())
  })

  it('creates a month of orders in every status, numbered from ORD-1001 in date order', async () => {
    const summaries = await orders.findMany(testDb.db)
    for (const status of ['pending', 'processing', 'completed', 'cancelled'] as const) {
      expect(summaries.filter((o) => o.status === status).length, status).toBeGreaterThanOrEqual(2)
    }
    const oldestFirst = [...summaries].reverse()
    expect(oldestFirst.map((o) => o.orderNumber)).toEqual(summaries.map((_, i) => `ORD-${1001 + i}`))
    for (const order of summaries) {
      const age = NOW.getTime() - Date.parse(order.createdAt)
      expect(age).toBeGreaterThan(0)
      expect(age).toBeLessThanOrEqual(31 * DAY_MS)
      expect(order.customerEmail).toMatch(/@example\.com$/)
      expect(order.customerAddress).toMatch(/^[^,]+, [^,]+, [A-Z]{2} \d{5}, USA$/)
    }
  })

  it('prices order lines at the product prices and totals them', async () => {
    const summaries = await orders.findMany(testDb.db)
    const bySku = new Map(
      (await products.findMany(testDb.db)).flatMap((p) =>
        p.variants.map((v) => [v.sku, { ...p, variant: v }] as const),
      ),
    )
    for (const summary of summaries) {
      const order = await orders.findByIdWithItems(testDb.db, summary.id)
      expect(order?.items.length).toBeGreaterThanOrEqual(1)
      expect(order?.items.length).toBeLessThanOrEqual(3)
      let totalCents = 0
      for (const item of order?.items ?? []) {
        const product = bySku.get(item.sku)
        expect(product, item.sku).toBeDefined()
        expect(item.productId).toBe(product?.id)
        expect(item.variantId).toBe(product?.variant.id)
        expect(item.variantLabel).toBe(product?.variant.label || null)
        expect(item.price).toBe(product?.variant.price)
        expect(item.imageUrl).toBe(product?.imageUrls[0])
        totalCents += Math.round(Number(item.price) * 100) * item.quantity
      }
      expect(Math.round(Number(order?.total) * 100)).toBe(totalCents)
    }
  })
})
