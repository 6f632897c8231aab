import { z } from 'zod'
import {
  integerFromText,
  MAX_ID,
  pageFields,
  visibleText,
  ZId,
  ZImageUrl,
  ZIsoDateTime,
  ZMoney,
  ZPriceInput,
} from './common'
import { MAX_SEARCH_TEXT_LENGTH, PRODUCT_SORTS } from './display'

export const MAX_OPTIONS = 3
export const MAX_OPTION_VALUES = 30
export const MAX_VARIANTS = 100
export const MAX_PERSONALIZATION_FIELDS = 3
export const MAX_PERSONALIZATION_LENGTH = 200
export const MAX_LEAD_DAYS = 365

/** Made to order: ships in `minDays`-`maxDays` business days. */
export const ZLeadTime = z
  .object({
    minDays: z
      .number({ error: 'Lead time must be a whole number of days' })
      .int('Lead time must be a whole number of days')
      .min(1, 'Lead time must be at least 1 day')
      .max(MAX_LEAD_DAYS, `Lead time can be at most ${MAX_LEAD_DAYS} days`),
    maxDays: z
      .number({ error: 'Lead time must be a whole number of days' })
      .int('Lead time must be a whole number of days')
      .min(1, 'Lead time must be at least 1 day')
      .max(MAX_LEAD_DAYS, `Lead time can be at most ${MAX_LEAD_DAYS} days`),
  })
  .refine((lead) => lead.maxDays >= lead.minDays, {
    message: 'The longest lead time cannot be shorter than the shortest',
    path: ['maxDays'],
  })

/** An option of a product ("Ring size": 5, 6, 7, 8, 9), its values in the admin's order. */
export const ZProductOption = z.object({ name: z.string(), values: z.array(z.string()) })
export type ProductOption = z.infer<typeof ZProductOption>

/** A combination of option values with its own SKU, price and stock. A product without options has one. */
export const ZVariant = z.object({
  id: ZId,
  /** One value per option of the product, in the options' order; empty for a product without options. */
  options: z.array(z.string()),
  /** "Size 7 / Sterling silver"; empty for a product without options. */
  label: z.string(),
  sku: z.string(),
  price: ZMoney,
  stock: z.number().int(),
  minStock: z.number().int(),
  active: z.boolean(),
  /** Shown when the variant is chosen; null shows the product's images. */
  imageUrl: z.string().nullable(),
  /** Made to order: bought without stock and made in this many business days. Null: sold from stock. */
  leadTime: ZLeadTime.nullable(),
})
export type Variant = z.infer<typeof ZVariant>

/** A text the buyer types for the piece ("Engraving"), stored on the order line exactly as typed. */
export const ZPersonalizationField = z.object({
  /** Stable within its product: an order line names the field by it. */
  id: z.number().int().positive(),
  label: z.string(),
  /** In characters as a reader counts them (grapheme clusters): "José" is 4 however it is encoded. */
  maxLength: z.number().int(),
  required: z.boolean(),
  /** Added to the unit price when the field is filled in; null when free. */
  surcharge: ZMoney.nullable(),
  /** The only characters the maker can engrave; null allows any. */
  allowedCharacters: z.string().nullable(),
})
export type PersonalizationField = z.infer<typeof ZPersonalizationField>

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
  /** Up to three options; empty for a product sold in one form. */
  options: z.array(ZProductOption),
  /**
   * The product's variants in the admin's order; the public sees the active ones. The product's `price` is the
   * lowest active variant price and its `stock` the sum over active variants.
   */
  variants: z.array(ZVariant),
  personalization: z.array(ZPersonalizationField),
})
export type Product = z.infer<typeof ZProduct>

export const MAX_STOCK = 1_000_000

const ZSku = z
  .string({ error: 'SKU must be at least 3 characters' })
  .trim()
  .max(64, 'SKU must be at most 64 characters')
  .check(visibleText('SKU', { min: 3, tooShort: 'SKU must be at least 3 characters' }))

const ZStock = z
  .number({ error: 'Stock must be an integer' })
  .int('Stock must be an integer')
  .min(0, 'Stock cannot be negative')
  .max(MAX_STOCK, 'Stock is too large')

const ZMinStock = z
  .number({ error: 'Minimum stock must be at least 1' })
  .int('Minimum stock must be an integer')
  .min(1, 'Minimum stock must be at least 1')
  .max(MAX_STOCK, 'Minimum stock is too large')

/** A short visible label: an option's name or value, a personalisation field's label. */
function shortLabel(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(/^[^\r\n]*$/, `${label} must be on one line`)
    .check(visibleText(label, { min: 1, tooShort: `${label} is required` }))
}

const sameKey = (text: string) => text.toLocaleLowerCase('en')

