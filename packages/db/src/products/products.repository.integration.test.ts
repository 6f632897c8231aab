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

    expect(await productsRepo.releaseStock(db, product.id, 10, { maxStock: 1000 })).toBe(true)
    expect((await productsRepo.findById(db, product.id))?.stock).toBe(1000)
    expect(await productsRepo.releaseStock(db, product.id, 1, { maxStock: 1000 })).toBe(false)
    expect((await productsRepo.findById(db, product.id))?.stock).toBe(1000)
  })

  it('answers false for a product that no longer exists', async () => {
    expect(await productsRepo.releaseStock(db, 999_999, 1, { maxStock: 1000 })).toBe(false)
  })
})
