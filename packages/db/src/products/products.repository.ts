import { centsToMoney, moneyToCents } from '@shop/schema/common'
import { variantLabel } from '@shop/schema/display'
import {
  type PersonalizationField,
  type PersonalizationFieldValues,
  type Product,
  type ProductOption,
  type ProductSort,
  type ProductValues,
  type Variant,
  type VariantValues,
  variantsOf,
} from '@shop/schema/products'
import { expressionBuilder, type Selectable, sql } from 'kysely'
import type { Database, Executor } from '../database'
import { type DbBool, fromDbBool, isOneOf, isPostgres, nowIso, toDbBool, toNumber } from '../dialect'
import { productMatches } from '../search/search'
import { isActiveLowStockVariant, isPubliclyVisible } from './product-rules'
import type { ProductVariantsTable } from './products.table'

/** A personalisation field as the product row keeps it (JSON), with its surcharge in cents. */
interface StoredField {
  id: number
  label: string
  maxLength: number
  required: boolean
  surchargeCents: number | null
  allowedCharacters: string | null
}

function parseJsonArray<T>(text: string | null | undefined): T[] {
  if (!text) return []
  const value: unknown = JSON.parse(text)
  return Array.isArray(value) ? (value as T[]) : []
}

export function optionsOf(row: { options: string }): ProductOption[] {
  return parseJsonArray<ProductOption>(row.options)
}

export function storedFieldsOf(row: { personalization: string }): StoredField[] {
  return parseJsonArray<StoredField>(row.personalization)
}

function toField(field: StoredField): PersonalizationField {
  return {
    id: field.id,
    label: field.label,
    maxLength: field.maxLength,
    required: field.required,
    surcharge: field.surchargeCents === null ? null : centsToMoney(field.surchargeCents),
    allowedCharacters: field.allowedCharacters,
  }
}

type VariantRow = Selectable<ProductVariantsTable>

/** A made-to-order lead time from its two columns (a variant's or an order line's); null when sold from stock. */
export function leadTimeOf(row: { lead_min_days: number | null; lead_max_days: number | null }) {
  return row.lead_min_days === null || row.lead_max_days === null
    ? null
    : { minDays: row.lead_min_days, maxDays: row.lead_max_days }
}

function toVariant(row: VariantRow, options: ProductOption[]): Variant {
  const values = parseJsonArray<string>(row.option_values)
  return {
    id: row.id,
    options: values,
    label: variantLabel(
      options.map((option) => option.name),
      values,
    ),
    sku: row.sku,
    price: centsToMoney(row.price_cents),
    stock: row.stock,
    minStock: row.min_stock,
    active: fromDbBool(row.active),
    imageUrl: row.image_url,
    leadTime: leadTimeOf(row),
  }
}

async function variantRowsByProduct(
  db: Executor,
  ids: number[],
  options: { activeOnly?: boolean } = {},
): Promise<Map<number, VariantRow[]>> {
  const variants = new Map<number, VariantRow[]>()
  if (ids.length === 0) return variants
  const { rows } = await sql<VariantRow>`select * from product_variants where ${isOneOf(db, 'product_id', ids)}
    ${options.activeOnly ? sql`and active = ${toDbBool(true)}` : sql``}
    order by product_id, position, id`.execute(db)
  for (const row of rows) {
    const list = variants.get(row.product_id)
    if (list) list.push(row)
    else variants.set(row.product_id, [row])
  }
  return variants
}

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

function toProduct(row: ProductRow, imageUrls: string[], variantRows: VariantRow[]): Product {
  const options = optionsOf(row)
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
    options,
    variants: variantRows.map((variant) => toVariant(variant, options)),
    personalization: storedFieldsOf(row).map(toField),
  }
}

