import * as categoriesRepo from '@shop/db/categories'
import type { Db } from '@shop/db/client'
import { isUniqueViolation } from '@shop/db/errors'
import * as productsRepo from '@shop/db/products'
import type { Product, ProductValues } from '@shop/schema/products'
import { AppError } from '../../lib/app-error'

async function assertCategoryExists(db: Db, categoryId: number): Promise<void> {
  const category = await categoriesRepo.findById(db, categoryId)
  if (!category) throw new AppError('BAD_REQUEST', `Category ${categoryId} does not exist`)
}

function skuTaken(error: unknown, sku: string): never {
  if (isUniqueViolation(error)) throw new AppError('CONFLICT', `A product with SKU '${sku}' already exists`)
  throw error
}

export function listProducts(db: Db): Promise<Product[]> {
  return productsRepo.findMany(db, { sort: 'newest' })
}

export async function getProduct(db: Db, id: number): Promise<Product> {
  const product = await productsRepo.findById(db, id)
  if (!product) throw new AppError('NOT_FOUND', `Product ${id} not found`)
  return product
}

export async function createProduct(db: Db, values: ProductValues): Promise<Product> {
  await assertCategoryExists(db, values.categoryId)
  const id = await db
    .transaction()
    .execute((tx) => productsRepo.insert(tx, values))
    .catch((error: unknown) => skuTaken(error, values.sku))
  return getProduct(db, id)
}

export async function updateProduct(db: Db, id: number, values: ProductValues): Promise<Product> {
  await assertCategoryExists(db, values.categoryId)
  const updated = await db
    .transaction()
    .execute((tx) => productsRepo.update(tx, id, values))
    .catch((error: unknown) => skuTaken(error, values.sku))
  if (!updated) throw new AppError('NOT_FOUND', `Product ${id} not found`)
  return getProduct(db, id)
}

/** Orders that reference the product keep their lines: each line holds its own name, SKU and price. */
export async function deleteProduct(db: Db, id: number): Promise<void> {
  const deleted = await productsRepo.remove(db, id)
  if (!deleted) throw new AppError('NOT_FOUND', `Product ${id} not found`)
}
