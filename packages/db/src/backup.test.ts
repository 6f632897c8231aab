/**
 * Online backup of the SQLite file while another process keeps placing orders, then a restore from it. SQLite
 * only (hence not an .integration test): PostgreSQL is backed up with pg_dump.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BackupRefusedError, type BackupResult, backupSqlite } from './backup'
import { createDb, type Db } from './client'
import { rebuildSalesSummary } from './dashboard/sales-summary'
import { migrateToLatest } from './migrate'
import * as ordersRepo from './orders/orders.repository'
import * as productsRepo from './products/products.repository'
import { insertProduct } from './testing/factories'

const INITIAL_STOCK = 1_000_000
// About 20 MB of testimonials, so that copying the file takes long enough for many orders to land meanwhile.
const PADDING_ROWS = 5000
const PADDING_BYTES = 2000

/**
 * Another process placing orders as fast as it can, as the shop does in one transaction: take the stock, take the
 * next order number, write the order and its line. Plain JavaScript on better-sqlite3, as a child runs no TypeScript.
 */
const WRITER = `
import { createRequire } from 'node:module'
const [betterSqlite3, file, productIdArg] = process.argv.slice(2)
const Database = createRequire(import.meta.url)(betterSqlite3)
const db = new Database(file)
db.pragma('journal_mode = WAL')
db.pragma('busy_timeout = 5000')
db.pragma('foreign_keys = ON')
db.pragma('synchronous = NORMAL')
const productId = Number(productIdArg)
const takeStock = db.prepare('update products set stock = stock - ? where id = ? and stock >= ?')
const takeNumber = db.prepare("update counters set value = value + 1 where name = 'order_number' returning value")
const insertOrder = db.prepare(\`insert into orders (order_number, customer_name, customer_email, customer_address,
  notes, status, total_cents, created_at, updated_at)
  values (?, 'Busy Buyer', 'busy@example.com', null, null, 'pending', ?, ?, ?) returning id\`)
const insertItem = db.prepare(\`insert into order_items (order_id, product_id, name, sku, price_cents, quantity, image_url)
  values (?, ?, 'Busy ring', 'BSY-0001', 4900, ?, null)\`)
// The dashboard's summary, kept in the same transaction as the shop keeps it.
const addDay = db.prepare(\`insert into sales_days (day, order_count, sold_count, revenue_cents) values (?, 1, 1, ?)
  on conflict (day) do update set order_count = order_count + 1, sold_count = sold_count + 1,
  revenue_cents = revenue_cents + excluded.revenue_cents\`)
const addProductDay = db.prepare(\`insert into product_sales_days (day, product_id, units, revenue_cents) values (?, ?, ?, ?)
  on conflict (day, product_id) do update set units = units + excluded.units,
  revenue_cents = revenue_cents + excluded.revenue_cents\`)
const addCustomerOrder = db.prepare(\`insert into customers (email_key, order_count) values ('busy@example.com', 1)
  on conflict (email_key) do update set order_count = order_count + 1 returning order_count\`)
const countCustomer = db.prepare(\`insert into counters (name, value) values ('customers', 1)
  on conflict (name) do update set value = value + 1\`)
const place = db.transaction((quantity) => {
  if (takeStock.run(quantity, productId, quantity).changes !== 1) throw new Error('out of stock')
  const { value } = takeNumber.get()
  const now = new Date().toISOString()
  const { id } = insertOrder.get('ORD-' + value, 4900 * quantity, now, now)
  insertItem.run(id, productId, quantity)
  addDay.run(now.slice(0, 10), 4900 * quantity)
  addProductDay.run(now.slice(0, 10), productId, quantity, 4900 * quantity)
  if (addCustomerOrder.get().order_count === 1) countCustomer.run()
})
let stopping = false
let placed = 0
process.on('SIGTERM', () => { stopping = true })
function loop() {
  if (stopping) {
    db.close()
    console.log('placed ' + placed)
    return
  }
  place.immediate(1 + (placed % 3))
  placed += 1
  if (placed === 1) console.log('ready')
  setImmediate(loop)
}
loop()
`

function waitForOutput(child: ChildProcess, output: string[], text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (output.join('').includes(text)) resolve()
    }
    child.stdout?.on('data', check)
    child.once('exit', (code) => reject(new Error(`writer exited (${code}): ${output.join('')}`)))
    check()
  })
}

