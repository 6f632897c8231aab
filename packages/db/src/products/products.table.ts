import type { Generated } from 'kysely'
import type { DbBool } from '../dialect'

export interface ProductsTable {
  id: Generated<number>
  name: string
  description: string
  price_cents: number
  category_id: number | null
  sku: string
  stock: number
  min_stock: number
  featured: DbBool
  active: DbBool
  created_at: string
  updated_at: string
  /** JSON: the product's options, [{ name, values }]. */
  options: Generated<string>
  /** JSON: its personalisation fields, [{ id, label, maxLength, required, surchargeCents, allowedCharacters }]. */
  personalization: Generated<string>
}

/**
 * A combination of option values for sale. The product's `price_cents` and `stock` are the lowest active variant
 * price and the sum of active variants' stock (refreshTotals keeps them in step).
 */
export interface ProductVariantsTable {
  id: Generated<number>
  product_id: number
  position: number
  /** JSON: one value per option, in the options' order. */
  option_values: string
  sku: string
  price_cents: number
  stock: number
  min_stock: number
  active: DbBool
  image_url: string | null
  /** Made to order in this many business days; both null when sold from stock. */
  lead_min_days: number | null
  lead_max_days: number | null
  created_at: string
  updated_at: string
}

/** Every SKU in use, folded to lower case, with the product that uses it: one owner per SKU. */
export interface ProductSkusTable {
  sku_key: string
  product_id: number
}

/** A product's images in display order; position 0 is the thumbnail. */
export interface ProductImagesTable {
  id: Generated<number>
  product_id: number
  position: number
  url: string
}
