import * as categoriesRepo from '@shop/db/categories'
import { type Db, type Executor, inTransaction } from '@shop/db/client'
import { isUniqueViolation } from '@shop/db/errors'
import * as productsRepo from '@shop/db/products'
import { type Product, type ProductValues, variantsOf, type ZAdminProductListInput } from '@shop/schema/products'
import type { z } from 'zod'
import { AppError } from '../../lib/app-error'
import { type Page, pageOf } from '../../lib/paging'

async function assertCategoryExists(db: Db, categoryId: number): Promise<void> {
  const category = await categoriesRepo.findById(db, categoryId)
  if (!category) throw new AppError('BAD_REQUEST', `Category ${categoryId} does not exist`)
}

function skuTaken(error: unknown, sku: string): never {
  if (isUniqueViolation(error)) throw new AppError('CONFLICT', `A product with SKU '${sku}' already exists`)
  throw error
}

/**
 * Every SKU of the product (its own and its variants') must be free: one SKU names one piece, across products
 * and variants, regardless of letter case (409 naming the first taken). The database's key on each SKU is the
 * last word when two admins save at once.
 */
async function assertSkusFree(tx: Executor, values: ProductValues, productId?: number): Promise<void> {
  const skus = [values.sku, ...variantsOf(values).map((variant) => variant.sku)]
  const [taken] = await productsRepo.skusTakenElsewhere(tx, skus, productId)
  if (taken !== undefined) throw new AppError('CONFLICT', `A product with SKU '${taken}' already exists`)
}

/** A variant named by id must be one of the product's own (400): ids cannot be moved between products. */
async function assertOwnVariants(tx: Executor, productId: number, values: ProductValues): Promise<void> {
  const own = new Set(await productsRepo.variantIdsOf(tx, productId))
  for (const variant of values.options.length > 0 ? (values.variants ?? []) : []) {
    if (variant.id !== undefined && !own.has(variant.id)) {
      throw new AppError('BAD_REQUEST', `Variant ${variant.id} is not a variant of product ${productId}`)
    }
  }
}

/** The repository's options for the admin's product list filters (its pages and its CSV export alike). */
export function productListOptions(input: Omit<z.output<typeof ZAdminProductListInput>, 'page' | 'pageSize'>) {
  return {
    sort: input.sort,
    search: input.q || undefined,
    categoryId: input.categoryId,
    active: input.status === undefined ? undefined : input.status === 'active',
  }
}

/** GET /api/admin/products: one page, the total count and the neighbouring pages in headers (lib/paging.ts). */
export async function listProductPage(db: Db, input: z.output<typeof ZAdminProductListInput>): Promise<Page<Product>> {
  const page = pageOf(input)
  const options = productListOptions(input)
  const [items, total] = await Promise.all([
    productsRepo.findMany(db, { ...options, limit: page.pageSize, offset: page.offset }),
    productsRepo.count(db, options),
  ])
  return { items, total, page, query: { ...input } }
}

export async function getProduct(db: Db, id: number): Promise<Product> {
  const product = await productsRepo.findById(db, id)
  if (!product) throw new AppError('NOT_FOUND', `Product ${id} not found`)
  return product
}

export async function createProduct(db: Db, values: ProductValues): Promise<Product> {
  await assertCategoryExists(db, values.categoryId)
  const id = await inTransaction(db, async (tx) => {
    await assertSkusFree(tx, values)
    if ((values.variants ?? []).some((variant) => variant.id !== undefined) && values.options.length > 0) {
      throw new AppError('BAD_REQUEST', 'A new product has no variants yet: leave out the variant ids')
    }
    return productsRepo.insert(tx, values)
  }).catch((error: unknown) => skuTaken(error, values.sku))
  return getProduct(db, id)
}

export async function updateProduct(db: Db, id: number, values: ProductValues): Promise<Product> {
  await assertCategoryExists(db, values.categoryId)
  const updated = await inTransaction(db, async (tx) => {
    if (!(await productsRepo.findById(tx, id))) return false
    await assertSkusFree(tx, values, id)
    await assertOwnVariants(tx, id, values)
    return productsRepo.update(tx, id, values)
  }).catch((error: unknown) => skuTaken(error, values.sku))
  if (!updated) throw new AppError('NOT_FOUND', `Product ${id} not found`)
  return getProduct(db, id)
}

/** Orders that reference the product keep their lines: each line holds its own name, SKU and price. */
export async function deleteProduct(db: Db, id: number): Promise<void> {
  const deleted = await productsRepo.remove(db, id)
  if (!deleted) throw new AppError('NOT_FOUND', `Product ${id} not found`)
}
