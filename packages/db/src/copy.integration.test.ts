/**
 * Moving a shop: the demo shop on an SQLite file, with gaps in its ids, copied to a fresh test database (another
 * SQLite file, or a PostgreSQL schema on the postgres project).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import * as auditRepo from './audit/audit-log.repository'
import * as adminsRepo from './auth/admins.repository'
import * as resetTokensRepo from './auth/reset-tokens.repository'
import * as sessionsRepo from './auth/sessions.repository'
import * as twoFactorRepo from './auth/two-factor.repository'
import { createDb, type Db } from './client'
import { CopyRefusedError, type CopyResult, copyDatabase, SHOP_TABLES, type ShopTable } from './copy'
import type { Database } from './database'
import { isPostgres } from './dialect'
import { migrateToLatest } from './migrate'
import * as moneyRepo from './money/money.repository'
import * as orderEventsRepo from './orders/order-events.repository'
import * as orderKeysRepo from './orders/order-keys.repository'
import * as ordersRepo from './orders/orders.repository'
import * as outboxRepo from './outbox/outbox.repository'
import * as cardPaymentsRepo from './payments/card-payments.repository'
import * as paymentsRepo from './payments/payments.repository'
import * as productsRepo from './products/products.repository'
import * as rateLimitsRepo from './rate-limits/rate-limits.repository'
import { checkOrderSearchIndex, SEARCH_TABLES } from './search/search'
import { seedDemo } from './seed/seed'
import * as settingsRepo from './settings/settings.repository'
import { createTestDatabase, type TestDatabase } from './testing/create-test-db'
import { insertProduct, insertTestimonial } from './testing/factories'

const NOW = new Date('2026-11-22T09:00:00.000Z')
const KEYS: Record<ShopTable, string | string[]> = {
  categories: 'id',
  products: 'id',
  product_images: 'id',
  product_variants: 'id',
  product_skus: 'sku_key',
  orders: 'id',
  order_items: 'id',
  counters: 'name',
  testimonials: 'id',
  admin_users: 'id',
  sessions: 'id',
  password_reset_tokens: 'id',
  rate_limits: 'key',
  order_keys: ['order_id', 'key_hash'],
  order_events: 'id',
  outbox: 'id',
  shop_settings: 'id',
  sales_days: 'day',
  product_sales_days: ['day', 'product_id'],
  customers: 'email_key',
  order_status_days: ['status', 'day'],
  login_challenges: 'id',
  admin_recovery_codes: 'id',
  audit_log: 'id',
  account_policy: 'id',
  shipping_zones: 'id',
  shipping_methods: 'id',
  tax_rates: 'id',
  discount_codes: 'id',
  discount_email_uses: ['code_id', 'email'],
  payment_methods: 'kind',
  order_payments: 'id',
  card_payments: 'order_id',
  stripe_events: 'id',
}
// The settings' one row has the fixed id 1: no sequence behind it.
// So has the account policy's.
const ID_TABLES = SHOP_TABLES.filter(
  // Stripe's events are keyed by Stripe's own ids.
  (table) =>
    KEYS[table] === 'id' && table !== 'shop_settings' && table !== 'account_policy' && table !== 'stripe_events',
)

/** A row in each table of back-office accounts: a login challenge, a recovery code and an audit entry. */
async function fillAccountTables(db: Db, adminId: number, later: string, suffix: string): Promise<void> {
  await twoFactorRepo.insertChallenge(db, { tokenHash: `challenge-hash-${suffix}`, adminId, expiresAt: later })
  await twoFactorRepo.replaceRecoveryCodes(db, adminId, [`recovery-hash-${suffix}`])
  await auditRepo.insert(db, { adminId, actor: 'copy-admin', ip: '127.0.0.1', action: 'created', entity: 'product' })
}

type Dump = Record<string, Array<Record<string, unknown>>>

