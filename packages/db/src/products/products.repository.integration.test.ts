import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../client'
import { createTestDb, type TestDb } from '../testing/create-test-db'
import { insertProduct } from '../testing/factories'
import * as productsRepo from './products.repository'

let testDb: TestDb
let db: Db

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
})

afterEach(() => testDb.cleanup())

describe('releaseStock', () => {
  it('adds stock only while it stays within the given maximum, in one conditional update', async () => {
    const product = await insertProduct(db, { stock: 990 })
    const variantId = product.variants[0]?.id ?? 0
    const stockNow = async () => {
      await productsRepo.refreshTotals(db, [product.id])
      const found = await productsRepo.findById(db, product.id)
      return { product: found?.stock, variant: found?.variants[0]?.stock }
    }

    expect(await productsRepo.releaseStock(db, variantId, 10, { maxStock: 1000 })).toBe(true)
    expect(await stockNow()).toEqual({ product: 1000, variant: 1000 })
    expect(await productsRepo.releaseStock(db, variantId, 1, { maxStock: 1000 })).toBe(false)
    expect(await stockNow()).toEqual({ product: 1000, variant: 1000 })
  })

  it('answers false for a variant that no longer exists', async () => {
    expect(await productsRepo.releaseStock(db, 999_999, 1, { maxStock: 1000 })).toBe(false)
  })
})

describe('takeStockOfMany', () => {
  const stockOf = async (productId: number) => (await productsRepo.findById(db, productId))?.variants[0]?.stock

  it("takes each variant's quantity in one statement when every one has enough", async () => {
    const first = await insertProduct(db, { stock: 5 })
    const second = await insertProduct(db, { stock: 3 })
    const taken = new Map([
      [second.variants[0]?.id ?? 0, 3],
      [first.variants[0]?.id ?? 0, 2],
    ])

    expect(await productsRepo.takeStockOfMany(db, taken)).toBe(true)
    expect([await stockOf(first.id), await stockOf(second.id)]).toEqual([3, 0])
  })

  it('answers false when any variant has too little, or is gone, and takes nothing from that one', async () => {
    const plenty = await insertProduct(db, { stock: 10 })
    const scarce = await insertProduct(db, { stock: 1 })
    const tooMuch = new Map([
      [plenty.variants[0]?.id ?? 0, 4],
      [scarce.variants[0]?.id ?? 0, 2],
    ])
    expect(await productsRepo.takeStockOfMany(db, tooMuch)).toBe(false)
    // The caller rolls its transaction back; the scarce variant was never taken below zero.
    expect(await stockOf(scarce.id)).toBe(1)
    expect(await productsRepo.takeStockOfMany(db, new Map([[999_999, 1]]))).toBe(false)
    expect(await productsRepo.takeStockOfMany(db, new Map())).toBe(true)
  })
})
