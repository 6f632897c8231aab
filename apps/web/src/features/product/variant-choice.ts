import type { Product, Variant } from '@shop/schema/products'

/** The value chosen for each of the product's options, in their order; null where none is chosen yet. */
export type Choice = ReadonlyArray<string | null>

type Sellable = Pick<Variant, 'stock' | 'leadTime'>

/** A made-to-order variant is made once ordered, so it sells without stock; any other needs stock. */
export function isPurchasable(variant: Sellable): boolean {
  return variant.leadTime !== null || variant.stock > 0
}

function matchesChoice(variant: Pick<Variant, 'options'>, choice: Choice, skip?: number): boolean {
  return choice.every((value, i) => i === skip || value === null || variant.options[i] === value)
}

/** The (active) variants that agree with every value chosen so far. */
export function candidateVariants(product: Pick<Product, 'variants'>, choice: Choice): Variant[] {
  return product.variants.filter((variant) => matchesChoice(variant, choice))
}

/**
 * Whether `value` of option `index` leads, with the values chosen for the other options, to a variant that can be
 * bought. A value that does not is shown as unavailable, though it may still be chosen.
 */
export function isValueAvailable(
  product: Pick<Product, 'variants'>,
  choice: Choice,
  index: number,
  value: string,
): boolean {
  return product.variants.some(
    (variant) => variant.options[index] === value && matchesChoice(variant, choice, index) && isPurchasable(variant),
  )
}

/** The variant of a complete choice; a product without options is its one variant. Undefined until complete. */
export function chosenVariant(product: Pick<Product, 'options' | 'variants'>, choice: Choice): Variant | undefined {
  if (product.options.length === 0) return product.variants[0]
  if (choice.length !== product.options.length || choice.some((value) => value === null)) return undefined
  return product.variants.find((variant) => matchesChoice(variant, choice))
}

/** The name of the first option still to choose ("Size"), or undefined once each has a value. */
export function missingOption(product: Pick<Product, 'options'>, choice: Choice): string | undefined {
  return product.options.find((_, i) => (choice[i] ?? null) === null)?.name
}

/**
 * The choice a product page opens with: the variant named in the URL (`?variant=<id>`) when the product has it,
 * else each option that only one value of the variants has (nothing to choose there), else nothing.
 */
export function initialChoice(product: Pick<Product, 'options' | 'variants'>, variantParam: string | null): Choice {
  const named = variantParam === null ? undefined : product.variants.find((v) => String(v.id) === variantParam)
  if (named && named.options.length === product.options.length) return named.options
  return product.options.map((_, i) => {
    const values = new Set(product.variants.map((variant) => variant.options[i]))
    const [only] = values
    return values.size === 1 && only !== undefined ? only : null
  })
}

/** The choice with `value` for option `index`. */
export function withValue(choice: Choice, index: number, value: string): Choice {
  return choice.map((current, i) => (i === index ? value : current))
}

export const priceCents = (money: string) => Math.round(Number(money) * 100)

/** The lowest and highest price of some variants, in cents; null for none. */
export function priceRange(variants: ReadonlyArray<Pick<Variant, 'price'>>): { min: number; max: number } | null {
  if (variants.length === 0) return null
  const cents = variants.map((variant) => priceCents(variant.price))
  return { min: Math.min(...cents), max: Math.max(...cents) }
}

/** Its variants' prices differ: a card shows "From" the lowest (the product's `price`). */
export function hasPriceRange(product: Pick<Product, 'variants'>): boolean {
  const range = priceRange(product.variants)
  return range !== null && range.min !== range.max
}

/** Some variant is made to order: the product sells even with no stock. */
export function hasMadeToOrder(product: Pick<Product, 'variants'>): boolean {
  return product.variants.some((variant) => variant.leadTime !== null)
}
