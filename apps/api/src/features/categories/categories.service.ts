import * as categoriesRepo from '@shop/db/categories'
import type { Db } from '@shop/db/client'
import { isForeignKeyViolation, isUniqueViolation } from '@shop/db/errors'
import type { Category, CategoryValues, ZAdminCategoryListInput } from '@shop/schema/categories'
import type { z } from 'zod'
import { AppError } from '../../lib/app-error'
import { type Page, pageOf } from '../../lib/paging'

function slugTaken(error: unknown, slug: string): never {
  if (isUniqueViolation(error)) throw new AppError('CONFLICT', `A category with slug '${slug}' already exists`)
  throw error
}

/** GET /api/admin/categories: one page, the total count and the neighbouring pages in headers (lib/paging.ts). */
export async function listCategoryPage(
  db: Db,
  input: z.output<typeof ZAdminCategoryListInput>,
): Promise<Page<Category>> {
  const page = pageOf(input)
  const { items, total } = await categoriesRepo.findPage(db, {
    ...page,
    sort: input.sort,
    search: input.q || undefined,
    active: input.status === undefined ? undefined : input.status === 'active',
  })
  return { items, total, page, query: { ...input } }
}

export async function getCategory(db: Db, id: number): Promise<Category> {
  const category = await categoriesRepo.findById(db, id)
  if (!category) throw new AppError('NOT_FOUND', `Category ${id} not found`)
  return category
}

export function createCategory(db: Db, values: CategoryValues): Promise<Category> {
  return categoriesRepo.insert(db, values).catch((error: unknown) => slugTaken(error, values.slug))
}

export async function updateCategory(db: Db, id: number, values: CategoryValues): Promise<Category> {
  const category = await categoriesRepo.update(db, id, values).catch((error: unknown) => slugTaken(error, values.slug))
  if (!category) throw new AppError('NOT_FOUND', `Category ${id} not found`)
  return category
}

/** A category that still has products cannot be deleted: the products would lose their place in the shop. */
export async function deleteCategory(db: Db, id: number): Promise<void> {
  const products = await categoriesRepo.countProducts(db, id)
  if (products > 0) {
    throw new AppError(
      'CONFLICT',
      `This category still has ${products} product${products === 1 ? '' : 's'}. Move or delete them first.`,
    )
  }
  const deleted = await categoriesRepo.remove(db, id).catch((error: unknown) => {
    // A product added between the count and the delete: the foreign key refuses, and so do we.
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', 'This category still has products.')
    throw error
  })
  if (!deleted) throw new AppError('NOT_FOUND', `Category ${id} not found`)
}
