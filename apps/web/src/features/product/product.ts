import type { Product } from '@shop/schema/products'
import type { CartLine } from '../cart/cart'

/** The first sentence of a description, for the page's meta description. */
export function firstSentence(text: string): string {
  const trimmed = text.trim()
  const match = /^.*?[.!?](?=\s|$)/s.exec(trimmed)
  return (match ? match[0] : trimmed).replace(/\s+/g, ' ')
}

export function isInStock(product: Pick<Product, 'stock'>): boolean {
  return product.stock > 0
}

/** The cart line a product page adds: the price parsed from the API's decimal string, the first image as thumbnail. */
export function toCartLine(product: Product, quantity: number): CartLine {
  return {
    id: product.id,
    name: product.name,
    price: Number(product.price),
    quantity,
    imageUrl: product.imageUrls[0] ?? '',
    sku: product.sku,
    stock: product.stock,
  }
}

/** How many of a line may still go into the cart: the cart never holds more of a product than its stock. */
export function addableQuantity(lines: CartLine[], line: CartLine): number {
  const inCart = lines.find((l) => l.id === line.id)?.quantity ?? 0
  const room = line.stock === undefined ? line.quantity : Math.max(line.stock - inCart, 0)
  return Math.max(Math.min(line.quantity, room), 0)
}

/** The product page's quantity: an integer of at least 1 (at most the stock); anything else falls back to 1. */
export function parseQuantity(text: string, max?: number): number {
  const trimmed = text.trim()
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : 0
  if (!Number.isSafeInteger(value) || value < 1) return 1
  return max !== undefined && max >= 1 ? Math.min(value, max) : value
}