/** Every row of every shop table, booleans as 0/1 and bigints as numbers, so both databases read alike. */
async function dump(db: Db): Promise<Dump> {
  const result: Dump = {}
  for (const table of SHOP_TABLES) {
    const key = sql.join([KEYS[table]].flat().map((column) => sql.ref(column)))
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${key}`.execute(db)
    result[table] = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([column, value]) => [
          column,
          typeof value === 'boolean' || typeof value === 'bigint' ? Number(value) : value,
        ]),
      ),
    )
  }
  return result
}

async function maxId(db: Db, table: ShopTable): Promise<number> {
  const { rows } = await sql<{ id: number | null }>`select max(id) as id from ${sql.table(table)}`.execute(db)
  return Number(rows[0]?.id ?? 0)
}

/** The tables the migrations create, without Kysely's own. */
async function migratedTables(db: Db): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema()`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)
  return rows
    .map((row) => row.name)
    .filter((name) => !name.startsWith('kysely_') && !name.startsWith('sqlite_'))
    .filter((name) => !SEARCH_TABLES.some((search) => name === search || name.startsWith(`${search}_`)))
    .sort()
}

async function placeOrder(db: Db, productId: number, quantity: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const order = await ordersRepo.insert(tx, {
      orderNumber: await ordersRepo.nextOrderNumber(tx),
      customerName: 'Ada Byron',
      customerEmail: 'ada@example.com',
      customerAddress: '1 Analytical Row, London',
      notes: null,
      status: 'pending',
      totalCents: 4900 * quantity,
      items: [
        {
          productId,
          variantId: null,
          name: 'Copy ring',
          sku: 'CPY-0001',
          priceCents: 4900,
          quantity,
          imageUrl: null,
          variantLabel: 'Size 7',
          personalization: [{ label: 'Engraving', value: 'Ἰησοῦς ✝', surchargeCents: 1000 }],
          leadTime: { minDays: 10, maxDays: 15 },
        },
      ],
    })
    return order.id
  })
}

