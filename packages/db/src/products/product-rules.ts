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
    // Something to buy: a product whose every variant is switched off is not for sale.
    eb.exists(
      eb
        .selectFrom('product_variants')
        .select('product_variants.id')
        .whereRef('product_variants.product_id', '=', 'products.id')
        .where('product_variants.active', '=', toDbBool(true)),
    ),
  ])
}

/**
 * Low stock: the stock is at or below the product's minimum. The same rule as `isLowStock` of
 * @shop/schema/products, which the admin's product list shows.
 */
export function isLowStock(eb: ExpressionBuilder<Database, 'product_variants'>) {
  return eb('product_variants.stock', '<=', eb.ref('product_variants.min_stock'))
}

/**
 * What the dashboard lists and counts as low in stock, per variant: an active variant of an active product at or
 * below its own minimum. Inactive ones are not for sale, and made-to-order ones are made when bought: neither
 * needs restocking. The query joins `products` to its variants.
 */
export function isActiveLowStockVariant(eb: ExpressionBuilder<Database, 'products' | 'product_variants'>) {
  return eb.and([
    eb('products.active', '=', toDbBool(true)),
    eb('product_variants.active', '=', toDbBool(true)),
    eb('product_variants.lead_min_days', 'is', null),
    isLowStock(eb),
  ])
}
