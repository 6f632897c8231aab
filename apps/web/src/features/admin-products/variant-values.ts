import { MAX_VARIANTS } from '@shop/schema/products'
import {
  moveItem,
  type OptionFormValues,
  type ProductFormValues,
  type VariantFormValues,
  variantTotals,
} from './product-values'

const sameValue = (a: string, b: string) => a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en')

/** Every combination of the options' values, the first option's values varying slowest, in the admin's order. */
export function combinationsOf(options: ReadonlyArray<Pick<OptionFormValues, 'values'>>): string[][] {
  if (options.length === 0) return []
  return options.reduce<string[][]>(
    (combinations, option) =>
      combinations.flatMap((combination) => option.values.map((value) => [...combination, value])),
    [[]],
  )
}

/** A variant's SKU from the product's: 'RIN-3015' and ['7', 'Sterling silver'] give 'RIN-3015-7-STERLING-SILVER'. */
export function variantSku(productSku: string, values: readonly string[]): string {
  const parts = values.map((value) =>
    value
      .trim()
      .toUpperCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, ''),
  )
  return [productSku.trim(), ...parts].filter((part) => part.length > 0).join('-')
}

/** Whether the variant's SKU is the one made for it from the product's, which then follows its changes. */
function hasMadeSku(variant: VariantFormValues, productSku: string): boolean {
  return variant.sku === variantSku(productSku, variant.options)
}

/** Whether each option has a value, so that the variants can be listed. */
export function canListVariants(options: readonly OptionFormValues[]): boolean {
  return options.every((option) => option.values.length > 0)
}

/** The values with the product's price and stock taken from its variants, as the server will (when it has some). */
function withTotals(values: ProductFormValues): ProductFormValues {
  if (values.options.length === 0) return values
  const totals = variantTotals(values.variants)
  return totals ? { ...values, price: totals.price, stock: totals.stock } : values
}

/**
 * The options changed: the variants follow. A combination that still exists keeps its variant (id, SKU, price,
 * stock and the rest), whatever was added, removed, renamed or reordered around it; when an option is added, the
 * first combination of each former variant keeps it and the others start from its price. A new combination gets
 * the product's price, no stock and a SKU made from the product's. A SKU made so follows the values; one typed by
 * hand stays. While an option has no value, the variants wait as they are.
 */
export function withOptions(values: ProductFormValues, options: OptionFormValues[]): ProductFormValues {
  if (options.length === 0) {
    // The product is again its one variant: it keeps the price and stock its variants added up to.
    return { ...withTotals(values), options, variants: [], variantKeys: [] }
  }
  if (!canListVariants(options)) return { ...values, options }

  const previousKeys = values.variantKeys
  const nextKeys = options.map((option) => option.key)
  const shared = nextKeys
    .map((key, nextIndex) => ({ nextIndex, previousIndex: previousKeys.indexOf(key) }))
    .filter((pair) => pair.previousIndex >= 0)
  // With no option in common, no former variant is any of the new combinations.
  const matches = (variant: VariantFormValues, combination: readonly string[]) =>
    shared.length > 0 &&
    shared.every(({ nextIndex, previousIndex }) =>
      sameValue(variant.options[previousIndex] ?? '', combination[nextIndex] ?? ''),
    )

  const taken = new Set<VariantFormValues>()
  const combinations = combinationsOf(options).slice(0, MAX_VARIANTS)
  const kept = combinations.map((combination) => {
    const variant = values.variants.find((candidate) => !taken.has(candidate) && matches(candidate, combination))
    if (variant) taken.add(variant)
    return variant
  })
  const defaultPrice = values.price
  const variants = combinations.map((combination, i): VariantFormValues => {
    const variant = kept[i]
    if (variant) {
      const sku = hasMadeSku(variant, values.sku) ? variantSku(values.sku, combination) : variant.sku
      return { ...variant, options: combination, sku }
    }
    const like = values.variants.find((candidate) => matches(candidate, combination))
    return {
      options: combination,
      sku: variantSku(values.sku, combination),
      price: like?.price ?? defaultPrice,
      stock: 0,
      minStock: like?.minStock ?? values.minStock,
      active: true,
      imageUrl: like?.imageUrl ?? null,
      leadTime: like?.leadTime ?? null,
    }
  })
  return withTotals({ ...values, options, variants, variantKeys: nextKeys })
}

function renamed(variant: VariantFormValues, index: number, value: string, productSku: string): VariantFormValues {
  const options = variant.options.map((v, j) => (j === index ? value : v))
  return { ...variant, options, sku: hasMadeSku(variant, productSku) ? variantSku(productSku, options) : variant.sku }
}

/** The product's SKU changed: the variants' SKUs made from it follow; those typed by hand stay. */
export function withProductSku(values: ProductFormValues, sku: string): ProductFormValues {
  const variants = values.variants.map((variant) =>
    hasMadeSku(variant, values.sku) ? { ...variant, sku: variantSku(sku, variant.options) } : variant,
  )
  return { ...values, sku, variants }
}

/** Renames a value of an option; its variants keep everything but the value's spelling. */
export function renameOptionValue(
  values: ProductFormValues,
  optionIndex: number,
  valueIndex: number,
  next: string,
): ProductFormValues {
  const option = values.options[optionIndex]
  const previous = option?.values[valueIndex]
  if (!option || previous === undefined) return values
  const options = values.options.map((o, i) =>
    i === optionIndex ? { ...o, values: o.values.map((v, j) => (j === valueIndex ? next : v)) } : o,
  )
  const variantIndex = values.variantKeys.indexOf(option.key)
  const variants =
    variantIndex < 0
      ? values.variants
      : values.variants.map((variant) =>
          variant.options[variantIndex] === previous ? renamed(variant, variantIndex, next, values.sku) : variant,
        )
  return { ...values, options, variants }
}

/** Moves a value of an option up or down; the variants follow the new order. */
export function moveOptionValue(
  values: ProductFormValues,
  optionIndex: number,
  from: number,
  to: number,
): ProductFormValues {
  return withOptions(
    values,
    values.options.map((option, i) =>
      i === optionIndex ? { ...option, values: moveItem(option.values, from, to) } : option,
    ),
  )
}

/** Changes one variant (its price, stock or activity may change the product's totals). */
export function withVariant(
  values: ProductFormValues,
  index: number,
  change: Partial<VariantFormValues>,
): ProductFormValues {
  return withTotals({
    ...values,
    variants: values.variants.map((variant, i) => (i === index ? { ...variant, ...change } : variant)),
  })
}

/** Sets the same field on every variant ("Set price for all", "Set stock for all"). */
export function withAllVariants(values: ProductFormValues, change: Partial<VariantFormValues>): ProductFormValues {
  return withTotals({ ...values, variants: values.variants.map((variant) => ({ ...variant, ...change })) })
}

/** The product's images changed: a variant whose image is gone shows the product's again. */
export function withImages(values: ProductFormValues, imageUrls: string[]): ProductFormValues {
  const variants = values.variants.map((variant) =>
    variant.imageUrl !== null && !imageUrls.includes(variant.imageUrl) ? { ...variant, imageUrl: null } : variant,
  )
  return { ...values, imageUrls, variants }
}
