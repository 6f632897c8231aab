/**
 * SKUs and slugs are unique regardless of letter case: 'NEC-1042' and 'nec-1042' name the same piece to a person
 * reading an invoice or typing a search. The database holds the rule, on SQLite and PostgreSQL alike.
 */
import { Migrator, sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as categoriesRepo from './categories/categories.repository'
import { createDb, type Db } from './client'
import { findSalesDays, findTopProducts, findTotals, rebuildSalesSummary } from './dashboard/sales-summary'
import { isPostgres } from './dialect'
import { isUniqueViolation } from './errors'
import { migrateToLatest } from './migrate'
import * as m0001 from './migrations/2026_11_22_0900_create_shop_tables'
import * as m0002 from './migrations/2026_11_23_2045_create_case_insensitive_keys'
import * as m0003 from './migrations/2026_11_24_0900_create_order_mail_tables'
import * as m0004 from './migrations/2026_11_25_0900_create_product_variants'
import * as m0005 from './migrations/2026_11_25_1200_create_search_indexes'
import * as m0013 from './migrations/2026_11_27_1000_key_order_keys_by_order'
import * as m0016 from './migrations/2026_11_29_1100_index_orders_search_in_batches'
import * as orderKeysRepo from './orders/order-keys.repository'
import * as ordersRepo from './orders/orders.repository'
import * as productsRepo from './products/products.repository'
import { checkOrderSearchIndex } from './search/search'
import { createTestDatabase, type TestDatabase } from './testing/create-test-db'
import { insertCategory, insertProduct } from './testing/factories'

let database: TestDatabase
let db: Db

beforeEach(async () => {
  database = await createTestDatabase()
  db = createDb(database.options)
})

afterEach(async () => {
  await db.destroy()
  await database.drop()
})

async function violation(write: Promise<unknown>): Promise<unknown> {
  return write.then(
    () => undefined,
    (error: unknown) => error,
  )
}

/** The database as the first release of the shop left it: only the first migration applied. */
async function migrateToFirstRelease(): Promise<void> {
  // As migrate.ts does: on PostgreSQL, the migration history lives in the schema in use.
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ '2026_11_22_0900_create_shop_tables': m0001 }) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
  const { error } = await migrator.migrateToLatest()
  if (error) throw error
}

