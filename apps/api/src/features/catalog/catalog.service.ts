import * as categoriesRepo from '@shop/db/categories'
import type { Db } from '@shop/db/client'
import * as productsRepo from '@shop/db/products'
import * as testimonialsRepo from '@shop/db/testimonials'
import type { Category } from '@shop/schema/categories'
import type { Product, ProductListInput } from '@shop/schema/products'
import type { Testimonial } from '@shop/schema/testimonials'
import { AppError } from '../../lib/app-error'

// The public catalog: only active categories and active products are ever shown.

export function listCategories(db: Db): Promise<Category[]> {
  return categoriesRepo.findMany(db, { activeOnly: true })
}

export async function getCategory(db: Db, slug: string): Promise<Category> {
  const category = await categoriesRepo.findBySlug(db, slug, { activeOnly: true })
  if (!category) throw new AppError('NOT_FOUND', `Category '${slug}' not found`)
  return category
}

export async function listCategoryProducts(db: Db, slug: string): Promise<Product[]> {
  const category = await getCategory(db, slug)
  return productsRepo.findMany(db, { publicOnly: true, categoryId: category.id, sort: 'name' })
}

export function listFeaturedProducts(db: Db): Promise<Product[]> {
  return productsRepo.findMany(db, { publicOnly: true, featured: true, sort: 'newest' })
}

export function listProducts(db: Db, input: { q?: string; sort: ProductListInput['sort']; limit?: number }) {
  return productsRepo.findMany(db, { publicOnly: true, search: input.q, sort: input.sort, limit: input.limit })
}

export async function getProduct(db: Db, id: number): Promise<Product> {
  const product = await productsRepo.findById(db, id, { publicOnly: true })
  if (!product) throw new AppError('NOT_FOUND', `Product ${id} not found`)
  return product
}

export function listFeaturedTestimonials(db: Db): Promise<Testimonial[]> {
  return testimonialsRepo.findFeatured(db)
}
