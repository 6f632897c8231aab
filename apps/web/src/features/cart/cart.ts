import type { LeadTime } from '@shop/schema/display'

/** The checkout's address: where the cart leads. */
export const CHECKOUT_PATH = '/checkout'

/** What the buyer typed for one personalisation field of the product ("Engraving": "Jn 3:16"), exactly as typed. */
export interface CartLinePersonalization {
  fieldId: number
  label: string
  value: string
}

/**
 * A cart line as kept in local storage under `cart` (id, name, price, quantity, imageUrl, sku), plus the stock the
 * product page showed and, since products have variants (docs/decisions/0005-variants.md), the variant and the
 * personalisation chosen. Carts saved before then have none of the optional fields and still load.
 */
export interface CartLine {
  /** The product's id. */
  id: number
  name: string
  /** The unit price: the variant's price plus the surcharge of each personalisation filled in. */
  price: number
  quantity: number
  imageUrl: string
  /** The variant's SKU. */
  sku: string
  /** The most the visitor may order of the variant, over all its lines: its stock, or MADE_TO_ORDER_MAX. */
  stock?: number
  /** Absent for a product without options (the server takes its one variant) and in carts saved before variants. */
  variantId?: number
  /** "Size 7 / Sterling silver"; empty or absent for a product without options. */
  variantLabel?: string
  /** Only the fields filled in. */
  personalization?: CartLinePersonalization[]
  /** Made to order: ships in this many business days. */
  leadTime?: LeadTime | null
}

export const CART_STORAGE_KEY = 'cart'

/**
 * The most of a made-to-order piece one line may hold: the server's MAX_LINE_QUANTITY (@shop/schema/orders), which
 * is not imported here because that module would bring zod into the storefront's first load.
 */
export const MADE_TO_ORDER_MAX = 1000

/**
 * What makes two lines one: the product, the variant and every personalisation value. "Jn 3:16" and "Ἰησοῦς" on the
 * same locket are two lines, as they are two pieces to engrave.
 */
export function lineKey(line: Pick<CartLine, 'id' | 'variantId' | 'personalization'>): string {
  const personalization = [...(line.personalization ?? [])]
    .sort((a, b) => a.fieldId - b.fieldId)
    .map((entry) => [entry.fieldId, entry.value])
  return JSON.stringify([line.id, line.variantId ?? null, personalization])
}

/** Lines of the same variant share its stock, whatever is engraved on them. */
function isSameVariant(a: CartLine, b: CartLine): boolean {
  return a.id === b.id && (a.variantId ?? null) === (b.variantId ?? null)
}

/** How many more of `line`'s variant the cart may take, beyond what its other lines (not `line` itself) hold. */
function roomBesides(lines: CartLine[], line: CartLine, stock: number | undefined): number {
  if (stock === undefined) return Number.POSITIVE_INFINITY
  const key = lineKey(line)
  const others = lines
    .filter((l) => isSameVariant(l, line) && lineKey(l) !== key)
    .reduce((sum, l) => sum + l.quantity, 0)
  return Math.max(stock - others, 0)
}

/** How many more of this line's variant the cart may take: for the drawer's plus button. */
export function remainingStock(lines: CartLine[], line: CartLine): number {
  return roomBesides(lines, line, line.stock) - line.quantity
}

/**
 * Adding an existing line (same product, variant and personalisation) adds to its quantity; anything else appends
 * a line. The lines of one variant together never hold more than its stock.
 */
export function addLine(lines: CartLine[], line: CartLine): CartLine[] {
  const key = lineKey(line)
  const existing = lines.find((l) => lineKey(l) === key)
  if (!existing) {
    const quantity = Math.min(line.quantity, roomBesides(lines, line, line.stock))
    return quantity > 0 ? [...lines, { ...line, quantity }] : lines
  }
  const stock = line.stock ?? existing.stock
  const quantity = Math.min(existing.quantity + line.quantity, roomBesides(lines, line, stock))
  return lines.map((l) => (l === existing ? { ...l, ...line, stock, quantity } : l))
}

/** Setting a quantity of 0 or below removes the line. */
export function setLineQuantity(lines: CartLine[], key: string, quantity: number): CartLine[] {
  if (quantity <= 0) return removeLine(lines, key)
  return lines.map((l) =>
    lineKey(l) === key ? { ...l, quantity: Math.min(Math.floor(quantity), roomBesides(lines, l, l.stock)) } : l,
  )
}

export function removeLine(lines: CartLine[], key: string): CartLine[] {
  return lines.filter((l) => lineKey(l) !== key)
}

export function cartTotal(lines: CartLine[]): number {
  // In cents, so 0.1 + 0.2 adds up to 0.30.
  return lines.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantity, 0) / 100
}

export function cartItemCount(lines: CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0)
}

/** The badge shows 99+ above 99. */
export function formatBadgeCount(count: number): string {
  return count > 99 ? '99+' : String(count)
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object'

function isPersonalizationEntry(value: unknown): value is CartLinePersonalization {
  return (
    isRecord(value) &&
    typeof value.fieldId === 'number' &&
    typeof value.label === 'string' &&
    typeof value.value === 'string'
  )
}

function isLeadTime(value: unknown): value is LeadTime {
  return isRecord(value) && typeof value.minDays === 'number' && typeof value.maxDays === 'number'
}

function isCartLine(value: unknown): value is CartLine {
  if (!isRecord(value)) return false
  const l = value
  return (
    typeof l.id === 'number' &&
    typeof l.name === 'string' &&
    typeof l.price === 'number' &&
    typeof l.quantity === 'number' &&
    l.quantity > 0 &&
    (l.variantId === undefined || typeof l.variantId === 'number') &&
    // A line whose engraving cannot be read is dropped rather than ordered without it.
    (l.personalization === undefined ||
      (Array.isArray(l.personalization) && l.personalization.every(isPersonalizationEntry)))
  )
}

/** Reads the stored cart, dropping anything malformed (an old or hand-edited value never breaks the shop). */
export function parseStoredCart(text: string | null): CartLine[] {
  if (!text) return []
  try {
    const value: unknown = JSON.parse(text)
    if (!Array.isArray(value)) return []
    return value.filter(isCartLine).map((l) => {
      const line: CartLine = { ...l, imageUrl: l.imageUrl ?? '', sku: l.sku ?? '' }
      if (line.variantLabel !== undefined && typeof line.variantLabel !== 'string') delete line.variantLabel
      if (line.leadTime !== undefined && line.leadTime !== null && !isLeadTime(line.leadTime)) delete line.leadTime
      return line
    })
  } catch {
    return []
  }
}
