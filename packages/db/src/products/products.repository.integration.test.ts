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
