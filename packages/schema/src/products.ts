import { z } from 'zod'
import { integerFromText, MAX_ID, visibleText, ZId, ZImageUrl, ZIsoDateTime, ZMoney, ZPriceInput } from './common'

export const ZProduct = z.object({
  id: ZId,
  name: z.string(),
  description: z.string(),
  price: ZMoney,
  categoryId: ZId.nullable(),
  /** Joined for convenience (breadcrumbs, admin list); null when the product has no category. */
  categoryName: z.string().nullable(),
  categorySlug: z.string().nullable(),
  imageUrls: z.array(z.string()),
  sku: z.string(),
  stock: z.number().int(),
  minStock: z.number().int(),
  featured: z.boolean(),
  active: z.boolean(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
})
export type Product = z.infer<typeof ZProduct>

export const MAX_STOCK = 1_000_000

export const ZProductInput = z.object({
  name: z
    .string({ error: 'Product name must be at least 3 characters' })
    .trim()
    .max(200, 'Product name must be at most 200 characters')
    .check(visibleText('Product name', { min: 3, tooShort: 'Product name must be at least 3 characters' })),
  description: z
    .string({ error: 'Description must be at least 10 characters' })
    .trim()
    .max(10_000, 'Description must be at most 10000 characters')
    .check(visibleText('Description', { min: 10, tooShort: 'Description must be at least 10 characters' })),
  price: ZPriceInput,
  // The form's category select holds the id as text.
  categoryId: integerFromText(
    z
      .number({ error: 'Please select a category' })
      .int('Please select a category')
      .positive('Please select a category')
      .max(MAX_ID, 'Please select a category'),
  ),
  imageUrls: z
    .array(ZImageUrl, { error: 'At least one image is required' })
    .min(1, 'At least one image is required')
    .max(20, 'At most 20 images are allowed'),
  // A SKU is printed on invoices and compared regardless of case: an invisible character would make a second
  // 'NEC-1042' that reads the same but is not.
  sku: z
    .string({ error: 'SKU must be at least 3 characters' })
    .trim()
    .max(64, 'SKU must be at most 64 characters')
    .check(visibleText('SKU', { min: 3, tooShort: 'SKU must be at least 3 characters' })),
  stock: z
    .number({ error: 'Stock must be an integer' })
    .int('Stock must be an integer')
    .min(0, 'Stock cannot be negative')
    .max(MAX_STOCK, 'Stock is too large'),
  minStock: z
    .number({ error: 'Minimum stock must be at least 1' })
    .int('Minimum stock must be an integer')
    .min(1, 'Minimum stock must be at least 1')
    .max(MAX_STOCK, 'Minimum stock is too large'),
  featured: z.boolean().default(false),
  active: z.boolean().default(true),
})
export type ProductInput = z.input<typeof ZProductInput>
export type ProductValues = z.output<typeof ZProductInput>

export const PRODUCT_DEFAULTS = { featured: false, active: true, stock: 0, minStock: 5 } as const

export const ZCreateProductInput = ZProductInput
export const ZUpdateProductInput = ZProductInput.extend({ id: ZId })

export const PRODUCT_SORTS = ['newest', 'price-asc', 'price-desc', 'name'] as const
export const ZProductSort = z.enum(PRODUCT_SORTS)
export type ProductSort = z.infer<typeof ZProductSort>

/** GET /api/products: every active product, optionally filtered by a search text and sorted. */
export const ZProductListInput = z.object({
  q: z.string().trim().max(100, 'Search text is too long').optional(),
  sort: ZProductSort.default('newest'),
  limit: integerFromText(
    z
      .number({ error: 'Limit must be a whole number from 1 to 100' })
      .int('Limit must be a whole number from 1 to 100')
      .min(1, 'Limit must be a whole number from 1 to 100')
      .max(100, 'Limit must be a whole number from 1 to 100'),
  ).optional(),
})
export type ProductListInput = z.input<typeof ZProductListInput>

/** SKU generator of the product form: first 3 letters of the category's name, 'PD' without one, 4 random digits. */
export function generateSku(categoryName: string | null | undefined, random: () => number = Math.random): string {
  const letters = (categoryName ?? '')
    .replace(/[^a-z]/gi, '')
    .slice(0, 3)
    .toUpperCase()
  const prefix = letters.length > 0 ? letters : 'PD'
  const digits = String(Math.floor(random() * 10_000)).padStart(4, '0')
  return `${prefix}-${digits}`
}

/**
 * The low-stock rule (spec point 2): a product is low in stock when its stock is at or below its minimum. The
 * admin's product list shows it in red; the server's low-stock list and count apply the same rule in SQL
 * (`isLowStock` of packages/db/src/products/product-rules.ts), to active products only.
 */
export function isLowStock(product: Pick<Product, 'stock' | 'minStock'>): boolean {
  return product.stock <= product.minStock
}