/** The products of `rows` with their images and variants (the public sees only active variants). */
async function withDetails(
  db: Executor,
  rows: ProductRow[],
  options: { publicOnly?: boolean } = {},
): Promise<Product[]> {
  const ids = rows.map((row) => row.id)
  const [images, variants] = await Promise.all([
    imagesByProduct(db, ids),
    variantRowsByProduct(db, ids, { activeOnly: options.publicOnly }),
  ])
  return rows.map((row) => toProduct(row, images.get(row.id) ?? [], variants.get(row.id) ?? []))
}

export interface FindManyOptions {
  /** Only what the public may see (isPubliclyVisible). */
  publicOnly?: boolean
  categoryId?: number
  featured?: boolean
  active?: boolean
  /** Case-insensitive substring of name, SKU (the product's or a variant's) or description (search.ts). */
  search?: string
  sort?: ProductSort
  limit?: number
  offset?: number
}

function filtered(db: Executor, options: FindManyOptions) {
  let query = baseQuery(db)
  if (options.publicOnly) query = query.where(isPubliclyVisible)
  if (options.categoryId !== undefined) query = query.where('products.category_id', '=', options.categoryId)
  if (options.featured !== undefined) query = query.where('products.featured', '=', toDbBool(options.featured))
  if (options.active !== undefined) query = query.where('products.active', '=', toDbBool(options.active))
  if (options.search) query = query.where(productMatches(db, options.search))
  return query
}

/** Each sort of a product list: its column and direction, then the id to break ties. */
const SORT_KEYS = {
  newest: { column: 'products.created_at', direction: 'desc', idDirection: 'desc', valueOf: (row) => row.created_at },
  'price-asc': {
    column: 'products.price_cents',
    direction: 'asc',
    idDirection: 'asc',
    valueOf: (row) => row.price_cents,
  },
  'price-desc': {
    column: 'products.price_cents',
    direction: 'desc',
    idDirection: 'asc',
    valueOf: (row) => row.price_cents,
  },
  name: { column: 'products.name', direction: 'asc', idDirection: 'asc', valueOf: (row) => row.name },
} as const satisfies Record<
  ProductSort,
  {
    column: 'products.created_at' | 'products.price_cents' | 'products.name'
    direction: 'asc' | 'desc'
    idDirection: 'asc' | 'desc'
    /** The row's value of `column`, where the next chunk of a read starts. */
    valueOf: (row: ProductRow) => string | number
  }
>

function sorted(query: ReturnType<typeof filtered>, sort: ProductSort = 'newest') {
  const key = SORT_KEYS[sort]
  return query.orderBy(key.column, key.direction).orderBy('products.id', key.idDirection)
}

export async function findMany(db: Executor, options: FindManyOptions = {}): Promise<Product[]> {
  let query = sorted(filtered(db, options), options.sort)
  if (options.limit !== undefined) query = query.limit(options.limit)
  if (options.offset !== undefined) query = query.offset(options.offset)
  return withDetails(db, await query.execute(), options)
}

/** Where a read in chunks stopped: the sort value and the id of the last product it gave. */
export interface ProductCursor {
  value: string | number
  id: number
}

/**
 * The next `limit` products after `after`, in findMany's order for `options.sort`, and where the chunk ended
 * (undefined after the last). The chunk starts from the last one's sort key, not an offset: every chunk costs
 * the same however far the read has gone, so an export reads any number of products in constant memory.
 */
export async function findChunk(
  db: Executor,
  options: Omit<FindManyOptions, 'limit' | 'offset'>,
  after: ProductCursor | undefined,
  limit: number,
): Promise<{ products: Product[]; next: ProductCursor | undefined }> {
  const key = SORT_KEYS[options.sort ?? 'newest']
  let query = sorted(filtered(db, options), options.sort)
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb(key.column, key.direction === 'desc' ? '<' : '>', after.value),
        eb.and([eb(key.column, '=', after.value), eb('products.id', key.idDirection === 'desc' ? '<' : '>', after.id)]),
      ]),
    )
  }
  const rows = await query.limit(limit).execute()
  const last = rows.at(-1)
  const next = last && rows.length === limit ? { value: key.valueOf(last), id: last.id } : undefined
  return { products: await withDetails(db, rows, options), next }
}

