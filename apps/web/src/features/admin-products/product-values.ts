import { PRODUCT_DEFAULTS, type Product } from '@shop/schema/products'

/**
 * What the product form edits. Number inputs report '' while empty and the category select holds the id as text,
 * so these are looser than the wire input; `ZProductInput` turns them into `ProductValues` on submit.
 */
export interface ProductFormValues {
  name: string
  description: string
  price: number | string
  categoryId: string | null
  imageUrls: string[]
  sku: string
  stock: number | string
  minStock: number | string
  featured: boolean
  active: boolean
}

/** The form's starting values: the product's own in edit mode, the spec's defaults (point 5) in create mode. */
export function toFormValues(product?: Product): ProductFormValues {
  if (!product) {
    return {
      name: '',
      description: '',
      price: '',
      categoryId: null,
      imageUrls: [],
      sku: '',
      stock: PRODUCT_DEFAULTS.stock,
      minStock: PRODUCT_DEFAULTS.minStock,
      featured: PRODUCT_DEFAULTS.featured,
      active: PRODUCT_DEFAULTS.active,
    }
  }
  return {
    name: product.name,
    description: product.description,
    price: Number(product.price),
    categoryId: product.categoryId === null ? null : String(product.categoryId),
    imageUrls: product.imageUrls,
    sku: product.sku,
    stock: product.stock,
    minStock: product.minStock,
    featured: product.featured,
    active: product.active,
  }
}

/** The admin list's search: a case-insensitive substring of the name or the SKU. */
export function filterProducts<T extends Pick<Product, 'name' | 'sku'>>(products: T[], search: string): T[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return products
  return products.filter(
    (product) => product.name.toLowerCase().includes(needle) || product.sku.toLowerCase().includes(needle),
  )
}

/** Spec point 2: a product is low in stock when its stock is at or below its minimum. */
export function isLowStock(product: Pick<Product, 'stock' | 'minStock'>): boolean {
  return product.stock <= product.minStock
}

/** An image URL typed by hand must be an absolute http(s) address (spec point 5). */
export function isHttpUrl(text: string): boolean {
  return /^https?:\/\/\S+$/i.test(text.trim())
}

/** The list with the item at `from` moved to `to`; an index outside the list leaves it as it is. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items]
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return next
  const [item] = next.splice(from, 1)
  if (item !== undefined) next.splice(to, 0, item)
  return next
}