async function count(db: Db, table: 'orders' | 'order_items'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

describe('backupSqlite', () => {
  let dir: string
  let live: Db
  let productId: number
  let backup: BackupResult
  let ordersBefore: number
  let ordersAfter: number
  let writerExit: { code: number | null; output: string }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-'))
    const liveFile = path.join(dir, 'live', 'shop.db')
    live = createDb({ sqliteFile: liveFile })
    await migrateToLatest(live)
    const product = await insertProduct(live, { sku: 'BSY-0001', stock: INITIAL_STOCK })
    productId = product.id
    // The first order through the repositories, which also creates the order number counter.
    await live.transaction().execute(async (tx) => {
      if (!(await productsRepo.takeStock(tx, product.variants[0]?.id ?? 0, 2))) throw new Error('no stock')
      await productsRepo.refreshTotals(tx, [productId])
      await ordersRepo.insert(tx, {
        orderNumber: await ordersRepo.nextOrderNumber(tx),
        customerName: 'First Buyer',
        customerEmail: 'first@example.com',
        customerAddress: null,
        notes: null,
        status: 'pending',
        totalCents: 9800,
        items: [
          {
            productId,
            variantId: product.variants[0]?.id ?? null,
            name: 'Busy ring',
            sku: 'BSY-0001',
            priceCents: 4900,
            quantity: 2,
            imageUrl: null,
            variantLabel: null,
            personalization: [],
            leadTime: null,
          },
        ],
      })
    })
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${PADDING_ROWS})
      insert into testimonials (name, location, content, rating, avatar_url, active, featured, created_at, updated_at)
      select 'Reader ' || i, null, hex(randomblob(${PADDING_BYTES / 2})), 5, null, 1, 0, '2026-11-22', '2026-11-22'
      from n`.execute(live)

    const writerFile = path.join(dir, 'writer.mjs')
    fs.writeFileSync(writerFile, WRITER)
    const betterSqlite3 = createRequire(import.meta.url).resolve('better-sqlite3')
    const writer = spawn(process.execPath, [writerFile, betterSqlite3, liveFile, String(productId)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const output: string[] = []
    writer.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    writer.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
      writer.once('exit', (code) => resolve({ code, output: output.join('') })),
    )
    try {
      await waitForOutput(writer, output, 'ready')
      ordersBefore = await count(live, 'orders')
      backup = await backupSqlite(live, path.join(dir, 'backups', 'shop-2026-11-22.db'))
      ordersAfter = await count(live, 'orders')
    } finally {
      writer.kill('SIGTERM')
      writerExit = await exited
    }
  })

  afterAll(async () => {
    await live?.destroy()
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('finishes while orders keep coming, and the writer never fails', () => {
    expect(ordersAfter).toBeGreaterThan(ordersBefore)
    expect(writerExit.code, writerExit.output).toBe(0)
    expect(writerExit.output).toMatch(/placed \d+/)
    expect(backup.file).toBe(path.join(dir, 'backups', 'shop-2026-11-22.db'))
    expect(backup.bytes).toBe(fs.statSync(backup.file).size)
    expect(backup.bytes).toBeGreaterThan(PADDING_ROWS * PADDING_BYTES)
  })

  describe('the backup', () => {
    let restoredDir: string
    let copy: Db
    let restored: Db

    beforeAll(() => {
      // Restore as an owner would: the backup file becomes shop.db of a new data folder.
      restoredDir = path.join(dir, 'restored')
      fs.mkdirSync(restoredDir)
      fs.copyFileSync(backup.file, path.join(restoredDir, 'shop.db'))
      copy = createDb({ sqliteFile: backup.file })
      restored = createDb({ sqliteFile: path.join(restoredDir, 'shop.db') })
    })

    afterAll(async () => {
      await copy?.destroy()
      await restored?.destroy()
    })

    it('passes the integrity check', async () => {
      const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(copy)
      expect(rows).toEqual([{ integrity_check: 'ok' }])
    })

    it('is a consistent snapshot: the stock taken matches the orders it holds', async () => {
      const orders = await count(copy, 'orders')
      expect(orders).toBeGreaterThan(1)
      expect(orders).toBeLessThan(ordersAfter)
      const product = await copy
        .selectFrom('products')
        .select('stock')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow()
      const ordered = await copy
        .selectFrom('order_items')
        .select((eb) => eb.fn.sum<number>('quantity').as('quantity'))
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow()
      expect(product.stock + Number(ordered.quantity)).toBe(INITIAL_STOCK)
    })

    it('holds the items of every order and an order number counter that matches the orders', async () => {
      const withoutItems = await copy
        .selectFrom('orders')
        .select('order_number')
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('order_items').select('id').whereRef('order_id', '=', 'orders.id'))),
        )
        .execute()
      expect(withoutItems).toEqual([])
      expect(await count(copy, 'order_items')).toBe(await count(copy, 'orders'))

      const numbers = (await copy.selectFrom('orders').select('order_number').execute())
        .map((row) => Number(row.order_number.replace('ORD-', '')))
        .sort((a, b) => a - b)
      const counter = await copy
        .selectFrom('counters')
        .select('value')
        .where('name', '=', 'order_number')
        .executeTakeFirstOrThrow()
      // Numbers run from ORD-1001 without a gap up to the counter.
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => 1001 + i))
      expect(counter.value).toBe(numbers.at(-1))
    })

    it("carries the dashboard's summary, in step with the orders it holds", async () => {
      const summary = async (db: Db) => ({
        days: await db.selectFrom('sales_days').selectAll().orderBy('day').execute(),
        products: await db.selectFrom('product_sales_days').selectAll().orderBy('day').orderBy('product_id').execute(),
        customers: await db.selectFrom('customers').selectAll().orderBy('email_key').execute(),
        counters: await db.selectFrom('counters').selectAll().orderBy('name').execute(),
      })
      const carried = await summary(copy)
      const orderedUnits = carried.products.reduce((sum, row) => sum + Number(row.units), 0)
      expect(carried.days.reduce((sum, row) => sum + Number(row.order_count), 0)).toBe(await count(copy, 'orders'))
      const product = await productsRepo.findById(copy, productId)
      expect(orderedUnits).toBe(INITIAL_STOCK - (product?.stock ?? Number.NaN))
      expect(carried.customers.map((row) => row.email_key)).toEqual(['busy@example.com', 'first@example.com'])
      // What the shop kept order by order is what a recount of the backup's orders gives.
      await rebuildSalesSummary(restored)
      expect(await summary(restored)).toEqual(carried)
    })

    it('opens as the shop database of a new data folder', async () => {
      expect(await migrateToLatest(restored)).toEqual([])
      const orders = await ordersRepo.findMany(restored)
      expect(orders).toHaveLength(await count(copy, 'orders'))
      const first = orders.find((order) => order.orderNumber === 'ORD-1001')
      expect(first?.customerName).toBe('First Buyer')
      const latest = await ordersRepo.findByIdWithItems(restored, orders[0]?.id ?? 0)
      expect(latest?.items).toHaveLength(1)
      const product = await productsRepo.findById(restored, productId)
      expect(product?.sku).toBe('BSY-0001')
      // The restored shop takes new orders after the last one it holds.
      const next = await restored.transaction().execute((tx) => ordersRepo.nextOrderNumber(tx))
      expect(next).toBe(`ORD-${1001 + orders.length}`)
    })
  })

  it('refuses to overwrite an existing file', async () => {
    const before = fs.readFileSync(backup.file)
    await expect(backupSqlite(live, backup.file)).rejects.toThrow(BackupRefusedError)
    await expect(backupSqlite(live, backup.file)).rejects.toThrow(/already exists/)
    expect(fs.readFileSync(backup.file).equals(before)).toBe(true)
  })

  it('points a PostgreSQL shop at pg_dump', async () => {
    // Refused before any connection is made, so no server is needed.
    const postgres = createDb({ postgresUrl: 'postgres://nobody@127.0.0.1:1/shop' })
    try {
      await expect(backupSqlite(postgres, path.join(dir, 'pg.db'))).rejects.toThrow(/pg_dump/)
      expect(fs.existsSync(path.join(dir, 'pg.db'))).toBe(false)
    } finally {
      await postgres.destroy()
    }
  })
})