/** The products of `ids` (those that exist), with images and every variant. */
export async function findByIds(db: Executor, ids: number[]): Promise<Product[]> {
  if (ids.length === 0) return []
  return withDetails(db, await baseQuery(db).where('products.id', 'in', ids).execute())
}

/** How many products findMany would answer without a limit. */
export async function count(db: Executor, options: FindManyOptions = {}): Promise<number> {
  const row = await filtered(db, options)
    .clearSelect()
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow()
  return toNumber(row.total)
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
  const [product] = await withDetails(db, [row], options)
  return product
}

/** What an order needs of a variant. */
export interface OrderableVariant {
  id: number
  sku: string
  priceCents: number
  stock: number
  active: boolean
  /** "Size 7 / Sterling silver"; empty for a product without options. */
  label: string
  imageUrl: string | null
  leadTime: { minDays: number; maxDays: number } | null
}

/** What an order needs of a product: its first image, options, personalisation fields and every variant. */
export interface OrderableProduct {
  id: number
  name: string
  /** The public may see and buy it (isPubliclyVisible). */
  isAvailable: boolean
  imageUrl: string | null
  options: ProductOption[]
  fields: PersonalizationField[]
  /** In the admin's order, inactive ones included. */
  variants: OrderableVariant[]
}

/** A product as orderableQuery reads it. */
interface OrderableRow {
  id: number
  name: string
  options: string
  personalization: string
  is_available: DbBool
  image_url: string | null
}

// The public visibility rule, built once: orderableQuery runs once per batch of orders.
const IS_PUBLICLY_VISIBLE = isPubliclyVisible(expressionBuilder<Database, 'products' | 'categories'>())

/**
 * What orders need of the products of `ids`, with `extra` columns. A text rather than the query builder: it runs
 * once per batch of orders, and building it took longer than running it.
 */
function orderableQuery<R extends OrderableRow>(db: Executor, ids: readonly number[], extra = sql``) {
  return sql<R>`select products.id, products.name, products.options, products.personalization,
      ${IS_PUBLICLY_VISIBLE} as is_available,
      (select product_images.url from product_images where product_images.product_id = products.id
        order by product_images.position limit 1) as image_url
      ${extra}
    from products left join categories on categories.id = products.category_id
    where ${isOneOf(db, 'products.id', ids)}`
}

/**
 * The products of `ids` as orders need them, whatever the count: on PostgreSQL one query, each product's variants
 * coming with it as a JSON array (the same rows, in the same order), since every statement there is a round trip;
 * on SQLite two, in process and cheaper than building JSON.
 */
export async function findOrderable(db: Executor, ids: number[]): Promise<Map<number, OrderableProduct>> {
  if (ids.length === 0) return new Map()
  if (isPostgres(db)) return toOrderableWithVariants((await orderableWithVariantsQuery(db, ids).execute(db)).rows)
  const [{ rows }, variants] = await Promise.all([orderableQuery(db, ids).execute(db), variantRowsByProduct(db, ids)])
  return toOrderable(rows, (row) => variants.get(row.id) ?? [])
}

/**
 * PostgreSQL: the products of `ids` with their variants as a JSON array each, to read on its own (findOrderable) or
 * within another statement (a batch of orders reads it with the codes and settings it needs).
 */
export function orderableWithVariantsQuery(db: Executor, ids: readonly number[]) {
  const query = orderableQuery<OrderableWithVariantsRow>(
    db,
    ids,
    sql`, (select coalesce(json_agg(variant order by variant.position, variant.id), '[]') from product_variants as variant
        where variant.product_id = products.id) as variants`,
  )
  // In parentheses, so that it may stand where a subquery does (PostgreSQL also runs it so on its own).
  return sql<OrderableWithVariantsRow>`(${query})`
}

type OrderableWithVariantsRow = OrderableRow & { variants: VariantRow[] }

