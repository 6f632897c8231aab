import type { ExpressionBuilder } from 'kysely'
import type { Database } from '../database'
import { toDbBool } from '../dialect'

/**
 * The catalog's rules as SQL conditions, each written once and used by every query that applies it. They are the
 * shop's rules, not the repositories': a query states which one it applies by name.
 */

/**
 * Public visibility: what the public may see and buy is an active product in an active category, or in none. The
 * query must left-join `categories` on the product's category (a product without one has no row there).
 */
export function isPubliclyVisible(eb: ExpressionBuilder<Database, 'products' | 'categories'>) {
  return eb.and([
    eb('products.active', '=', toDbBool(true)),
    eb.or([eb('categories.id', 'is', null), eb('categories.active', '=', toDbBool(true))]),
  ])
}

/**
 * Low stock (spec point 2): the stock is at or below the product's minimum. The same rule as `isLowStock` of
 * @shop/schema/products, which the admin's product list shows.
 */
export function isLowStock(eb: ExpressionBuilder<Database, 'products'>) {
  return eb('products.stock', '<=', eb.ref('products.min_stock'))
}

/**
 * What the dashboard lists and counts as low in stock: active products only, as an inactive one is not for sale
 * and needs no restocking.
 */
export function isActiveLowStock(eb: ExpressionBuilder<Database, 'products'>) {
  return eb.and([eb('products.active', '=', toDbBool(true)), isLowStock(eb)])
}
