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
}

/** A product's images in display order; position 0 is the thumbnail. */
export interface ProductImagesTable {
  id: Generated<number>
  product_id: number
  position: number
  url: string
}