export function toOrderableWithVariants(rows: OrderableWithVariantsRow[]): Map<number, OrderableProduct> {
  return toOrderable(rows, (row) => row.variants)
}

function toOrderable<R extends OrderableRow>(
  rows: R[],
  variantRows: (row: R) => VariantRow[],
): Map<number, OrderableProduct> {
  return new Map(
    rows.map((row) => {
      const options = optionsOf(row)
      return [
        row.id,
        {
          id: row.id,
          name: row.name,
          isAvailable: fromDbBool(row.is_available),
          imageUrl: row.image_url,
          options,
          fields: storedFieldsOf(row).map(toField),
          variants: variantRows(row).map((variant) => {
            const { id, sku, stock, active, imageUrl, leadTime, label } = toVariant(variant, options)
            return { id, sku, priceCents: variant.price_cents, stock, active, imageUrl, leadTime, label }
          }),
        },
      ]
    }),
  )
}

/**
 * What is low in stock (isActiveLowStockVariant), fewest first, one entry per variant: a product with options
 * appears once per low variant, named "Gold Cross Ring (Size 7)", with the variant's SKU, stock, minimum stock
 * and image.
 */
export async function findLowStock(db: Executor): Promise<Product[]> {
  const lows = await db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select(['product_variants.id', 'product_variants.product_id'])
    .where(isActiveLowStockVariant)
    .orderBy('product_variants.stock')
    .orderBy('products.name')
    .orderBy('product_variants.position')
    .execute()
  if (lows.length === 0) return []
  const products = new Map(
    (
      await withDetails(
        db,
        await baseQuery(db)
          .where(
            'products.id',
            'in',
            lows.map((low) => low.product_id),
          )
          .execute(),
      )
    ).map((product) => [product.id, product]),
  )
  return lows.flatMap((low) => {
    const product = products.get(low.product_id)
    const variant = product?.variants.find((candidate) => candidate.id === low.id)
    if (!product || !variant) return []
    return [
      {
        ...product,
        name: variant.label ? `${product.name} (${variant.label})` : product.name,
        sku: variant.sku,
        stock: variant.stock,
        minStock: variant.minStock,
        imageUrls: variant.imageUrl ? [variant.imageUrl, ...product.imageUrls] : product.imageUrls,
      },
    ]
  })
}

/** The product's own columns from its values (price and stock until refreshTotals sets them). */
export function toRow(values: ProductValues) {
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
    options: JSON.stringify(values.options),
  }
}

/** The fields to store: each keeps its id, a new one gets the next free one of the product. */
export function storedFields(fields: PersonalizationFieldValues[], existing: StoredField[]): string {
  let nextId = Math.max(0, ...existing.map((field) => field.id), ...fields.map((field) => field.id ?? 0)) + 1
  const stored: StoredField[] = fields.map((field) => ({
    id: field.id ?? nextId++,
    label: field.label,
    maxLength: field.maxLength,
    required: field.required,
    surchargeCents: field.surcharge === null ? null : moneyToCents(field.surcharge),
    allowedCharacters: field.allowedCharacters,
  }))
  return JSON.stringify(stored)
}

export function variantRow(variant: VariantValues, position: number) {
  return {
    position,
    option_values: JSON.stringify(variant.options),
    sku: variant.sku,
    price_cents: moneyToCents(variant.price),
    stock: variant.stock,
    min_stock: variant.minStock,
    active: toDbBool(variant.active),
    image_url: variant.imageUrl,
    lead_min_days: variant.leadTime?.minDays ?? null,
    lead_max_days: variant.leadTime?.maxDays ?? null,
  }
}

/** The ids of the product's variants, in order. */
export async function variantIdsOf(db: Executor, productId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute()
  return rows.map((row) => row.id)
}

/**
 * Makes the product's variants `variants`: those with an id are updated, those without are added, the others
 * deleted (order lines keep their own copy of name, SKU and price). Ids must be the product's (the caller
 * checks). Then the product's SKUs and totals are brought in step.
 */
