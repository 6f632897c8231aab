import * as categoriesRepo from '@shop/db/categories'
import type { Db } from '@shop/db/client'
import * as productsRepo from '@shop/db/products'
import * as testimonialsRepo from '@shop/db/testimonials'
import type { Category, ZCategoryProductsInput } from '@shop/schema/categories'
import { MAX_PAGE_SIZE, ZId } from '@shop/schema/common'
import type { Product, ZProductListInput } from '@shop/schema/products'
import type { Testimonial } from '@shop/schema/testimonials'
import type { z } from 'zod'
import { AppError } from '../../lib/app-error'
import { type Page, pageOf } from '../../lib/paging'

// The public catalog: only active categories and active products are ever shown.

export function listCategories(db: Db): Promise<Category[]> {
  return categoriesRepo.findMany(db, { activeOnly: true })
}

export async function getCategory(db: Db, slug: string): Promise<Category> {
  const category = await categoriesRepo.findBySlug(db, slug, { activeOnly: true })
  if (!category) throw new AppError('NOT_FOUND', `Category '${slug}' not found`)
  return category
}

// The spec's calls without page parameters keep answering every product of a small shop, bounded by the largest
// page: a call without `pageSize` gets MAX_PAGE_SIZE products, and the headers say how many there are in all.

/** GET /api/categories/{slug}/products: a page of the category's active products by name, with page headers. */
export async function listCategoryProducts(
  db: Db,
  input: z.output<typeof ZCategoryProductsInput>,
): Promise<Page<Product>> {
  const category = await getCategory(db, input.slug)
  const page = pageOf(input, MAX_PAGE_SIZE)
  const options = { publicOnly: true, categoryId: category.id }
  const [items, total] = await Promise.all([
    productsRepo.findMany(db, { ...options, sort: 'name', limit: page.pageSize, offset: page.offset }),
    productsRepo.count(db, options),
  ])
  return { items, total, page, pathParams: { slug: category.slug } }
}

export function listFeaturedProducts(db: Db): Promise<Product[]> {
  return productsRepo.findMany(db, { publicOnly: true, featured: true, sort: 'newest' })
}

/** GET /api/products: a page of the active products, searched and sorted, with page headers. */
export async function listProducts(db: Db, input: z.output<typeof ZProductListInput>): Promise<Page<Product>> {
  // `limit` is the first page of that size (the search box's few results).
  const page = pageOf({ page: input.page, pageSize: input.pageSize ?? input.limit }, MAX_PAGE_SIZE)
  const options = { publicOnly: true, search: input.q || undefined }
  const [items, total] = await Promise.all([
    productsRepo.findMany(db, { ...options, sort: input.sort, limit: page.pageSize, offset: page.offset }),
    productsRepo.count(db, options),
  ])
  return { items, total, page, query: { q: input.q, sort: input.sort } }
}

export async function getProduct(db: Db, id: number): Promise<Product> {
  const product = await productsRepo.findById(db, id, { publicOnly: true })
  if (!product) throw new AppError('NOT_FOUND', `Product ${id} not found`)
  return product
}

export function listFeaturedTestimonials(db: Db): Promise<Testimonial[]> {
  return testimonialsRepo.findFeatured(db)
}

const PRODUCT_PAGE = /^\/product\/([^/]*)\/?$/
const CATEGORY_PAGE = /^\/category\/([^/]+)\/?$/

/**
 * Whether a storefront page path names nothing the public can see: a product page of an unknown, inactive or
 * malformed id, or a category page of an unknown or inactive slug. The server answers those with HTTP 404 (the
 * web app shows the spec's "Product Not Found" or its category equivalent), so crawlers and link previews do not
 * take them for pages. Other paths are the web app's to judge.
 */
export async function isMissingStorefrontPage(db: Db, pathname: string): Promise<boolean> {
  const product = PRODUCT_PAGE.exec(pathname)
  if (product) {
    // The API's id rule: canonical digits, at most MAX_ID (as the web app's routes read ids too).
    const id = ZId.safeParse(product[1])
    return !id.success || !(await productsRepo.findById(db, id.data, { publicOnly: true }))
  }
  const category = CATEGORY_PAGE.exec(pathname)
  if (category) {
    // Fastify has refused a path that does not decode (400) before this is asked.
    const slug = decodeURIComponent(category[1] as string)
    return !(await categoriesRepo.findBySlug(db, slug, { activeOnly: true }))
  }
  return false
}
