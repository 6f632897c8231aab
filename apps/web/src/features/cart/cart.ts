/** A cart line as kept in local storage under `cart` (spec point 3), plus the stock the product page showed. */
export interface CartLine {
  id: number
  name: string
  price: number
  quantity: number
  imageUrl: string
  sku: string
  /** The most the visitor may order: the stock shown when the line was added. */
  stock?: number
}

export const CART_STORAGE_KEY = 'cart'

function clampToStock(quantity: number, stock: number | undefined): number {
  return stock === undefined ? quantity : Math.min(quantity, Math.max(stock, 0))
}

/** Adding an existing product adds to its quantity; a new product appends a line. Never above the stock. */
export function addLine(lines: CartLine[], line: CartLine): CartLine[] {
  const existing = lines.find((l) => l.id === line.id)
  if (!existing) {
    const quantity = clampToStock(line.quantity, line.stock)
    return quantity > 0 ? [...lines, { ...line, quantity }] : lines
  }
  const stock = line.stock ?? existing.stock
  return lines.map((l) =>
    l.id === line.id ? { ...l, ...line, stock, quantity: clampToStock(l.quantity + line.quantity, stock) } : l,
  )
}

/** Setting a quantity of 0 or below removes the line. */
export function setLineQuantity(lines: CartLine[], id: number, quantity: number): CartLine[] {
  if (quantity <= 0) return lines.filter((l) => l.id !== id)
  return lines.map((l) => (l.id === id ? { ...l, quantity: clampToStock(Math.floor(quantity), l.stock) } : l))
}

export function removeLine(lines: CartLine[], id: number): CartLine[] {
  return lines.filter((l) => l.id !== id)
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

function isCartLine(value: unknown): value is CartLine {
  if (!value || typeof value !== 'object') return false
  const l = value as Record<string, unknown>
  return (
    typeof l.id === 'number' &&
    typeof l.name === 'string' &&
    typeof l.price === 'number' &&
    typeof l.quantity === 'number' &&
    l.quantity > 0
  )
}

/** Reads the stored cart, dropping anything malformed (an old or hand-edited value never breaks the shop). */
export function parseStoredCart(text: string | null): CartLine[] {
  if (!text) return []
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value)
      ? value.filter(isCartLine).map((l) => ({ ...l, imageUrl: l.imageUrl ?? '', sku: l.sku ?? '' }))
      : []
  } catch {
    return []
  }
}
