import fs from 'node:fs/promises'
import path from 'node:path'
import zlib from 'node:zlib'
import { slugify, ZCategoryInput } from '@shop/schema/categories'
import { moneyToCents } from '@shop/schema/common'
import { ZCreateOrderInput } from '@shop/schema/orders'
import { ZProductInput } from '@shop/schema/products'
import { ZTestimonialInput } from '@shop/schema/testimonials'
import * as categories from '../categories/categories.repository'
import type { Db } from '../database'
import * as money from '../money/money.repository'
import * as orders from '../orders/orders.repository'
import * as payments from '../payments/payments.repository'
import * as products from '../products/products.repository'
import * as testimonials from '../testimonials/testimonials.repository'
import { renderAvatarSvg, renderCategorySvg, renderProductSvg } from './artwork'
import { DEMO_CATEGORIES, DEMO_ORDERS, DEMO_PRODUCTS, DEMO_TESTIMONIALS } from './demo-data'

export interface SeedSummary {
  categories: number
  products: number
  testimonials: number
  orders: number
}

/** The demo artwork lives in its own folder under the uploads, served at /uploads/demo/. */
const DEMO_FOLDER = 'demo'
const DAY_MS = 24 * 60 * 60 * 1000

interface Artwork {
  file: string
  svg: string
}

function demoUrl(file: string): string {
  return `/uploads/${DEMO_FOLDER}/${file}`
}

function categoryFile(slug: string): string {
  return `category-${slug}.svg`
}

function productFile(name: string, index: number): string {
  return `${slugify(name)}-${index + 1}.svg`
}

function avatarFile(name: string): string {
  return `avatar-${slugify(name)}.svg`
}

function drawArtwork(): Artwork[] {
  const artwork: Artwork[] = []
  for (const category of DEMO_CATEGORIES) {
    artwork.push({
      file: categoryFile(category.slug),
      svg: renderCategorySvg({ title: category.name, ...category.art }),
    })
  }
  for (const product of DEMO_PRODUCTS) {
    product.images.forEach((image, i) => {
      const title = image.view === 'detail' ? `${product.name}, close-up` : product.name
      artwork.push({ file: productFile(product.name, i), svg: renderProductSvg({ ...product.piece, ...image, title }) })
    })
  }
  for (const testimonial of DEMO_TESTIMONIALS) {
    if (!testimonial.avatar) continue
    artwork.push({
      file: avatarFile(testimonial.name),
      svg: renderAvatarSvg({ title: testimonial.name, ...testimonial.avatar }),
    })
  }
  return artwork
}

/**
 * An artwork file and its brotli and gzip copies, which the uploads' file server sends to a browser that accepts
 * them: the drawings are text, a quarter of their size compressed, and the home page shows five of them while its
 * code is still arriving on a phone's line.
 */
function writeArtwork(file: string, svg: string): Promise<void>[] {
  const bytes = Buffer.from(svg)
  return [
    fs.writeFile(file, bytes),
    fs.writeFile(
      `${file}.br`,
      zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ),
    fs.writeFile(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 })),
  ]
}

/** True when the shop has no categories, products or orders: a fresh install that the demo may fill. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [category, product, order] = await Promise.all([
    db.selectFrom('categories').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('products').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('orders').select('id').limit(1).executeTakeFirst(),
  ])
  return !category && !product && !order
}

/**
 * Fills the shop with the demo catalogue, testimonials and a month of orders. The artwork is written first, so no
 * row ever points at a missing file; the rows go in one transaction, so a failed seed leaves the database as it was.
 * Stock is the demo's current stock: the orders are history and take nothing from it.
 */
