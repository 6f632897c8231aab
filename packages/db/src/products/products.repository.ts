import { centsToMoney, moneyToCents } from '@shop/schema/common'
import type { Product, ProductSort, ProductValues } from '@shop/schema/products'
import { sql } from 'kysely'
import type { Executor } from '../database'
import { fromDbBool, nowIso, toDbBool, toNumber } from '../dialect'
import { isActiveLowStock, isPubliclyVisible } from './product-rules'

function baseQuery(db: Executor) {
  return db
    .selectFrom('products')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .selectAll('products')
    .select(['categories.name as category_name', 'categories.slug as category_slug'])
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>

async function imagesByProduct(db: Executor, ids: number[]): Promise<Map<number, string[]>> {
  const images = new Map<number, string[]>()
  if (ids.length === 0) return images
  const rows = await db
    .selectFrom('product_images')
    .select(['product_id', 'url'])
    .where('product_id', 'in', ids)
    .orderBy('product_id')
    .orderBy('position')
    .execute()
  for (const row of rows) {
    const list = images.get(row.product_id)
    if (list) list.push(row.url)
    else images.set(row.product_id, [row.url])
  }
  return images
}

function toProduct(row: ProductRow, imageUrls: string[]): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: centsToMoney(row.price_cents),
    categoryId: row.category_id,
    categoryName: row.category_name,
    categorySlug: row.category_slug,
    imageUrls,
    sku: row.sku,
    stock: row.stock,
    minStock: row.min_stock,
    featured: fromDbBool(row.featured),
    active: fromDbBool(row.active),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

async function withImages(db: Executor, rows: ProductRow[]): Promise<Product[]> {
  const images = await imagesByProduct(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toProduct(row, images.get(row.id) ?? []))
}

export interface FindManyOptions {
  /** Only what the public may see (isPubliclyVisible). */
  publicOnly?: boolean
  categoryId?: number
  featured?: boolean
  /** Case-insensitive substring of name, SKU or description. */
  search?: string
  sort?: ProductSort
  limit?: number
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%" and not everything. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export async function findMany(db: Executor, options: FindManyOptions = {}): Promise<Product[]> {
  let query = baseQuery(db)
  if (options.publicOnly) query = query.where(isPubliclyVisible)
  if (options.categoryId !== undefined) query = query.where('products.category_id', '=', options.categoryId)
  if (options.featured !== undefined) query = query.where('products.featured', '=', toDbBool(options.featured))
  if (options.search) {
    const pattern = likePattern(options.search)
    // ESCAPE makes the backslash escapes of likePattern mean the same on SQLite and PostgreSQL.
    query = query.where(
      sql<boolean>`(lower(products.name) like ${pattern} escape '\\' or lower(products.sku) like ${pattern} escape '\\' or lower(products.description) like ${pattern} escape '\\')`,
    )
  }
  switch (options.sort ?? 'newest') {
    case 'newest':
      query = query.orderBy('products.created_at', 'desc').orderBy('products.id', 'desc')
      break
    case 'price-asc':
      query = query.orderBy('products.price_cents', 'asc').orderBy('products.id')
      break
    case 'price-desc':
      query = query.orderBy('products.price_cents', 'desc').orderBy('products.id')
      break
    case 'name':
      query = query.orderBy('products.name').orderBy('products.id')
      break
  }
  if (options.limit !== undefined) query = query.limit(options.limit)
  return withImages(db, await query.execute())
}

export async function findById(
  db: Executor,
  id: number,
  options: { publicOnly?: boolean } = {},
): Promise<Product | undefined> {
  let query = baseQuery(db).where('products.id', '=', id)
  if (options.publicOnly) query = query.where(isPubliclyVisible)
  const row = await query.executeTakeFirst()
  if (!row) return undefined
  const [product] = await withImages(db, [row])
  return product
}

/** What an order needs of a product: one query, with the first image only. */
export interface OrderableProduct {
  id: number
  name: string
  sku: string
  priceCents: number
  stock: number
  /** The public may see and buy it (isPubliclyVisible). */
  isAvailable: boolean
  imageUrl: string | null
}

export async function findOrderable(db: Executor, ids: number[]): Promise<Map<number, OrderableProduct>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('products')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .select((eb) => [
      'products.id',
      'products.name',
      'products.sku',
      'products.price_cents',
      'products.stock',
      isPubliclyVisible(eb).as('is_available'),
      eb
        .selectFrom('product_images')
        .select('product_images.url')
        .whereRef('product_images.product_id', '=', 'products.id')
        .orderBy('product_images.position')
        .limit(1)
        .as('image_url'),
    ])
    .where('products.id', 'in', ids)
    .execute()
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        sku: row.sku,
        priceCents: row.price_cents,
        stock: row.stock,
        isAvailable: fromDbBool(row.is_available),
        imageUrl: row.image_url,
      },
    ]),
  )
}

/** Active products at or below their minimum stock, fewest first. */
export async function findLowStock(db: Executor): Promise<Product[]> {
  const rows = await baseQuery(db).where(isActiveLowStock).orderBy('products.stock').orderBy('products.name').execute()
  return withImages(db, rows)
}

function toRow(values: ProductValues) {
  return {
    name: values.name,
    description: values.description,
    price_cents: moneyToCents(values.price),
    category_id: values.categoryId,
    sku: values.sku,
    stock: values.stock,
    min_stock: values.minStock,
    featured: toDbBool(values.featured),
    active: toDbBool(values.active),
  }
}

async function replaceImages(db: Executor, productId: number, urls: string[]): Promise<void> {
  await db.deleteFrom('product_images').where('product_id', '=', productId).execute()
  if (urls.length === 0) return
  await db
    .insertInto('product_images')
    .values(urls.map((url, position) => ({ product_id: productId, position, url })))
    .execute()
}

/** Inserts the product and its images; call inside a transaction. */
export async function insert(db: Executor, values: ProductValues): Promise<number> {
  const now = nowIso()
  const { id } = await db
    .insertInto('products')
    .values({ ...toRow(values), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  await replaceImages(db, id, values.imageUrls)
  return id
}

/** Updates the product and replaces its images; call inside a transaction. */
export async function update(db: Executor, id: number, values: ProductValues): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ ...toRow(values), updated_at: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst()
  if (toNumber(result.numUpdatedRows) === 0) return false
  await replaceImages(db, id, values.imageUrls)
  return true
}

export async function remove(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst()
  return toNumber(result.numDeletedRows) > 0
}

/**
 * Takes `quantity` units if that many are in stock, in one conditional UPDATE: two buyers racing for the last
 * unit cannot both succeed, on SQLite or PostgreSQL, whatever the isolation level.
 */
export async function takeStock(db: Executor, id: number, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', quantity), updated_at: nowIso() }))
    .where('id', '=', id)
    .where('stock', '>=', quantity)
    .executeTakeFirst()
  return toNumber(result.numUpdatedRows) > 0
}

/**
 * Puts `quantity` units back if the stock stays at or below `maxStock`, in one conditional UPDATE, so concurrent
 * returns cannot together pass the maximum. False when the product is gone or the stock would pass it.
 */
export async function releaseStock(
  db: Executor,
  id: number,
  quantity: number,
  limits: { maxStock: number },
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '+', quantity), updated_at: nowIso() }))
    .where('id', '=', id)
    .where('stock', '<=', limits.maxStock - quantity)
    .executeTakeFirst()
  return toNumber(result.numUpdatedRows) > 0
}