async function saveVariants(db: Executor, productId: number, productSku: string, variants: VariantValues[]) {
  const now = nowIso()
  const kept = variants.flatMap((variant) => (variant.id === undefined ? [] : [variant.id]))
  let removal = db.deleteFrom('product_variants').where('product_id', '=', productId)
  if (kept.length > 0) removal = removal.where('id', 'not in', kept)
  await removal.execute()
  // SKUs move between variants of one save (a swap, a rename into a freed one): park the kept ones first, so the
  // unique index sees only the final SKUs. A parked SKU is longer than any real one (64 characters at most).
  for (const id of kept) {
    await db
      .updateTable('product_variants')
      .set({ sku: `${'#'.repeat(65)}${id}` })
      .where('id', '=', id)
      .execute()
  }
  for (const [position, variant] of variants.entries()) {
    if (variant.id === undefined) {
      await db
        .insertInto('product_variants')
        .values({ ...variantRow(variant, position), product_id: productId, created_at: now, updated_at: now })
        .execute()
    } else {
      await db
        .updateTable('product_variants')
        .set({ ...variantRow(variant, position), updated_at: now })
        .where('id', '=', variant.id)
        .where('product_id', '=', productId)
        .execute()
    }
  }
  await db.deleteFrom('product_skus').where('product_id', '=', productId).execute()
  const keys = [...new Set([productSku, ...variants.map((variant) => variant.sku)].map((sku) => sku.toLowerCase()))]
  await db
    .insertInto('product_skus')
    .values(keys.map((key) => ({ sku_key: key, product_id: productId })))
    .execute()
  await refreshTotals(db, [productId])
}

/** Which of `skus` another product than `productId` already uses (letter case aside). */
export async function skusTakenElsewhere(db: Executor, skus: string[], productId?: number): Promise<string[]> {
  const keys = [...new Set(skus.map((sku) => sku.toLowerCase()))]
  if (keys.length === 0) return []
  let query = db.selectFrom('product_skus').select('sku_key').where('sku_key', 'in', keys)
  if (productId !== undefined) query = query.where('product_id', '!=', productId)
  const taken = new Set((await query.execute()).map((row) => row.sku_key))
  return skus.filter((sku) => taken.has(sku.toLowerCase()))
}

/**
 * Brings each product's price and stock in step with its variants: the lowest active variant price (the lowest
 * of all when none is active) and the sum of active variants' stock. One statement for any number of products.
 */
export async function refreshTotals(db: Executor, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return
  await refreshTotalsQuery(db, productIds).execute(db)
}

/** The update refreshTotals makes, to run within another statement (PostgreSQL's batch of orders). */
export function refreshTotalsQuery(db: Executor, productIds: readonly number[]) {
  // A text rather than the query builder: it runs once per batch of orders, and building it took longer than running it.
  return sql`update products set
      price_cents = coalesce(
        (select min(product_variants.price_cents) from product_variants
          where product_variants.product_id = products.id and product_variants.active = ${toDbBool(true)}),
        (select min(product_variants.price_cents) from product_variants where product_variants.product_id = products.id),
        products.price_cents),
      stock = coalesce(
        (select sum(product_variants.stock) from product_variants
          where product_variants.product_id = products.id and product_variants.active = ${toDbBool(true)}),
        0)
    where ${isOneOf(db, 'products.id', productIds)}`
}

async function replaceImages(db: Executor, productId: number, urls: string[]): Promise<void> {
  await db.deleteFrom('product_images').where('product_id', '=', productId).execute()
  if (urls.length === 0) return
  await db
    .insertInto('product_images')
    .values(urls.map((url, position) => ({ product_id: productId, position, url })))
    .execute()
}

