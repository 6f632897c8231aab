import type { Executor } from '../database'
import { toDbBool } from '../dialect'
import { isPubliclyVisible } from '../products/product-rules'

/** One page of the storefront for search engines: its path and when it last changed (ISO). */
export interface SitemapEntry {
  path: string
  lastModified: string
}

/** The sitemap protocol's limit for one file. */
export const MAX_SITEMAP_ENTRIES = 50_000

/**
 * The storefront pages a search engine may list: every active category and every product the public may see and
 * buy (isPubliclyVisible), with the time each last changed. Only ids, slugs and times are read.
 */
export async function findSitemapEntries(db: Executor): Promise<SitemapEntry[]> {
  const [categories, products] = await Promise.all([
    db
      .selectFrom('categories')
      .select(['slug', 'updated_at'])
      .where('active', '=', toDbBool(true))
      .orderBy('slug')
      .execute(),
    db
      .selectFrom('products')
      .leftJoin('categories', 'categories.id', 'products.category_id')
      .select(['products.id', 'products.updated_at'])
      .where(isPubliclyVisible)
      .orderBy('products.id')
      .limit(MAX_SITEMAP_ENTRIES)
      .execute(),
  ])
  return [
    ...categories.map((row) => ({ path: `/category/${encodeURIComponent(row.slug)}`, lastModified: row.updated_at })),
    ...products.map((row) => ({ path: `/product/${row.id}`, lastModified: row.updated_at })),
  ]
}