/** A product as the first release wrote it: one SKU, one price, one stock, no variants. */
async function insertFirstReleaseProduct(
  values: { sku: string; categoryId?: number; priceCents?: number; stock?: number } = { sku: 'OLD-0001' },
): Promise<number> {
  const categoryId = values.categoryId ?? (await insertCategory(db)).id
  const now = new Date().toISOString()
  const { id } = await db
    .insertInto('products')
    .values({
      name: `Old piece ${values.sku}`,
      description: 'Written by the first release.',
      price_cents: values.priceCents ?? 4900,
      category_id: categoryId,
      sku: values.sku,
      stock: values.stock ?? 10,
      min_stock: 3,
      featured: 0,
      active: 1,
      created_at: now,
      updated_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

describe('case-insensitive SKUs and slugs', () => {
  it('refuses a SKU that differs from another only in letter case', async () => {
    await migrateToLatest(db)
    const category = await insertCategory(db)
    await insertProduct(db, { sku: 'NEC-1042', categoryId: category.id })

    const error = await violation(insertProduct(db, { sku: 'nec-1042', categoryId: category.id }))

    expect(isUniqueViolation(error)).toBe(true)
    const second = await insertProduct(db, { sku: 'NEC-1043', categoryId: category.id })
    const values = {
      name: second.name,
      description: second.description,
      price: 49,
      categoryId: category.id,
      imageUrls: second.imageUrls,
      sku: 'Nec-1042',
      stock: second.stock,
      minStock: second.minStock,
      featured: second.featured,
      active: second.active,
      options: [],
      leadTime: null,
      personalization: [],
    }
    const rename = await violation(db.transaction().execute((tx) => productsRepo.update(tx, second.id, values)))
    expect(isUniqueViolation(rename)).toBe(true)
  })

  it('refuses a slug that differs from another only in letter case', async () => {
    await migrateToLatest(db)
    await insertCategory(db, { slug: 'necklaces' })

    const error = await violation(insertCategory(db, { slug: 'Necklaces' }))

    expect(isUniqueViolation(error)).toBe(true)
    const other = await insertCategory(db, { slug: 'medals' })
    const rename = await violation(categoriesRepo.update(db, other.id, { ...other, slug: 'NECKLACES' }))
    expect(isUniqueViolation(rename)).toBe(true)
  })

  it('migrates a database whose SKUs and slugs already differ in more than case', async () => {
    await migrateToFirstRelease()
    await insertCategory(db, { slug: 'necklaces' })
    await insertFirstReleaseProduct({ sku: 'NEC-1042' })
    await insertFirstReleaseProduct({ sku: 'NEC-1043' })

    await expect(migrateToLatest(db)).resolves.toContain('2026_11_23_2045_create_case_insensitive_keys')
  })

  it('refuses to migrate a database that holds case duplicates, names them, and changes nothing', async () => {
    await migrateToFirstRelease()
    const category = await insertCategory(db, { slug: 'necklaces' })
    const variant = await insertCategory(db, { slug: 'Necklaces' })
    const upper = { id: await insertFirstReleaseProduct({ sku: 'NEC-1042', categoryId: category.id }) }
    const lower = { id: await insertFirstReleaseProduct({ sku: 'nec-1042', categoryId: category.id }) }
    const mixed = { id: await insertFirstReleaseProduct({ sku: 'Nec-1042', categoryId: category.id }) }
    await insertFirstReleaseProduct({ sku: 'RIN-0001', categoryId: category.id })

    const failure = await violation(migrateToLatest(db))

    expect(failure).toBeInstanceOf(Error)
    const message = (failure as Error).message
    expect(message).toContain(
      `These products share a SKU that differs only in letter case: 'NEC-1042' (id ${upper.id}), ` +
        `'nec-1042' (id ${lower.id}), 'Nec-1042' (id ${mixed.id}).`,
    )
    expect(message).toContain(
      `These categories share a slug that differs only in letter case: 'necklaces' (id ${category.id}), ` +
        `'Necklaces' (id ${variant.id}).`,
    )
    expect(message).not.toContain('RIN-0001')
    // Nothing was applied: once the duplicates are renamed, the next start migrates.
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
    expect(applied.rows.map((row) => row.name)).toEqual(['2026_11_22_0900_create_shop_tables'])
    await db.updateTable('products').set({ sku: 'NEC-1042-B' }).where('sku', '=', 'nec-1042').execute()
    await db.updateTable('products').set({ sku: 'NEC-1042-C' }).where('sku', '=', 'Nec-1042').execute()
    await db.updateTable('categories').set({ slug: 'necklaces-2' }).where('slug', '=', 'Necklaces').execute()
    const migrated = await migrateToLatest(db)
    expect(migrated[0]).toBe('2026_11_23_2045_create_case_insensitive_keys')
    // Every later migration ran too: nothing is left to apply.
    await expect(migrateToLatest(db)).resolves.toEqual([])
  })
})

describe('options and variants (2026_11_25_0900_create_product_variants)', () => {
  it('turns every product of an existing shop into a product with one variant, keeping ids, SKUs, prices, stock and orders', async () => {
    await migrateToFirstRelease()
    const ring = await insertFirstReleaseProduct({ sku: 'RIN-3015', priceCents: 9600, stock: 19 })
    const cross = await insertFirstReleaseProduct({ sku: 'NEC-1042', priceCents: 8900, stock: 0 })
    const now = new Date().toISOString()
    const { id: orderId } = await db
      .insertInto('orders')
      .values({
        order_number: 'ORD-1001',
        customer_name: 'Ada Byron',
        customer_email: 'ada@example.com',
        customer_address: '1 Analytical Row, London',
        notes: null,
        status: 'pending',
        total_cents: 9600 * 2 + 8900,
        created_at: now,
        updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('order_items')
      .values([
        {
          order_id: orderId,
          product_id: ring,
          name: 'Ring',
          sku: 'RIN-3015',
          price_cents: 9600,
          quantity: 2,
          image_url: null,
        },
        {
          order_id: orderId,
          product_id: cross,
          name: 'Cross',
          sku: 'NEC-1042',
          price_cents: 8900,
          quantity: 1,
          image_url: null,
        },
      ] as never)
      .execute()

    await migrateToLatest(db)

    for (const [id, sku, price, stock] of [
      [ring, 'RIN-3015', '96.00', 19],
      [cross, 'NEC-1042', '89.00', 0],
    ] as const) {
      const product = await productsRepo.findById(db, id)
      expect(product).toMatchObject({ id, sku, price, stock, options: [], personalization: [] })
      expect(product?.variants).toEqual([
        {
          id: expect.any(Number),
          options: [],
          label: '',
          sku,
          price,
          stock,
          minStock: 3,
          active: true,
          imageUrl: null,
          leadTime: null,
        },
      ])
    }
    const order = await ordersRepo.findByIdWithItems(db, orderId)
    const ringVariant = (await productsRepo.findById(db, ring))?.variants[0]
    expect(order?.items.map((item) => [item.productId, item.variantId, item.sku, item.quantity])).toEqual([
      [ring, ringVariant?.id, 'RIN-3015', 2],
      [cross, (await productsRepo.findById(db, cross))?.variants[0]?.id, 'NEC-1042', 1],
    ])
    expect(order?.items[0]).toMatchObject({ variantLabel: null, personalization: [], leadTime: null })
    // The SKUs stay taken, by product and variant alike.
    expect(await productsRepo.skusTakenElsewhere(db, ['rin-3015', 'NEW-0001'])).toEqual(['rin-3015'])
  })
})

describe('the sales summary (2026_11_25_1500_create_sales_summary)', () => {
  /** The database as the release before the summary left it. */
  async function migrateToSearchIndexes(): Promise<void> {
    const schema = isPostgres(db)
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined
    const migrator = new Migrator({
      db,
      provider: {
        getMigrations: async () => ({
          '2026_11_22_0900_create_shop_tables': m0001,
          '2026_11_23_2045_create_case_insensitive_keys': m0002,
          '2026_11_24_0900_create_order_mail_tables': m0003,
          '2026_11_25_0900_create_product_variants': m0004,
          '2026_11_25_1200_create_search_indexes': m0005,
        }),
      },
      ...(schema ? { migrationTableSchema: schema } : {}),
    })
    const { error } = await migrator.migrateToLatest()
    if (error) throw error
  }

  async function insertOldOrder(
    values: { email: string; status: string; createdAt: string },
    lines: Array<{ productId: number | null; priceCents: number; quantity: number }>,
  ): Promise<void> {
    const { id } = await db
      .insertInto('orders')
      .values({
        order_number: `ORD-${values.createdAt}-${values.email}`,
        customer_name: 'Old Buyer',
        customer_email: values.email,
        customer_address: null,
        notes: null,
        status: values.status,
        total_cents: lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0),
        created_at: values.createdAt,
        updated_at: values.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('order_items')
      .values(
        lines.map((line) => ({
          order_id: id,
          product_id: line.productId,
          name: 'Old line',
          sku: 'OLD-LINE',
          price_cents: line.priceCents,
          quantity: line.quantity,
          image_url: null,
          variant_id: null,
          variant_label: null,
          lead_min_days: null,
          lead_max_days: null,
        })),
      )
      .execute()
  }

  it('fills the summary of an existing shop from its orders, as rebuildSalesSummary does', async () => {
    await migrateToSearchIndexes()
    const ring = await insertProduct(db, { name: 'Old Ring', sku: 'OLD-RING' })
    const cross = await insertProduct(db, { name: 'Old Cross', sku: 'OLD-CROSS' })
    await insertOldOrder({ email: 'Ada@Example.com', status: 'completed', createdAt: '2026-10-01T23:30:00.000Z' }, [
      { productId: ring.id, priceCents: 9600, quantity: 2 },
      { productId: null, priceCents: 1000, quantity: 1 },
    ])
    await insertOldOrder({ email: 'ada@example.com', status: 'cancelled', createdAt: '2026-10-02T08:00:00.000Z' }, [
      { productId: cross.id, priceCents: 8900, quantity: 5 },
    ])
    await insertOldOrder({ email: 'bob@example.com', status: 'pending', createdAt: '2026-10-02T09:00:00.000Z' }, [
      { productId: cross.id, priceCents: 8900, quantity: 1 },
    ])

    expect(await migrateToLatest(db)).toContain('2026_11_25_1500_create_sales_summary')

    expect(await findTotals(db)).toEqual({
      orderCount: 3,
      revenueCents: 2 * 9600 + 1000 + 8900,
      paidCents: 0,
      customerCount: 2,
    })
    expect(await findSalesDays(db, '2026-10-01', '2026-10-31')).toEqual([
      { day: '2026-10-01', soldCount: 1, revenueCents: 2 * 9600 + 1000 },
      { day: '2026-10-02', soldCount: 1, revenueCents: 8900 },
    ])
    expect((await findTopProducts(db, { from: '2026-10-01', to: '2026-10-31', limit: 10 })).byUnits).toEqual([
      { productId: ring.id, name: 'Old Ring', units: 2, revenueCents: 2 * 9600 },
      { productId: cross.id, name: 'Old Cross', units: 1, revenueCents: 8900 },
    ])
    const dump = async () => ({
      days: await db.selectFrom('sales_days').selectAll().orderBy('day').execute(),
      products: await db.selectFrom('product_sales_days').selectAll().orderBy('day').orderBy('product_id').execute(),
      customers: await db.selectFrom('customers').selectAll().orderBy('email_key').execute(),
      counters: await db.selectFrom('counters').selectAll().orderBy('name').execute(),
    })
    const migrated = await dump()
    await rebuildSalesSummary(db)
    expect(await dump()).toEqual(migrated)
  })
})

describe('guest page keys kept by order (2026_11_27_1000_key_order_keys_by_order)', () => {
  async function placeOrder(customerEmail: string): Promise<{ id: number; orderNumber: string }> {
    return db.transaction().execute(async (tx) => {
      const order = await ordersRepo.insert(tx, {
        orderNumber: await ordersRepo.nextOrderNumber(tx),
        customerName: 'Key Holder',
        customerEmail,
        customerAddress: '1 Key Street',
        notes: null,
        status: 'pending',
        totalCents: 4900,
        items: [],
      })
      return { id: order.id, orderNumber: order.orderNumber }
    })
  }

  it('keeps every key of an existing shop opening its own order, and only that one', async () => {
    await migrateToLatest(db)
    // The shop as the release before: keys kept by their hash.
    await m0013.down(db)
    const first = await placeOrder('first@example.com')
    const second = await placeOrder('second@example.com')
    const now = new Date().toISOString()
    await db
      .insertInto('order_keys')
      .values([
        { key_hash: 'ffff-first', order_id: first.id, created_at: now },
        { key_hash: '0000-first-again', order_id: first.id, created_at: now },
        { key_hash: '8888-second', order_id: second.id, created_at: now },
      ])
      .execute()

    await m0013.up(db)

    expect(await orderKeysRepo.findOrderId(db, first.orderNumber, 'ffff-first')).toBe(first.id)
    expect(await orderKeysRepo.findOrderId(db, first.orderNumber, '0000-first-again')).toBe(first.id)
    expect(await orderKeysRepo.findOrderId(db, second.orderNumber, '8888-second')).toBe(second.id)
    // Another order's key, or no key of the shop, opens nothing.
    expect(await orderKeysRepo.findOrderId(db, second.orderNumber, 'ffff-first')).toBeUndefined()
    expect(await orderKeysRepo.findOrderId(db, first.orderNumber, 'unknown')).toBeUndefined()
    // New keys go beside the old ones, and leave with their order.
    await orderKeysRepo.insertMany(db, [{ orderId: second.id, keyHash: '1111-second-new' }])
    expect(await orderKeysRepo.findOrderId(db, second.orderNumber, '1111-second-new')).toBe(second.id)
    await ordersRepo.remove(db, second.id)
    expect(await db.selectFrom('order_keys').select(['order_id', 'key_hash']).orderBy('key_hash').execute()).toEqual([
      { order_id: first.id, key_hash: '0000-first-again' },
      { order_id: first.id, key_hash: 'ffff-first' },
    ])
  })
})

describe('the search index of orders brought up to date after the orders (2026_11_29_1100_index_orders_search_in_batches)', () => {
  async function placeOrder(customerName: string): Promise<number> {
    return db.transaction().execute(async (tx) => {
      const order = await ordersRepo.insert(tx, {
        orderNumber: await ordersRepo.nextOrderNumber(tx),
        customerName,
        customerEmail: 'searcher@example.com',
        customerAddress: null,
        notes: null,
        status: 'pending',
        totalCents: 4900,
        items: [],
      })
      return order.id
    })
  }
  const names = async (search: string) =>
    (await ordersRepo.findPage(db, { page: 1, pageSize: 50, sort: 'oldest', search })).items.map(
      (order) => order.customerName,
    )

  it("keeps an existing shop's orders searchable, indexes new ones after them, and can go back", async () => {
    await migrateToLatest(db)
    // The shop as the release before: every order indexed by a trigger as it was written.
    await m0016.down(db)
    await placeOrder('Earlier Kept')
    const earlierGone = await placeOrder('Earlier Gone')

    await m0016.up(db)
    await placeOrder('Later Buyer')
    await ordersRepo.remove(db, earlierGone)
    expect(await names('earlier')).toEqual(['Earlier Kept'])
    expect(await names('later')).toEqual(['Later Buyer'])
    await checkOrderSearchIndex(db)

    // Back again with an order not yet indexed: the earlier schema's index holds every order.
    await placeOrder('Latest Buyer')
    await m0016.down(db)
    await checkOrderSearchIndex(db)
    // SQLite's index only: PostgreSQL's indexes are the tables' own.
    if (!isPostgres(db)) {
      const hits = await sql`select rowid from orders_search where orders_search match '"latest buyer"'`.execute(db)
      expect(hits.rows).toHaveLength(1)
    }
  })
})