/** Inserts the product, its images and variants; call inside a transaction. */
export async function insert(db: Executor, values: ProductValues): Promise<number> {
  const now = nowIso()
  const { id } = await db
    .insertInto('products')
    .values({
      ...toRow(values),
      personalization: storedFields(values.personalization, []),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await replaceImages(db, id, values.imageUrls)
  await saveVariants(db, id, values.sku, variantsOf(values))
  return id
}

/**
 * Updates the product, its images and variants; call inside a transaction. A product without options keeps the
 * id of its one variant (the first it has).
 */
export async function update(db: Executor, id: number, values: ProductValues): Promise<boolean> {
  const current = await db.selectFrom('products').select('personalization').where('id', '=', id).executeTakeFirst()
  if (!current) return false
  await db
    .updateTable('products')
    .set({
      ...toRow(values),
      personalization: storedFields(values.personalization, storedFieldsOf(current)),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute()
  await replaceImages(db, id, values.imageUrls)
  const [firstVariant] = await variantIdsOf(db, id)
  await saveVariants(db, id, values.sku, variantsOf(values, firstVariant))
  return true
}

export async function remove(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst()
  return toNumber(result.numDeletedRows) > 0
}

/**
 * Takes `quantity` units of a variant if that many are in stock, in one conditional UPDATE: two buyers racing for
 * the last unit cannot both succeed, on SQLite or PostgreSQL, whatever the isolation level. The product's totals
 * are the caller's to refresh (refreshTotals), once per transaction.
 */
export async function takeStock(db: Executor, variantId: number, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '-', quantity), updated_at: nowIso() }))
    .where('id', '=', variantId)
    .where('stock', '>=', quantity)
    .executeTakeFirst()
  return toNumber(result.numUpdatedRows) > 0
}

/**
 * Takes each variant's quantity from its stock in one conditional UPDATE (an order batch's round trip to the
 * database, however many variants it takes): true only when every variant had enough, else false, and the caller's
 * transaction must roll back (some rows may have been taken).
 */
export async function takeStockOfMany(db: Executor, quantities: ReadonlyMap<number, number>): Promise<boolean> {
  if (quantities.size === 0) return true
  // One text whatever the number of variants (and no query builder: it runs once per batch of orders).
  const taken = isPostgres(db)
    ? sql`unnest(cast(${[...quantities.keys()]} as integer[]), cast(${[...quantities.values()]} as integer[]))
        as taken(id, quantity)`
    : sql`(select value ->> 0 as id, value ->> 1 as quantity from json_each(${JSON.stringify([...quantities])})) as taken`
  const result = await sql`update product_variants
    set stock = product_variants.stock - taken.quantity, updated_at = ${nowIso()}
    from ${taken}
    where product_variants.id = taken.id and product_variants.stock >= taken.quantity`.execute(db)
  return toNumber(result.numAffectedRows) === quantities.size
}

/**
 * Puts `quantity` units of a variant back if its stock stays at or below `maxStock`, in one conditional UPDATE,
 * so concurrent returns cannot together pass the maximum. False when the variant is gone or would pass it.
 */
export async function releaseStock(
  db: Executor,
  variantId: number,
  quantity: number,
  limits: { maxStock: number },
): Promise<boolean> {
  const result = await db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '+', quantity), updated_at: nowIso() }))
    .where('id', '=', variantId)
    .where('stock', '<=', limits.maxStock - quantity)
    .executeTakeFirst()
  return toNumber(result.numUpdatedRows) > 0
}

/** A variant with its product's name, for messages about its stock. */
export async function findVariant(
  db: Executor,
  variantId: number,
): Promise<{ productId: number; productName: string; stock: number; label: string } | undefined> {
  const row = await db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select([
      'product_variants.product_id',
      'product_variants.stock',
      'product_variants.option_values',
      'products.name',
      'products.options',
    ])
    .where('product_variants.id', '=', variantId)
    .executeTakeFirst()
  if (!row) return undefined
  const label = variantLabel(
    optionsOf(row).map((option) => option.name),
    parseJsonArray<string>(row.option_values),
  )
  return { productId: row.product_id, productName: row.name, stock: row.stock, label }
}
