/**
 * The writes of an order batch that PostgreSQL makes in fewer statements than SQLite (findOrderable's variants as
 * JSON, the summary's upserts as one statement, the guest page keys along with the mails) give what they gave one
 * by one: the same variants, a summary equal to a recount, every key and every mail. Past 1,000 rows a table,
 * and for removals too. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../client'
import { rebuildSalesSummary } from '../dashboard/sales-summary'
import * as outboxRepo from '../outbox/outbox.repository'
import * as productsRepo from '../products/products.repository'
import { createTestDb, type TestDb } from '../testing/create-test-db'
import { insertProduct } from '../testing/factories'
import * as orderKeysRepo from './order-keys.repository'
import * as ordersRepo from './orders.repository'

let testDb: TestDb
let db: Db

beforeAll(async () => {
  testDb = await createTestDb()
  db = testDb.db
})
afterAll(() => testDb.cleanup())

describe('an orderable product', () => {
  it('comes with every variant as the product shows it, in its order, inactive and made-to-order ones included', async () => {
    const ring = await insertProduct(db, {
      name: 'Batch Ring',
      options: [{ name: 'Size', values: ['6', '7', '8'] }],
      variants: [
        {
          options: ['6'],
          sku: 'BW-R6',
          price: 96,
          stock: 4,
          minStock: 1,
          active: true,
          imageUrl: null,
          leadTime: null,
        },
        {
          options: ['7'],
          sku: 'BW-R7',
          price: 97.5,
          stock: 0,
          minStock: 0,
          active: true,
          imageUrl: '/uploads/r7.png',
          leadTime: { minDays: 3, maxDays: 9 },
        },
        {
          options: ['8'],
          sku: 'BW-R8',
          price: 98,
          stock: 2,
          minStock: 1,
          active: false,
          imageUrl: null,
          leadTime: null,
        },
      ],
    })
    const pendant = await insertProduct(db, { name: 'Batch Pendant', price: 40, stock: 7 })
    const orderable = await productsRepo.findOrderable(db, [ring.id, pendant.id, 999_999])
    expect([...orderable.keys()].sort((a, b) => a - b)).toEqual([ring.id, pendant.id].sort((a, b) => a - b))
    for (const product of [ring, pendant]) {
      const found = orderable.get(product.id)
      expect(found?.variants).toEqual(
        product.variants.map((variant) => ({
          id: variant.id,
          sku: variant.sku,
          priceCents: Math.round(Number(variant.price) * 100),
          stock: variant.stock,
          active: variant.active,
          imageUrl: variant.imageUrl,
          leadTime: variant.leadTime,
          label: variant.label,
        })),
      )
      expect(found).toMatchObject({ id: product.id, name: product.name, isAvailable: true, options: product.options })
    }
  })
})

describe('the summary of a write past 1,000 rows a table', () => {
  /** Every row of the summary, and the customers counter, in key order. */
  async function summaryRows() {
    return {
      days: await db.selectFrom('sales_days').selectAll().orderBy('day').execute(),
      products: await db.selectFrom('product_sales_days').selectAll().orderBy('day').orderBy('product_id').execute(),
      statuses: await db.selectFrom('order_status_days').selectAll().orderBy('status').orderBy('day').execute(),
      customers: await db.selectFrom('customers').selectAll().orderBy('email_key').execute(),
      counter: await db.selectFrom('counters').selectAll().where('name', '=', 'customers').execute(),
    }
  }

  async function expectRecount() {
    const kept = await summaryRows()
    const emails = await db.selectFrom('orders').select('customer_email').execute()
    expect(kept.counter.map((row) => Number(row.value))).toEqual([
      new Set(emails.map((row) => row.customer_email.toLowerCase())).size,
    ])
    await rebuildSalesSummary(db)
    expect(await summaryRows()).toEqual(kept)
  }

  it('counts each customer once, those who had ordered before and those twice in the write alike', async () => {
    const product = await insertProduct(db, { name: 'Bulk Chain', stock: 10 })
    const order = (n: number, email: string, day: number): ordersRepo.NewOrder => ({
      orderNumber: `BW-${n}`,
      customerName: 'Bulk Buyer',
      customerEmail: email,
      customerAddress: null,
      notes: null,
      status: n % 7 === 0 ? 'cancelled' : 'pending',
      totalCents: 1000 + n,
      createdAt: new Date(Date.UTC(2026, 0, 1 + day)).toISOString(),
      items: [
        {
          productId: product.id,
          variantId: product.variants[0]?.id ?? null,
          name: product.name,
          sku: product.sku,
          priceCents: 1000 + n,
          quantity: 1,
          imageUrl: null,
          variantLabel: null,
          personalization: [],
          leadTime: null,
        },
      ],
    })
    await db
      .transaction()
      .execute((tx) => ordersRepo.insertMany(tx, [order(1, 'early@example.com', 0), order(2, 'bulk-5@example.com', 0)]))
    // 1,300 customers over 1,100 days; bulk-5 ordered before, bulk-10 to bulk-19 order twice here.
    const many = Array.from({ length: 1_310 }, (_, i) =>
      order(10 + i, i < 1_300 ? `bulk-${i}@example.com` : `BULK-${i - 1_290}@Example.com`, i % 1_100),
    )
    const written = await db.transaction().execute((tx) => ordersRepo.insertMany(tx, many))
    expect(written).toHaveLength(many.length)
    await expectRecount()

    // Deleting takes the orders away, and the customers with their last order.
    for (const removed of written.filter((_, i) => i % 10 === 0)) await ordersRepo.remove(db, removed.id)
    await expectRecount()
  })
})