export async function seedDemo(db: Db, options: { uploadsDir: string; now?: Date }): Promise<SeedSummary> {
  const now = options.now ?? new Date()
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString()

  const folder = path.join(options.uploadsDir, DEMO_FOLDER)
  await fs.mkdir(folder, { recursive: true })
  await Promise.all(drawArtwork().flatMap(({ file, svg }) => writeArtwork(path.join(folder, file), svg)))

  return db.transaction().execute(async (tx) => {
    const categoryIds = new Map<string, number>()
    for (const demo of DEMO_CATEGORIES) {
      const values = ZCategoryInput.parse({
        name: demo.name,
        slug: demo.slug,
        description: demo.description,
        imageUrl: demoUrl(categoryFile(demo.slug)),
        active: demo.active,
      })
      const category = await categories.insert(tx, values)
      categoryIds.set(category.slug, category.id)
    }

    // Every SKU a demo order may name (a product without options, or a variant), with what its line copies.
    const productsBySku = new Map<
      string,
      {
        id: number
        variantId: number
        name: string
        priceCents: number
        imageUrl: string | null
        variantLabel: string | null
        leadTime: { minDays: number; maxDays: number } | null
      }
    >()
    for (const demo of DEMO_PRODUCTS) {
      const categoryId = categoryIds.get(demo.categorySlug)
      if (categoryId === undefined)
        throw new Error(`Demo product ${demo.sku} names unknown category ${demo.categorySlug}`)
      const values = ZProductInput.parse({
        name: demo.name,
        description: demo.description,
        price: demo.price,
        categoryId,
        imageUrls: demo.images.map((_, i) => demoUrl(productFile(demo.name, i))),
        sku: demo.sku,
        stock: demo.stock,
        minStock: demo.minStock,
        featured: demo.featured,
        active: demo.active,
        options: demo.options ?? [],
        variants: demo.variants,
        leadTime: demo.leadTime ?? null,
        personalization: demo.personalization ?? [],
      })
      const id = await products.insert(tx, values)
      const product = await products.findById(tx, id)
      if (!product) throw new Error(`Demo product ${demo.sku} was not written`)
      for (const variant of product.variants) {
        productsBySku.set(variant.sku, {
          id,
          variantId: variant.id,
          name: product.name,
          priceCents: moneyToCents(variant.price),
          imageUrl: variant.imageUrl ?? product.imageUrls[0] ?? null,
          variantLabel: variant.label || null,
          leadTime: variant.leadTime,
        })
      }
    }

    for (const demo of DEMO_TESTIMONIALS) {
      const values = ZTestimonialInput.parse({
        name: demo.name,
        location: demo.location,
        content: demo.content,
        rating: demo.rating,
        avatarUrl: demo.avatar ? demoUrl(avatarFile(demo.name)) : null,
        active: demo.active,
        featured: demo.featured,
      })
      await testimonials.insert(tx, values, daysAgo(demo.daysAgo))
    }

    // Oldest first, so order numbers rise with the order dates as they would have in a real shop.
    const history = [...DEMO_ORDERS].sort((a, b) => b.daysAgo - a.daysAgo)
    for (const demo of history) {
      const lines = demo.items.map(({ sku, quantity }) => {
        const product = productsBySku.get(sku)
        if (!product) throw new Error(`Demo order of ${demo.customerEmail} names unknown SKU ${sku}`)
        return { product, sku, quantity }
      })
      const input = ZCreateOrderInput.parse({
        customerName: demo.customerName,
        customerEmail: demo.customerEmail,
        customerAddress: demo.customerAddress,
        notes: demo.notes,
        items: lines.map(({ product, quantity }) => ({
          productId: product.id,
          variantId: product.variantId,
          quantity,
        })),
      })
      const items = lines.map(({ product, sku, quantity }) => ({
        productId: product.id,
        variantId: product.variantId,
        name: product.name,
        sku,
        priceCents: product.priceCents,
        quantity,
        imageUrl: product.imageUrl,
        variantLabel: product.variantLabel,
        personalization: [],
        leadTime: product.leadTime,
      }))
      const order = await orders.insert(tx, {
        orderNumber: await orders.nextOrderNumber(tx),
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        customerAddress: input.customerAddress,
        notes: input.notes,
        status: demo.status,
        totalCents: items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0),
        items,
        createdAt: daysAgo(demo.daysAgo),
      })
      // Completed demo orders were paid: the dashboard's revenue counts paid orders.
      if (demo.status === 'completed') {
        await payments.record(tx, {
          orderId: order.id,
          kind: 'payment',
          amountCents: moneyToCents(order.total),
          note: 'Demo order, paid',
          actor: null,
        })
      }
    }

    // The demo's money settings: no shipping zones and no tax rates, so the demo checks out as the spec shows it
    // (shipping free, tax $0.00, the total the sum of the lines), as a new shop does. Zones and rates have no on/off
    // switch: any row written here would charge at once, so the demo writes none and the owner adds them in
    // Settings (docs/guide/money-and-payments.md, decision 0016). The code stays: it costs nothing until a buyer types it.
    await money.insertDiscount(tx, {
      code: 'WELCOME10',
      kind: 'percent',
      amount: 1000,
      minSubtotalCents: 5000,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      oncePerEmail: true,
      active: true,
    })

    return {
      categories: DEMO_CATEGORIES.length,
      products: DEMO_PRODUCTS.length,
      testimonials: DEMO_TESTIMONIALS.length,
      orders: history.length,
    }
  })
}
