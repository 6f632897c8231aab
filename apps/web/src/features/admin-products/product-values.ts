import { PRODUCT_DEFAULTS, type Product } from '@shop/schema/products'

/** A made-to-order lead time as typed: number inputs report '' while empty. */
export interface LeadTimeFormValues {
  minDays: number | string
  maxDays: number | string
}

/** An option as the form edits it; `key` names it while its name is being typed (it is not sent). */
export interface OptionFormValues {
  key: string
  name: string
  values: string[]
}

export interface VariantFormValues {
  /** Kept for an existing variant (carts and order lines name it); none for a new combination. */
  id?: number
  /** One value per option, in the order of `ProductFormValues.variantKeys`. */
  options: string[]
  sku: string
  price: number | string
  stock: number | string
  minStock: number | string
  active: boolean
  imageUrl: string | null
  leadTime: LeadTimeFormValues | null
}

export interface PersonalizationFormValues {
  /** Names the field in the form while it has no id yet (it is not sent). */
  key: string
  id?: number
  label: string
  maxLength: number | string
  required: boolean
  /** '' for none. */
  surcharge: number | string
  /** '' allows any character. */
  allowedCharacters: string
}

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
  options: OptionFormValues[]
  variants: VariantFormValues[]
  /**
   * The keys of the options the variants' values belong to, in their order. They differ from the options' own
   * while an option has no value yet: the variants wait, unchanged, until every option has one.
   */
  variantKeys: string[]
  /** Made to order, for a product without options. */
  leadTime: LeadTimeFormValues | null
  personalization: PersonalizationFormValues[]
}

/** The lead time a made-to-order switch starts with, in business days. */
export const DEFAULT_LEAD_TIME: LeadTimeFormValues = { minDays: 10, maxDays: 15 }

let lastKey = 0

/** A key for an option or personalisation field that has none yet; unique within the page. */
export function newKey(): string {
  lastKey += 1
  return `k${lastKey}`
}

/** The form's starting values: the product's own in edit mode, the defaults (PRODUCT_DEFAULTS) in create mode. */
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
      options: [],
      variants: [],
      variantKeys: [],
      leadTime: null,
      personalization: [],
    }
  }
  const options = (product.options ?? []).map((option) => ({ key: newKey(), name: option.name, values: option.values }))
  const hasOptions = options.length > 0
  const variants = product.variants ?? []
  return {
    name: product.name,
    description: product.description,
    price: Number(product.price),
    categoryId: product.categoryId === null ? null : String(product.categoryId),
    imageUrls: product.imageUrls,
    sku: product.sku,
    stock: product.stock,
    // A product without options is its one variant; the minimum stock is the variant's.
    minStock: hasOptions ? product.minStock : (variants[0]?.minStock ?? product.minStock),
    featured: product.featured,
    active: product.active,
    options,
    variants: hasOptions
      ? variants.map((variant) => ({
          id: variant.id,
          options: variant.options,
          sku: variant.sku,
          price: Number(variant.price),
          stock: variant.stock,
          minStock: variant.minStock,
          active: variant.active,
          imageUrl: variant.imageUrl,
          leadTime: variant.leadTime,
        }))
      : [],
    variantKeys: options.map((option) => option.key),
    leadTime: hasOptions ? null : (variants[0]?.leadTime ?? null),
    personalization: (product.personalization ?? []).map((field) => ({
      key: newKey(),
      id: field.id,
      label: field.label,
      maxLength: field.maxLength,
      required: field.required,
      surcharge: field.surcharge === null ? '' : Number(field.surcharge),
      allowedCharacters: field.allowedCharacters ?? '',
    })),
  }
}

function numberOrNull(value: number | string): number | null {
  if (value === '' || value === null) return null
  const number = Number(value)
  return Number.isFinite(number) ? number : null
}

/**
 * The product's price and stock as the server derives them from its variants (the lowest active variant price,
 * the lowest of all when none is active; the sum of active variants' stock), or null when they cannot be told
 * yet (no variant, no price typed).
 */
export function variantTotals(variants: readonly VariantFormValues[]): { price: number; stock: number } | null {
  if (variants.length === 0) return null
  const active = variants.filter((variant) => variant.active)
  const lowest = (list: readonly VariantFormValues[]) => {
    const prices = list.map((variant) => numberOrNull(variant.price)).filter((price) => price !== null)
    return prices.length > 0 ? Math.min(...prices) : null
  }
  const price = lowest(active) ?? lowest(variants)
  if (price === null) return null
  const stock = active.reduce((sum, variant) => sum + (numberOrNull(variant.stock) ?? 0), 0)
  return { price, stock }
}

/**
 * The values to validate and send. The spec's product fields stay required, so a product with options fills its
 * price and stock from the variants; made to order is then set per variant, and without options there are none.
 */
export function toProductInput(values: ProductFormValues) {
  const { variantKeys: _, options, variants, personalization, ...product } = values
  const input = {
    ...product,
    options: options.map(({ name, values: optionValues }) => ({ name, values: optionValues })),
    personalization: personalization.map(({ key: __, ...field }) => field),
  }
  if (options.length === 0) return { ...input, variants: [] as VariantFormValues[] }
  const totals = variantTotals(variants)
  return {
    ...input,
    price: totals?.price ?? product.price,
    stock: totals?.stock ?? product.stock,
    leadTime: null,
    variants,
  }
}

/**
 * A product is low in stock when its stock is at or below its minimum. A product with options is
 * low when any of its active variants is at or below its own minimum.
 */
export function isLowStock(
  product: Pick<Product, 'stock' | 'minStock'> & { options?: Product['options']; variants?: Product['variants'] },
): boolean {
  if (product.options && product.options.length > 0 && product.variants) {
    return product.variants.some((variant) => variant.active && variant.stock <= variant.minStock)
  }
  return product.stock <= product.minStock
}

/** An image URL typed by hand must be an absolute http(s) address. */
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

/**
 * How every money field of the product form is typed: with cents, "1,234.50"; the fields put the symbol of the
 * shop's currency before it (useCurrencySymbol).
 */
export const MONEY_INPUT = {
  step: 0.01,
  min: 0,
  decimalScale: 2,
  fixedDecimalScale: true,
  thousandSeparator: ',',
} as const
