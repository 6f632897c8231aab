/**
 * Search of orders and products through the search indexes, on SQLite (FTS5 trigram) and PostgreSQL (pg_trgm):
 * the same hits and misses on both, and the indexes follow every insert, update and delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../client'
import * as ordersRepo from '../orders/orders.repository'
import * as productsRepo from '../products/products.repository'
import { createTestDb, type TestDb } from '../testing/create-test-db'
import { insertProduct } from '../testing/factories'
import { checkOrderSearchIndex, indexNewOrders } from './search'

let testDb: TestDb
let db: Db

async function placeOrder(customerName: string, customerEmail: string, totalCents: number, createdAt: string) {
  return db.transaction().execute(async (tx) =>
    ordersRepo.insert(tx, {
      orderNumber: await ordersRepo.nextOrderNumber(tx),
      customerName,
      customerEmail,
      customerAddress: null,
      notes: null,
      status: totalCents > 10_000 ? 'completed' : 'pending',
      totalCents,
      items: [],
      createdAt,
    }),
  )
}

beforeAll(async () => {
  testDb = await createTestDb()
  db = testDb.db
  await placeOrder('José Ἰησοῦς Cohen', 'jose@example.com', 5000, '2026-11-01T10:00:00.000Z')
  await placeOrder('Zoë 50% Miller', 'zoe_m@example.com', 25_000, '2026-11-10T10:00:00.000Z')
  await placeOrder('Ruth Miller', 'RUTH@EXAMPLE.COM', 12_000, '2026-11-20T10:00:00.000Z')
})
afterAll(() => testDb.cleanup())

const names = async (search: string) =>
  (await ordersRepo.findPage(db, { page: 1, pageSize: 50, sort: 'oldest', search })).items.map(
    (order) => order.customerName,
  )

describe('order search', () => {
  it('finds a substring of the number, name or e-mail, in any letter case and alphabet', async () => {
    expect(await names('miller')).toEqual(['Zoë 50% Miller', 'Ruth Miller'])
    expect(await names('ΗΣΟ')).toEqual(['José Ἰησοῦς Cohen'])
    expect(await names('JOSÉ')).toEqual(['José Ἰησοῦς Cohen'])
    expect(await names('ruth@example')).toEqual(['Ruth Miller'])
    expect(await names('ORD-1002')).toEqual(['Zoë 50% Miller'])
    expect(await names('ord-100')).toHaveLength(3)
  })

  it('keeps accents, and takes % and _ as plain characters', async () => {
    expect(await names('jose c')).toEqual([])
    expect(await names('50%')).toEqual(['Zoë 50% Miller'])
    expect(await names('%')).toEqual(['Zoë 50% Miller'])
    expect(await names('e_m')).toEqual(['Zoë 50% Miller'])
    expect(await names('_')).toEqual(['Zoë 50% Miller'])
    expect(await names('"')).toEqual([])
    expect(await names('nobody')).toEqual([])
  })

  it('finds a whole e-mail address in any letter case, and only the rows that hold all of it', async () => {
    expect(await names('RUTH@example.com')).toEqual(['Ruth Miller'])
    expect(await names('zoe_m@EXAMPLE.COM')).toEqual(['Zoë 50% Miller'])
    expect(await names('@example.com')).toHaveLength(3)
    expect(await names('miller@example.com')).toEqual([])
  })

  it('finds short text too', async () => {
    expect(await names('ë')).toEqual(['Zoë 50% Miller'])
    expect(await names('ru')).toEqual(['Ruth Miller'])
  })

  it('follows a changed or deleted order', async () => {
    const extra = await placeOrder('Temporary Buyer', 'temp@example.com', 100, '2026-11-21T10:00:00.000Z')
    expect(await names('temporary')).toEqual(['Temporary Buyer'])
    await db.updateTable('orders').set({ customer_name: 'Renamed Buyer' }).where('id', '=', extra.id).execute()
    expect(await names('temporary')).toEqual([])
    expect(await names('renamed')).toEqual(['Renamed Buyer'])
    await ordersRepo.remove(db, extra.id)
    expect(await names('renamed')).toEqual([])
  })
})

describe('the search index of orders, brought up to date after the orders', () => {
  it('finds orders changed or deleted before the index took them in, and the index stays whole', async () => {
    const kept = await placeOrder('Unindexed Keeper', 'keeper@example.com', 100, '2026-11-22T10:00:00.000Z')
    const renamed = await placeOrder('Unindexed Before', 'before@example.com', 100, '2026-11-22T11:00:00.000Z')
    const deleted = await placeOrder('Unindexed Gone', 'gone@example.com', 100, '2026-11-22T12:00:00.000Z')
    // Changed and deleted before any search or the server's once-a-second turn indexed them.
    await db.updateTable('orders').set({ customer_name: 'Unindexed After' }).where('id', '=', renamed.id).execute()
    await ordersRepo.remove(db, deleted.id)

    expect(await names('unindexed')).toEqual(['Unindexed Keeper', 'Unindexed After'])
    expect(await names('unindexed before')).toEqual([])
    await checkOrderSearchIndex(db)

    // Once indexed, a change and a delete reach the index at once.
    await db.updateTable('orders').set({ customer_name: 'Indexed Keeper' }).where('id', '=', kept.id).execute()
    await ordersRepo.remove(db, renamed.id)
    expect(await names('unindexed')).toEqual([])
    expect(await names('indexed keeper')).toEqual(['Indexed Keeper'])
    await checkOrderSearchIndex(db)
    await ordersRepo.remove(db, kept.id)
  })

  it('indexes a burst of orders in chunks, each order once, and the newest is found at once', async () => {
    const count = 2_345
    await db.transaction().execute(async (tx) => {
      for (let n = 0; n < count; n += 1) {
        await ordersRepo.insert(tx, {
          orderNumber: await ordersRepo.nextOrderNumber(tx),
          customerName: `Burst Buyer ${n}`,
          customerEmail: `burst${n}@example.com`,
          customerAddress: null,
          notes: null,
          status: 'pending',
          totalCents: 100,
          items: [],
          createdAt: '2026-11-23T10:00:00.000Z',
        })
      }
    })
    const page = await ordersRepo.findPage(db, { page: 1, pageSize: 5, sort: 'newest', search: 'burst buyer' })
    expect(page.total).toBe(count)
    expect(page.items[0]?.customerName).toBe(`Burst Buyer ${count - 1}`)
    expect(await names(`burst${count - 1}@example.com`)).toEqual([`Burst Buyer ${count - 1}`])
    // Nothing is left to index, and nothing was indexed twice.
    expect(await indexNewOrders(db)).toBe(0)
    await checkOrderSearchIndex(db)
    const burst = await db.selectFrom('orders').select('id').where('customer_name', 'like', 'Burst Buyer %').execute()
    await db.transaction().execute(async (tx) => {
      for (const { id } of burst) await ordersRepo.remove(tx, id)
    })
    expect(await names('burst buyer')).toEqual([])
    await checkOrderSearchIndex(db)
  })
})

describe('order pages', () => {
  it('pages, sorts, filters by status and date, and counts what matches', async () => {
    const page = (options: Partial<ordersRepo.OrderPageOptions>) =>
      ordersRepo.findPage(db, { page: 1, pageSize: 2, sort: 'newest', ...options })
    const first = await page({})
    expect(first.total).toBe(3)
    expect(first.items.map((order) => order.customerName)).toEqual(['Ruth Miller', 'Zoë 50% Miller'])
    expect((await page({ page: 2 })).items.map((order) => order.customerName)).toEqual(['José Ἰησοῦς Cohen'])
    expect(await page({ page: 3 })).toEqual({ items: [], total: 3 })
    expect((await page({ sort: 'total-desc' })).items.map((order) => order.total)).toEqual(['250.00', '120.00'])
    expect((await page({ sort: 'total-asc', pageSize: 1 })).items.map((order) => order.total)).toEqual(['50.00'])
    expect(await page({ status: 'completed' })).toMatchObject({ total: 2 })
    const november = await page({ from: '2026-11-05T00:00:00.000Z', to: '2026-11-20T00:00:00.000Z' })
    expect(november.items.map((order) => order.customerName)).toEqual(['Zoë 50% Miller'])
    expect((await page({ search: 'miller', status: 'completed', sort: 'oldest' })).items).toHaveLength(2)
  })
})

describe('product search', () => {
  it('finds a product by a substring of its name, SKU, description or a variant SKU, and follows changes', async () => {
    const ring = await insertProduct(db, {
      name: 'Hammered Band Ring',
      sku: 'SRC-1000',
      description: 'Hand-hammered 14k gold, 6 mm wide.',
      options: [{ name: 'Size', values: ['7'] }],
      variants: [
        {
          options: ['7'],
          sku: 'SRC-1000-SEVEN',
          price: 96,
          stock: 1,
          minStock: 1,
          active: true,
          imageUrl: null,
          leadTime: null,
        },
      ],
    })
    const found = async (search: string) =>
      (await productsRepo.findMany(db, { search })).map((product) => product.id).filter((id) => id === ring.id)
    expect(await found('hammered band')).toEqual([ring.id])
    expect(await found('src-1000')).toEqual([ring.id])
    expect(await found('14K GOLD')).toEqual([ring.id])
    expect(await found('-seven')).toEqual([ring.id])
    expect(await found('6 m')).toEqual([ring.id])
    expect(await found('silver')).toEqual([])
    await db.updateTable('product_variants').set({ sku: 'SRC-1000-VII' }).where('product_id', '=', ring.id).execute()
    expect(await found('-seven')).toEqual([])
    expect(await found('-vii')).toEqual([ring.id])
    await productsRepo.remove(db, ring.id)
    expect(await found('hammered band')).toEqual([])
  })
})