/** Issues for each repeated entry of `keys` (compared regardless of letter case), at `path(i)`. */
function checkDistinct(
  ctx: z.RefinementCtx,
  keys: readonly string[],
  message: (key: string) => string,
  path: (i: number) => PropertyKey[],
) {
  const seen = new Set<string>()
  keys.forEach((key, i) => {
    const folded = sameKey(key)
    if (seen.has(folded)) ctx.addIssue({ code: 'custom', message: message(key), path: path(i) })
    seen.add(folded)
  })
}

export const ZProductOptionInput = z
  .object({
    name: shortLabel('Option name', 40),
    values: z
      .array(shortLabel('Option value', 40), { error: 'Add at least one value' })
      .min(1, 'Add at least one value')
      .max(MAX_OPTION_VALUES, `An option can have at most ${MAX_OPTION_VALUES} values`),
  })
  .superRefine((option, ctx) =>
    checkDistinct(
      ctx,
      option.values,
      (value) => `${option.name} has '${value}' twice`,
      (i) => ['values', i],
    ),
  )
export type ProductOptionInput = z.input<typeof ZProductOptionInput>

export const ZVariantInput = z.object({
  /** An existing variant of the product keeps its id (carts and order lines name it); a new one has none. */
  id: ZId.optional(),
  options: z.array(z.string().trim()).max(MAX_OPTIONS).default([]),
  sku: ZSku,
  price: ZPriceInput,
  stock: ZStock,
  minStock: ZMinStock,
  active: z.boolean().default(true),
  imageUrl: ZImageUrl.nullish().transform((url) => url || null),
  leadTime: ZLeadTime.nullable().default(null),
})
export type VariantInput = z.input<typeof ZVariantInput>
export type VariantValues = z.output<typeof ZVariantInput>

export const ZPersonalizationFieldInput = z.object({
  /** An existing field keeps its id; a new one gets the next free one. */
  id: z.number().int().positive().max(1000).optional(),
  label: shortLabel('Label', 40),
  maxLength: z
    .number({ error: 'Maximum length must be a whole number' })
    .int('Maximum length must be a whole number')
    .min(1, 'Maximum length must be at least 1')
    .max(MAX_PERSONALIZATION_LENGTH, `Maximum length can be at most ${MAX_PERSONALIZATION_LENGTH}`),
  required: z.boolean().default(false),
  /** Added to the unit price when the buyer fills the field in; empty or null for none. */
  surcharge: z
    .union([z.literal(''), ZPriceInput])
    .nullish()
    .transform((value) => (typeof value === 'number' ? value : null)),
  allowedCharacters: z
    .string()
    .max(500, 'Allowed characters must be at most 500 characters')
    .nullish()
    .transform((value) => (value ? value : null)),
})
export type PersonalizationFieldInput = z.input<typeof ZPersonalizationFieldInput>
export type PersonalizationFieldValues = z.output<typeof ZPersonalizationFieldInput>

const productFields = {
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
  sku: ZSku,
  stock: ZStock,
  minStock: ZMinStock,
  featured: z.boolean().default(false),
  active: z.boolean().default(true),
  /** Up to three options. With none, the product is its one variant: its SKU, price, stock and minimum stock. */
  options: z
    .array(ZProductOptionInput)
    .max(MAX_OPTIONS, `A product can have at most ${MAX_OPTIONS} options`)
    .default([]),
  /** Every combination for sale, when the product has options; its price and stock then come from these. */
  variants: z.array(ZVariantInput).max(MAX_VARIANTS, `A product can have at most ${MAX_VARIANTS} variants`).optional(),
  /** Made to order, for a product without options (a product with options sets it per variant). */
  leadTime: ZLeadTime.nullable().default(null),
  personalization: z
    .array(ZPersonalizationFieldInput)
    .max(MAX_PERSONALIZATION_FIELDS, `A product can have at most ${MAX_PERSONALIZATION_FIELDS} personalisation fields`)
    .default([]),
}

type ProductFieldsOutput = z.output<z.ZodObject<typeof productFields>>

/** The rules between fields: variants match the options, combinations, SKUs and field labels appear once. */
function checkProduct(product: ProductFieldsOutput, ctx: z.RefinementCtx) {
  checkDistinct(
    ctx,
    product.options.map((option) => option.name),
    (name) => `There are two options named '${name}'`,
    (i) => ['options', i, 'name'],
  )
  checkDistinct(
    ctx,
    product.personalization.map((field) => field.label),
    (label) => `There are two personalisation fields labelled '${label}'`,
    (i) => ['personalization', i, 'label'],
  )
  const variants = product.variants ?? []
  if (product.options.length === 0) {
    if (variants.length > 1) {
      ctx.addIssue({ code: 'custom', message: 'Add an option before adding variants', path: ['variants'] })
    }
    return
  }
  if (variants.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'Add at least one variant', path: ['variants'] })
    return
  }
  variants.forEach((variant, i) => {
    if (variant.options.length !== product.options.length) {
      ctx.addIssue({
        code: 'custom',
        message: `Each variant needs a value for each option (${product.options.map((o) => o.name).join(', ')})`,
        path: ['variants', i, 'options'],
      })
      return
    }
    variant.options.forEach((value, j) => {
      const option = product.options[j]
      if (option && !option.values.some((known) => sameKey(known) === sameKey(value))) {
        ctx.addIssue({
          code: 'custom',
          message: `'${value}' is not a value of ${option.name}`,
          path: ['variants', i, 'options', j],
        })
      }
    })
  })
  checkDistinct(
    ctx,
    variants.map((variant) => variant.options.join('\u0000')),
    (key) => `Two variants are both ${key.split('\u0000').join(' / ')}`,
    (i) => ['variants', i, 'options'],
  )
  checkDistinct(
    ctx,
    variants.map((variant) => variant.sku),
    (sku) => `Two variants have the SKU '${sku}'`,
    (i) => ['variants', i, 'sku'],
  )
}

