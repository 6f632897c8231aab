import { type ProductValues, variantsOf } from '@shop/schema/products'
import { type RawBuilder, sql } from 'kysely'
import type { Executor } from '../database'
import { nowIso } from '../dialect'
import { chunks } from '../statement-chunks'
import { refreshTotals, storedFields, toRow, variantRow } from './products.repository'

/**
 * Many products written in a few statements (the CSV import, docs/decisions/0007-products-csv.md): one multi-row INSERT
 * or UPDATE per table and per chunk, instead of a round trip per product and variant, so 10,000 rows are written in
 * seconds on PostgreSQL as on SQLite.
 */

// Rows per statement: at 15 columns a row, far below SQLite's 32,766 bound parameters and PostgreSQL's 65,535.
const CHUNK = 500

/** Which product uses each of `skus` (its own SKU or a variant's), by SKU folded to lower case. */
export async function findSkuOwners(db: Executor, skus: readonly string[]): Promise<Map<string, number>> {
  const owners = new Map<string, number>()
  const keys = [...new Set(skus.map((sku) => sku.toLowerCase()))]
  for (const chunk of chunks(keys, 2000)) {
    const rows = await db
      .selectFrom('product_skus')
      .select(['sku_key', 'product_id'])
      .where('sku_key', 'in', chunk)
      .execute()
    for (const row of rows) owners.set(row.sku_key, row.product_id)
  }
  return owners
}

type ColumnType = 'integer' | 'text' | 'boolean'
type UpdatableTable = 'products' | 'product_variants'

/**
 * Writes each row over the row of `table` with its id, in one statement per chunk: UPDATE ... FROM (VALUES ...),
 * which SQLite (3.33 and later) and PostgreSQL both run, and which leaves alone an id that no longer exists. A
 * VALUES list names its columns column1, column2... on both; each value is cast to its column's type, because
 * PostgreSQL reads the parameters of a VALUES list as text.
 */
async function updateManyById(
  db: Executor,
  table: UpdatableTable,
  columns: Record<string, ColumnType>,
  rows: ReadonlyArray<Record<string, unknown> & { id: number }>,
): Promise<void> {
  const names = Object.keys(columns)
  const cast = (value: unknown, type: ColumnType): RawBuilder<unknown> => sql`cast(${value} as ${sql.raw(type)})`
  for (const chunk of chunks(rows, CHUNK)) {
    const values = chunk.map(
      (row) =>
        sql`(${sql.join([cast(row.id, 'integer'), ...names.map((name) => cast(row[name], columns[name] ?? 'text'))])})`,
    )
    const assignments = names.map((name, i) => sql`${sql.ref(name)} = ${sql.ref(`v.column${i + 2}`)}`)
    await sql`update ${sql.table(table)} set ${sql.join(assignments)}
      from (values ${sql.join(values)}) as v
      where ${sql.ref(`${table}.id`)} = v.column1`.execute(db)
  }
}

const PRODUCT_COLUMNS = {
  name: 'text',
  description: 'text',
  price_cents: 'integer',
  category_id: 'integer',
  sku: 'text',
  stock: 'integer',
  min_stock: 'integer',
  featured: 'boolean',
  active: 'boolean',
  options: 'text',
  personalization: 'text',
  updated_at: 'text',
} as const satisfies Record<string, ColumnType>

const VARIANT_COLUMNS = {
  position: 'integer',
  option_values: 'text',
  sku: 'text',
  price_cents: 'integer',
  stock: 'integer',
  min_stock: 'integer',
  active: 'boolean',
  image_url: 'text',
  lead_min_days: 'integer',
  lead_max_days: 'integer',
  updated_at: 'text',
} as const satisfies Record<string, ColumnType>

/** A product to save: a new one without `id`; `firstVariantId` is the one variant a product without options keeps. */
export interface ProductSave {
  id?: number
  values: ProductValues
  firstVariantId?: number
}

// Variant ids in one NOT IN list, and products in its IN list.
const VARIANT_IDS_PER_STATEMENT = 2000

/** Products in chunks of at most VARIANT_IDS_PER_STATEMENT variants (and products) each. */
function chunksByVariants<T extends { variants: readonly unknown[] }>(products: readonly T[]): T[][] {
  const runs: T[][] = []
  let chunk: T[] = []
  let count = 0
  for (const product of products) {
    if (chunk.length > 0 && count + product.variants.length + 1 > VARIANT_IDS_PER_STATEMENT) {
      runs.push(chunk)
      chunk = []
      count = 0
    }
    chunk.push(product)
    count += product.variants.length + 1
  }
  if (chunk.length > 0) runs.push(chunk)
  return runs
}