describe('copyDatabase', () => {
  let sourceDir: string
  let source: Db
  let targetDatabase: TestDatabase
  let target: Db
  let sourceRows: Dump
  let result: CopyResult
  let roundTripRows: Dump

  beforeAll(async () => {
    sourceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-copy-source-'))
    source = createDb({ sqliteFile: path.join(sourceDir, 'shop.db') })
    await migrateToLatest(source)
    await seedDemo(source, { uploadsDir: path.join(sourceDir, 'uploads'), now: NOW })

    // A shop with some history: ids with gaps (deleted orders and a deleted product), every table filled, and
    // booleans that are null.
    const product = await insertProduct(source, { sku: 'CPY-0001', imageUrls: ['/a.svg', '/b.svg'] })
    const orderIds: number[] = []
    for (let i = 1; i <= 5; i++) orderIds.push(await placeOrder(source, product.id, i))
    await ordersRepo.remove(source, orderIds[1] ?? 0)
    await ordersRepo.remove(source, orderIds[3] ?? 0)
    const doomed = await insertProduct(source, { sku: 'CPY-0002', featured: true })
    await placeOrder(source, doomed.id, 1)
    await productsRepo.remove(source, doomed.id)
    await insertTestimonial(source, { active: false, featured: true })
    await source
      .insertInto('testimonials')
      .values({
        name: 'Old import',
        location: null,
        content: 'From the old shop.',
        rating: 4,
        avatar_url: null,
        active: null,
        featured: null,
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
      })
      .execute()
    const admin = await adminsRepo.insert(source, {
      username: 'owner',
      email: 'owner@example.com',
      name: 'Shop Owner',
      passwordHash: 'scrypt$not-a-real-hash',
    })
    const later = new Date(NOW.getTime() + 86_400_000).toISOString()
    await sessionsRepo.insert(source, { tokenHash: 'session-hash-1', adminId: admin.id, expiresAt: later })
    await sessionsRepo.insert(source, { tokenHash: 'session-hash-2', adminId: admin.id, expiresAt: later })
    await sessionsRepo.removeByTokenHash(source, 'session-hash-2')
    await resetTokensRepo.insert(source, { tokenHash: 'reset-hash-1', adminId: admin.id, expiresAt: later })
    await fillAccountTables(source, admin.id, later, '1')
    await twoFactorRepo.setPolicy(source, { requireTwoFactor: true })
    await rateLimitsRepo.hit(source, 'login:127.0.0.1', NOW.toISOString(), later)
    const kept = orderIds[4] ?? 0
    await orderKeysRepo.insertMany(source, [{ orderId: kept, keyHash: 'order-key-hash-1' }])
    await orderEventsRepo.insert(source, { orderId: kept, type: 'note', actor: 'owner', data: { text: 'Gift wrap' } })
    await outboxRepo.enqueue(source, [
      { kind: 'order_placed', orderId: kept, to: 'ada@example.com', payload: {}, messageId: 'copy-mail-1' },
      {
        kind: 'password_reset',
        orderId: null,
        to: 'owner@example.com',
        payload: { adminId: admin.id },
        messageId: 'copy-mail-2',
      },
    ])
    // A payment method and a payment on the kept order.
    await paymentsRepo.replaceMethods(source, [{ kind: 'bank_transfer', enabled: true, instructions: 'IBAN DE89' }])
    await paymentsRepo.record(source, {
      orderId: kept,
      kind: 'payment',
      amountCents: 100,
      note: 'Part',
      actor: 'owner',
    })
    // A card checkout of the kept order, and an event Stripe sent.
    await cardPaymentsRepo.insertSession(source, { orderId: kept, sessionId: 'cs_test_copy', expiresAt: later })
    await cardPaymentsRepo.takeEvent(source, { id: 'evt_copy', type: 'checkout.session.expired' })
    // A shipping zone and a tax rate, which the demo has none of (it ships free and charges no tax).
    await moneyRepo.insertZone(source, {
      name: 'Domestic',
      areas: ['US'],
      methods: [
        { name: 'Standard', priceCents: 995, freeOverCents: 50_000, estimate: '3-5 business days' },
        { name: 'Express', priceCents: 2495, freeOverCents: null, estimate: null },
      ],
    })
    await moneyRepo.insertTaxRate(source, {
      name: 'Sales tax',
      country: 'US',
      region: null,
      rateBp: 800,
      appliesToShipping: false,
    })
    // The demo's code, used once by an address.
    const [welcome] = await moneyRepo.listDiscounts(source)
    await moneyRepo.recordEmailUse(source, welcome?.id ?? 0, 'ada@example.com')
    await settingsRepo.seed(source, {
      name: 'Copy Shop',
      email: 'copy@example.com',
      phone: '555-0199',
      address: '1 Copy Lane',
      notificationEmails: ['orders@example.com'],
      senderName: 'Copy Shop',
    })

    sourceRows = await dump(source)
    targetDatabase = await createTestDatabase()
    target = createDb(targetDatabase.options)
    // A small page, so every table of some size is copied in several pages.
    result = await copyDatabase(source, target, { pageSize: 7 })

    // And back again into a new SQLite file (from PostgreSQL on the postgres project, with its true/false).
    const back = createDb({ sqliteFile: path.join(sourceDir, 'back.db') })
    try {
      await copyDatabase(target, back)
      roundTripRows = await dump(back)
    } finally {
      await back.destroy()
    }
  })

  afterAll(async () => {
    await source?.destroy()
    await target?.destroy()
    await targetDatabase?.drop()
    if (sourceDir) fs.rmSync(sourceDir, { recursive: true, force: true })
  })

  it('lists every table of the Database interface and of the migrated schema', async () => {
    expectTypeOf<(typeof SHOP_TABLES)[number]>().toEqualTypeOf<keyof Database>()
    expect([...SHOP_TABLES].sort()).toEqual(await migratedTables(target))
    expect(Object.keys(KEYS).sort()).toEqual([...SHOP_TABLES].sort())
  })

  it('leaves the target searchable: its search indexes are built as the rows arrive', async () => {
    expect((await productsRepo.findMany(target, { search: 'cpy-000' })).map((product) => product.sku)).toEqual([
      'CPY-0001',
    ])
    const orders = await ordersRepo.findPage(target, { page: 1, pageSize: 50, sort: 'oldest', search: 'ada byron' })
    expect(orders.total).toBe(sourceRows.orders?.filter((row) => row.customer_name === 'Ada Byron').length)
    expect(orders.total).toBeGreaterThan(0)
    await checkOrderSearchIndex(target)
  })

  it('starts from a source with rows in every table and gaps in its ids', () => {
    for (const table of SHOP_TABLES) expect(sourceRows[table]?.length, table).toBeGreaterThan(0)
    const orderIds = (sourceRows.orders ?? []).map((row) => Number(row.id))
    expect(Math.max(...orderIds)).toBeGreaterThan(orderIds.length)
    expect((sourceRows.order_items ?? []).some((row) => row.product_id === null)).toBe(true)
    expect((sourceRows.products ?? []).length).toBeGreaterThan(7)
  })

  it('reports the rows it copied per table', () => {
    expect(result.tables).toEqual(SHOP_TABLES.map((table) => ({ table, rows: sourceRows[table]?.length })))
  })

  it('copies every row of every table, ids included', async () => {
    expect(await dump(target)).toEqual(sourceRows)
  })

  it('copies the copy back unchanged', () => {
    expect(roundTripRows).toEqual(sourceRows)
  })

  it('gives new rows ids after the copied ones', async () => {
    const before = new Map<ShopTable, number>()
    for (const table of ID_TABLES) before.set(table, await maxId(target, table))
    const nextId = (table: ShopTable) => (before.get(table) ?? Number.NaN) + 1
    const product = await insertProduct(target, { sku: 'NEW-0001' }) // a category, a product and its image
    const orderId = await placeOrder(target, product.id, 2) // an order and its line
    const testimonial = await insertTestimonial(target)
    const admin = await adminsRepo.insert(target, {
      username: 'new-admin',
      email: 'new@example.com',
      name: 'New Admin',
      passwordHash: 'scrypt$not-a-real-hash',
    })
    const later = new Date(Date.now() + 86_400_000).toISOString()
    await sessionsRepo.insert(target, { tokenHash: 'session-hash-new', adminId: admin.id, expiresAt: later })
    await resetTokensRepo.insert(target, { tokenHash: 'reset-hash-new', adminId: admin.id, expiresAt: later })
    await fillAccountTables(target, admin.id, later, 'new')
    await orderEventsRepo.insert(target, { orderId, type: 'note', actor: null, data: { text: 'New' } })
    await outboxRepo.enqueue(target, [
      { kind: 'order_placed', orderId, to: 'ada@example.com', payload: {}, messageId: 'copy-mail-new' },
    ])
    await moneyRepo.insertZone(target, {
      name: 'New zone',
      areas: ['CA'],
      methods: [{ name: 'Post', priceCents: 500, freeOverCents: null, estimate: null }],
    })
    await moneyRepo.insertTaxRate(target, {
      name: 'GST',
      country: 'CA',
      region: null,
      rateBp: 500,
      appliesToShipping: true,
    })
    await moneyRepo.insertDiscount(target, {
      code: 'NEWCODE',
      kind: 'fixed',
      amount: 500,
      minSubtotalCents: null,
      startsAt: null,
      endsAt: null,
      maxUses: 3,
      oncePerEmail: false,
      active: true,
    })

    await paymentsRepo.record(target, { orderId, kind: 'payment', amountCents: 100, note: null, actor: null })

    expect(product.id).toBe(nextId('products'))
    expect(product.categoryId).toBe(nextId('categories'))
    expect(orderId).toBe(nextId('orders'))
    expect(testimonial.id).toBe(nextId('testimonials'))
    expect(admin.id).toBe(nextId('admin_users'))
    for (const table of ID_TABLES) expect(await maxId(target, table), table).toBe(nextId(table))
    // The order number counter was copied too: numbering goes on where the old shop stopped.
    const counter = sourceRows.counters?.find((row) => row.name === 'order_number')
    const order = await ordersRepo.findByIdWithItems(target, orderId)
    expect(order?.orderNumber).toBe(`ORD-${Number(counter?.value) + 1}`)
  })

  it('refuses to copy into a database that holds shop data, and changes nothing', async () => {
    const before = await dump(target)
    await expect(copyDatabase(source, target)).rejects.toThrow(CopyRefusedError)
    await expect(copyDatabase(source, target)).rejects.toThrow(/already holds shop data \(categories, products/)
    expect(await dump(target)).toEqual(before)
  })

  it('refuses a source that is not a shop database', async () => {
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-copy-empty-'))
    const empty = createDb({ sqliteFile: path.join(emptyDir, 'empty.db') })
    const otherTarget = createDb({ sqliteFile: path.join(emptyDir, 'target.db') })
    try {
      await expect(copyDatabase(empty, otherTarget)).rejects.toThrow('The source is not a shop database')
      expect(await migratedTables(otherTarget)).toEqual([])
    } finally {
      await empty.destroy()
      await otherTarget.destroy()
      fs.rmSync(emptyDir, { recursive: true, force: true })
    }
  })
})
