import { moneyToCents } from '@shop/schema/common'
import type { Order } from '@shop/schema/orders'

// Stripe's limit of line items per Checkout Session.
const MAX_SESSION_LINES = 100

/** A line of a Checkout Session: what the buyer reads on Stripe's page, a unit amount in cents and a quantity. */
export interface CheckoutLine {
  name: string
  unitCents: number
  quantity: number
}

export interface CheckoutAmounts {
  lines: CheckoutLine[]
  /** The shipping option's name and amount; null when the order has no shipping charge. */
  shipping: { name: string; cents: number } | null
}

/**
 * The order as Stripe's Checkout shows and charges it, adding up to the order's total to the cent. Stripe's
 * Checkout takes no discount of the shop's own (its coupons are Stripe objects, which the shop does not keep), so
 * the discount is shared out over the goods lines in proportion to each line's amount, the cents left by rounding
 * going to the lines with the largest remainders (earlier lines first on a tie). A line whose discounted amount
 * does not divide by its quantity becomes two lines, one with the unit amount a cent higher, so that nothing is
 * rounded away. Tax added to the prices is a line of its own; tax included in them is already in the lines.
 * Shipping is the session's shipping option.
 */
export function checkoutAmounts(order: Pick<Order, 'items' | 'charges' | 'total'>): CheckoutAmounts {
  const lineCents = order.items.map((item) => moneyToCents(item.price) * item.quantity)
  const subtotalCents = lineCents.reduce((sum, cents) => sum + cents, 0)
  const discountCents = Math.min(moneyToCents(order.charges.discount), subtotalCents)
  const shares = shareOut(discountCents, lineCents)
  const lines: CheckoutLine[] = []
  order.items.forEach((item, i) => {
    const cents = (lineCents[i] ?? 0) - (shares[i] ?? 0)
    const name = item.variantLabel ? `${item.name} (${item.variantLabel})` : item.name
    const unit = Math.floor(cents / item.quantity)
    const over = cents - unit * item.quantity
    if (over > 0) lines.push({ name, unitCents: unit + 1, quantity: over })
    if (item.quantity - over > 0) lines.push({ name, unitCents: unit, quantity: item.quantity - over })
  })
  const taxCents = moneyToCents(order.charges.tax)
  if (!order.charges.taxIncluded && taxCents > 0) lines.push({ name: 'Tax', unitCents: taxCents, quantity: 1 })
  const shippingCents = moneyToCents(order.charges.shipping)
  const shipping =
    shippingCents > 0 || order.charges.shippingMethod
      ? { name: order.charges.shippingMethod ?? 'Shipping', cents: shippingCents }
      : null
  const sum = lines.reduce((total, line) => total + line.unitCents * line.quantity, 0) + (shipping?.cents ?? 0)
  // The order's own figures disagree with its total (an order written before its charges were kept), or its split
  // lines pass the 100 a session takes: one line of the total.
  if (sum !== moneyToCents(order.total) || lines.length > MAX_SESSION_LINES) {
    return { lines: [{ name: 'Order total', unitCents: moneyToCents(order.total), quantity: 1 }], shipping: null }
  }
  return { lines, shipping }
}

/**
 * `amount` shared over `weights` in proportion, in whole cents that add up to it exactly: each share rounded down,
 * then one more cent to the largest remainders until none is left.
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  if (amount === 0 || total === 0) return weights.map(() => 0)
  // BigInt: a large order's amount times a line's cents passes 2^53.
  const exact = weights.map((weight) => BigInt(amount) * BigInt(weight))
  const shares = exact.map((value) => Number(value / BigInt(total)))
  let left = amount - shares.reduce((sum, share) => sum + share, 0)
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value % BigInt(total) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))
  for (const { index } of byRemainder) {
    if (left === 0) break
    shares[index] = (shares[index] ?? 0) + 1
    left -= 1
  }
  return shares
}