/** The product form and the admin's create call: the product's fields, plus options, variants and personalisation. */
export const ZProductInput = z.object(productFields).superRefine(checkProduct)
export type ProductInput = z.input<typeof ZProductInput>
export type ProductValues = z.output<typeof ZProductInput>

export const PRODUCT_DEFAULTS = { featured: false, active: true, stock: 0, minStock: 5 } as const

export const ZCreateProductInput = ZProductInput
export const ZUpdateProductInput = z.object({ ...productFields, id: ZId }).superRefine(checkProduct)

/**
 * The variants a product's values describe: its `variants` when it has options, else one made of the product's
 * own SKU, price, stock and minimum stock (keeping the id of the one it has, `existingId`).
 */
export function variantsOf(values: ProductValues, existingId?: number): VariantValues[] {
  if (values.options.length > 0) {
    // Values are matched regardless of case; the variant keeps the option's own spelling.
    return (values.variants ?? []).map((variant) => ({
      ...variant,
      options: variant.options.map(
        (value, i) => values.options[i]?.values.find((known) => sameKey(known) === sameKey(value)) ?? value,
      ),
    }))
  }
  const [given] = values.variants ?? []
  return [
    {
      id: given?.id ?? existingId,
      options: [],
      sku: values.sku,
      price: values.price,
      stock: values.stock,
      minStock: values.minStock,
      active: true,
      imageUrl: given?.imageUrl ?? null,
      leadTime: values.leadTime,
    },
  ]
}

export { PRODUCT_SORTS }
export const ZProductSort = z.enum(PRODUCT_SORTS)
export type ProductSort = z.infer<typeof ZProductSort>

const ZSearchText = z.string().trim().max(MAX_SEARCH_TEXT_LENGTH, 'Search text is too long')

/**
 * GET /api/products: the active products, optionally filtered by a search text and sorted, one page at a time.
 * Without `page` and `pageSize` it answers the first MAX_PAGE_SIZE, which is all of a small shop's; `limit` (the
 * search box's few results) is the first page of that size, so it does not go with `page` or `pageSize`.
 */
export const ZProductListInput = z
  .object({
    ...pageFields,
    q: ZSearchText.optional(),
    sort: ZProductSort.default('newest'),
    limit: integerFromText(
      z
        .number({ error: 'Limit must be a whole number from 1 to 100' })
        .int('Limit must be a whole number from 1 to 100')
        .min(1, 'Limit must be a whole number from 1 to 100')
        .max(100, 'Limit must be a whole number from 1 to 100'),
    ).optional(),
  })
  .refine((input) => input.limit === undefined || (input.page === undefined && input.pageSize === undefined), {
    message: 'Give either limit or page and pageSize, not both',
    path: ['limit'],
  })
export type ProductListInput = z.input<typeof ZProductListInput>

/**
 * GET /api/admin/products: one page of every product (active or not), searched by name, SKU (a variant's too) or
 * description, filtered by category and status, sorted like the storefront's list.
 */
export const ZAdminProductListInput = z.object({
  ...pageFields,
  sort: ZProductSort.default('newest'),
  q: ZSearchText.optional(),
  categoryId: integerFromText(
    z
      .number({ error: 'Category id must be a positive integer' })
      .int('Category id must be a positive integer')
      .positive('Category id must be a positive integer')
      .max(MAX_ID, `Category id must be at most ${MAX_ID}`),
  ).optional(),
  status: z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }).optional(),
})
export type AdminProductListInput = z.input<typeof ZAdminProductListInput>

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
 * The low-stock rule: a product is low in stock when its stock is at or below its minimum. The
 * admin's product list shows it in red; the server's low-stock list and count apply the same rule in SQL
 * (`isLowStock` of packages/db/src/products/product-rules.ts), to active products only.
 */
export function isLowStock(product: Pick<Product, 'stock' | 'minStock'>): boolean {
  return product.stock <= product.minStock
}
