import type { PersonalizationField, Product, Variant } from '@shop/schema/products'
import { type CartLine, type CartLinePersonalization, MADE_TO_ORDER_MAX } from '../cart/cart'
import { priceCents } from './variant-choice'

/** The first sentence of a description, for the page's meta description. */
export function firstSentence(text: string): string {
  const trimmed = text.trim()
  const match = /^.*?[.!?](?=\s|$)/s.exec(trimmed)
  return (match ? match[0] : trimmed).replace(/\s+/g, ' ')
}

export function isInStock(item: Pick<Product, 'stock'>): boolean {
  return item.stock > 0
}

/** The most of a variant one order may hold: its stock, or (made to order) the largest quantity of a line. */
export function orderableQuantity(variant: Pick<Variant, 'stock' | 'leadTime'>): number {
  return variant.leadTime === null ? Math.max(variant.stock, 0) : MADE_TO_ORDER_MAX
}

/** The buyer's text per field id, as typed. */
export type PersonalizationValues = Readonly<Record<number, string>>

/** The server's rule for a filled-in field (`isPersonalizationGiven` of @shop/schema/products). */
export type IsGiven = (value: string | undefined) => value is string

/** The unit price in cents: the variant's price plus the surcharge of each field filled in. */
export function unitPriceCents(
  variant: Pick<Variant, 'price'>,
  fields: ReadonlyArray<Pick<PersonalizationField, 'id' | 'surcharge'>>,
  values: PersonalizationValues,
  isGiven: IsGiven,
): number {
  return fields.reduce(
    (sum, field) => (field.surcharge !== null && isGiven(values[field.id]) ? sum + priceCents(field.surcharge) : sum),
    priceCents(variant.price),
  )
}

/** The personalisation a cart line keeps: the fields filled in, with their labels, values exactly as typed. */
export function toLinePersonalization(
  fields: ReadonlyArray<Pick<PersonalizationField, 'id' | 'label'>>,
  values: PersonalizationValues,
  isGiven: IsGiven,
): CartLinePersonalization[] {
  return fields.flatMap((field) => {
    const value = values[field.id]
    return isGiven(value) ? [{ fieldId: field.id, label: field.label, value }] : []
  })
}

interface CartLineChoice {
  variant: Variant
  /** The unit price in cents, surcharges included (`unitPriceCents`). */
  unitCents: number
  personalization: CartLinePersonalization[]
  quantity: number
}

/**
 * The cart line a product page adds: the chosen variant's SKU, price (plus surcharges), stock and image (the
 * product's first when the variant has none). A product without options sends no variant id: its one variant is
 * implied, and carts keep matching the lines they held before variants existed.
 */
export function toCartLine(
  product: Product,
  { variant, unitCents, personalization, quantity }: CartLineChoice,
): CartLine {
  const hasOptions = product.options.length > 0
  return {
    id: product.id,
    name: product.name,
    price: unitCents / 100,
    quantity,
    imageUrl: variant.imageUrl ?? product.imageUrls[0] ?? '',
    sku: variant.sku,
    stock: orderableQuantity(variant),
    ...(hasOptions ? { variantId: variant.id, variantLabel: variant.label } : {}),
    ...(personalization.length > 0 ? { personalization } : {}),
    ...(variant.leadTime ? { leadTime: variant.leadTime } : {}),
  }
}

/**
 * How many of a line may still go into the cart: the lines of one variant (whatever their engraving) never hold
 * more than its stock.
 */
export function addableQuantity(lines: CartLine[], line: CartLine): number {
  const inCart = variantQuantityInCart(lines, line)
  const room = line.stock === undefined ? line.quantity : Math.max(line.stock - inCart, 0)
  return Math.max(Math.min(line.quantity, room), 0)
}

/** How many of the line's variant the cart holds, over all its lines. */
export function variantQuantityInCart(lines: CartLine[], line: Pick<CartLine, 'id' | 'variantId'>): number {
  return lines
    .filter((l) => l.id === line.id && (l.variantId ?? null) === (line.variantId ?? null))
    .reduce((sum, l) => sum + l.quantity, 0)
}

/** The product page's quantity: an integer of at least 1 (at most the stock); anything else falls back to 1. */
export function parseQuantity(text: string, max?: number): number {
  const trimmed = text.trim()
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : 0
  if (!Number.isSafeInteger(value) || value < 1) return 1
  return max !== undefined && max >= 1 ? Math.min(value, max) : value
}