/** Inserts the new products (in chunks) and answers the id of each save, in order. */
async function insertNew(db: Executor, saves: readonly ProductSave[], now: string): Promise<number[]> {
  const ids = saves.map((save) => save.id)
  const created = saves.flatMap((save, index) => (save.id === undefined ? [{ save, index }] : []))
  for (const chunk of chunks(created, CHUNK)) {
    const inserted = await db
      .insertInto('products')
      .values(
        chunk.map(({ save }) => ({
          ...toRow(save.values),
          personalization: storedFields(save.values.personalization, []),
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'sku'])
      .execute()
    // The SKUs of one save are unique (the caller checked): they tell which new row is which.
    const idBySku = new Map(inserted.map((row) => [row.sku.toLowerCase(), row.id]))
    for (const { save, index } of chunk) ids[index] = idBySku.get(save.values.sku.toLowerCase())
  }
  return ids.map((id, index) => {
    if (id === undefined) throw new Error(`product ${saves[index]?.values.sku} was not inserted`)
    return id
  })
}

/**
 * Saves many products, as `insert` and `update` save one; call inside a transaction, after checking that their
 * SKUs are free. A product without an id is inserted; the others are written over (their creation time kept).
 * Each product's images, variants and SKUs become those of its values: variants with an id are written over,
 * those without added, the product's others deleted. The products' totals are then brought in step
 * (refreshTotals). Answers the products' ids in the order of `saves`.
 */
export async function saveMany(db: Executor, saves: readonly ProductSave[]): Promise<number[]> {
  const now = nowIso()
  const ids = await insertNew(db, saves, now)
  const saved = saves.map((save, index) => ({
    id: ids[index] ?? 0,
    isNew: save.id === undefined,
    values: save.values,
    variants: variantsOf(save.values, save.firstVariantId),
  }))
  const updated = saved.filter((product) => !product.isNew)

  await updateManyById(
    db,
    'products',
    PRODUCT_COLUMNS,
    updated.map((product) => ({
      id: product.id,
      ...toRow(product.values),
      // Every field keeps its id (the caller passes the product's own), so no id is given out here.
      personalization: storedFields(product.values.personalization, []),
      updated_at: now,
    })),
  )
  for (const chunk of chunksByVariants(updated)) {
    const kept = chunk.flatMap((product) => product.variants.flatMap((variant) => variant.id ?? []))
    let removal = db.deleteFrom('product_variants').where(
      'product_id',
      'in',
      chunk.map((product) => product.id),
    )
    if (kept.length > 0) removal = removal.where('id', 'not in', kept)
    await removal.execute()
  }
  for (const chunk of chunks(
    updated.map((product) => product.id),
    2000,
  )) {
    await db.deleteFrom('product_images').where('product_id', 'in', chunk).execute()
    await db.deleteFrom('product_skus').where('product_id', 'in', chunk).execute()
  }

  const images = saved.flatMap((product) =>
    product.values.imageUrls.map((url, position) => ({ product_id: product.id, position, url })),
  )
  for (const chunk of chunks(images, CHUNK)) await db.insertInto('product_images').values(chunk).execute()

  const variantRows = saved.flatMap((product) =>
    product.variants.map((variant, position) => ({
      id: variant.id,
      product_id: product.id,
      ...variantRow(variant, position),
    })),
  )
  const added = variantRows.flatMap(({ id, ...row }) =>
    id === undefined ? [{ ...row, created_at: now, updated_at: now }] : [],
  )
  for (const chunk of chunks(added, CHUNK)) await db.insertInto('product_variants').values(chunk).execute()
  await updateManyById(
    db,
    'product_variants',
    VARIANT_COLUMNS,
    variantRows.flatMap(({ id, product_id: _, ...row }) => (id === undefined ? [] : [{ id, ...row, updated_at: now }])),
  )

  const skus = saved.flatMap((product) => {
    const keys = new Set(
      [product.values.sku, ...product.variants.map((variant) => variant.sku)].map((sku) => sku.toLowerCase()),
    )
    return [...keys].map((key) => ({ sku_key: key, product_id: product.id }))
  })
  for (const chunk of chunks(skus, 2000)) await db.insertInto('product_skus').values(chunk).execute()
  for (const chunk of chunks(ids, 2000)) await refreshTotals(db, chunk)
  return ids
}