describe('guest page keys written along with the mails', () => {
  const keyRows = (orderId: number, count: number, tag: string) =>
    Array.from({ length: count }, (_, i) => ({ orderId, keyHash: `${tag}-${i}` }))

  async function storedKeys(tag: string) {
    return (await db.selectFrom('order_keys').select('key_hash').where('key_hash', 'like', `${tag}-%`).execute())
      .map((row) => row.key_hash)
      .sort()
  }

  it('stores every key, with mails to ride along and without, and gives the mail ids in the order given', async () => {
    const [placed] = await db.transaction().execute((tx) =>
      ordersRepo.insertMany(tx, [
        {
          orderNumber: 'BW-KEYS',
          customerName: 'Key Buyer',
          customerEmail: 'keys@example.com',
          customerAddress: null,
          notes: null,
          status: 'pending',
          totalCents: 100,
          items: [],
        },
      ]),
    )
    const orderId = placed?.id as number
    const mails: outboxRepo.NewMail[] = [1, 2, 3].map((n) => ({
      kind: 'order_placed',
      orderId,
      to: `keys-${n}@example.com`,
      payload: {},
      messageId: `batch-writes-${n}-${Math.random()}`,
    }))
    // 2,500 keys are three inserts: one rides with the mails, two run alone.
    const ids = await db
      .transaction()
      .execute((tx) =>
        outboxRepo.enqueue(tx, mails, new Date(), orderKeysRepo.insertQueries(tx, keyRows(orderId, 2_500, 'many'))),
      )
    expect(await storedKeys('many')).toEqual(
      keyRows(orderId, 2_500, 'many')
        .map((key) => key.keyHash)
        .sort(),
    )
    const stored = await db.selectFrom('outbox').select(['id', 'recipient']).where('id', 'in', ids).execute()
    expect(ids.map((id) => stored.find((row) => row.id === id)?.recipient)).toEqual(mails.map((mail) => mail.to))

    // A card order has no mails yet: its key is written all the same.
    await db
      .transaction()
      .execute((tx) =>
        outboxRepo.enqueue(tx, [], new Date(), orderKeysRepo.insertQueries(tx, keyRows(orderId, 1, 'card'))),
      )
    expect(await storedKeys('card')).toEqual(['card-0'])
  })
})
