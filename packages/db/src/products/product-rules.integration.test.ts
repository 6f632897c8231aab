import { isLowStock as isLowStockShown } from '@shop/schema/products'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../client'
import * as dashboardRepo from '../dashboard/dashboard.repository'
import { fromDbBool } from '../dialect'
import { createTestDb, type TestDb } from '../testing/create-test-db'
import { insertCategory, insertProduct } from '../testing/factories'
import { isActiveLowStockVariant, isLowStock, isPubliclyVisible } from './product-rules'
import * as productsRepo from './products.repository'

let testDb: TestDb
let db: Db

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
})

afterEach(() => testDb.cleanup())

const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b)

describe('public visibility', () => {
  async function insertCatalog() {
    const [open, closed] = await Promise.all([insertCategory(db), insertCategory(db, { active: false })])
    const products = {
      activeInActive: await insertProduct(db, { categoryId: open.id }),
      activeInInactive: await insertProduct(db, { categoryId: closed.id }),
      inactiveInActive: await insertProduct(db, { categoryId: open.id, active: false }),
      activeWithoutCategory: await insertProduct(db),
      inactiveWithoutCategory: await insertProduct(db, { active: false }),
    }
    await db
      .updateTable('products')
      .set({ category_id: null })
      .where('id', 'in', [products.activeWithoutCategory.id, products.inactiveWithoutCategory.id])
      .execute()
    return products
  }

  it('shows active products in an active category or in none, and nothing else', async () => {
    const products = await insertCatalog()
    const rows = await db
      .selectFrom('products')
      .leftJoin('categories', 'categories.id', 'products.category_id')
      .select((eb) => ['products.id', isPubliclyVisible(eb).as('is_visible')])
      .execute()
    const visible = rows.filter((row) => fromDbBool(row.is_visible)).map((row) => row.id)
    expect(ascending(visible)).toEqual(ascending([products.activeInActive.id, products.activeWithoutCategory.id]))
  })

  it('is the rule of every public query: lists, single products and orders', async () => {
    const products = await insertCatalog()
    const ids = Object.values(products).map((product) => product.id)
    const listed = (await productsRepo.findMany(db, { publicOnly: true })).map((product) => product.id)
    const found = []
    for (const id of ids) if (await productsRepo.findById(db, id, { publicOnly: true })) found.push(id)
    const orderable = await productsRepo.findOrderable(db, ids)
    const available = ids.filter((id) => orderable.get(id)?.isAvailable)
    const expected = ascending([products.activeInActive.id, products.activeWithoutCategory.id])
    expect(ascending(listed)).toEqual(expected)
    expect(ascending(found)).toEqual(expected)
    expect(ascending(available)).toEqual(expected)
  })
})

describe('low stock', () => {
  it('is the rule the admin sees: stock at or below the minimum', async () => {
    const cases = [
      { stock: 5, minStock: 5 },
      { stock: 0, minStock: 5 },
      { stock: 6, minStock: 5 },
      { stock: 100, minStock: 1 },
    ]
    const inserted = []
    for (const values of cases) inserted.push({ ...values, id: (await insertProduct(db, values)).id })
    const low = await db.selectFrom('product_variants').select('product_id as id').where(isLowStock).execute()
    expect(ascending(low.map((row) => row.id))).toEqual(
      ascending(inserted.filter((product) => isLowStockShown(product)).map((product) => product.id)),
    )
  })

  it('lists and counts active products only on the dashboard', async () => {
    const low = await insertProduct(db, { stock: 1, minStock: 3 })
    await insertProduct(db, { stock: 1, minStock: 3, active: false })
    await insertProduct(db, { stock: 9, minStock: 3 })
    const flagged = await db
      .selectFrom('product_variants')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select('products.id')
      .where(isActiveLowStockVariant)
      .execute()
    expect(flagged.map((row) => row.id)).toEqual([low.id])
    expect((await productsRepo.findLowStock(db)).map((product) => product.id)).toEqual([low.id])
    expect((await dashboardRepo.findCounts(db)).lowStockCount).toBe(1)
  })
})
