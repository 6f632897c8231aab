/**
 * The order's money, decided in one place (docs/decisions/0012-money-on-the-server.md): a pure function of the cart, the address's shipping method
 * and tax rate, the discount and the price basis. The quote endpoint and order creation both call it, so what the
 * buyer is shown is what the order stores. Everything is integer cents.
 *
 * The rules, in order:
 * 1. subtotal = the sum of unit price x quantity over the lines (prices as the catalogue shows them).
 * 2. discount: a percent code takes round(subtotal x percent) (half up, to the cent); a fixed code takes its amount,
 *    never more than the subtotal. Goods = subtotal - discount.
 * 3. shipping: the method's flat price, or 0 when it has a free-over threshold and goods >= threshold.
 * 4. tax, once per order on the taxed base (goods, plus shipping when the rate applies to shipping), rounded half
 *    up to the cent (rounding per order, not per line: one rounding, so the figures always add up):
 *    - prices exclude tax: tax = round(base x rate), added to the total;
 *    - prices include tax: tax = round(base x rate / (1 + rate)), the part of the total that is tax (not added).
 * 5. total = goods + shipping (+ tax when prices exclude it).
 */

export interface TotalsLine {
  unitCents: number
  quantity: number
}

export interface TotalsDiscount {
  kind: 'percent' | 'fixed'
  /** Hundredths of a percent (percent) or cents (fixed). */
  amount: number
}

export interface TotalsShipping {
  priceCents: number
  freeOverCents: number | null
}

export interface TotalsTax {
  /** Hundredths of a percent: 8.25% is 825. */
  rateBp: number
  appliesToShipping: boolean
}

export interface TotalsInput {
  lines: readonly TotalsLine[]
  discount: TotalsDiscount | null
  shipping: TotalsShipping | null
  tax: TotalsTax | null
  pricesIncludeTax: boolean
}

export interface Totals {
  subtotalCents: number
  discountCents: number
  shippingCents: number
  taxCents: number
  /** True when the tax is part of the prices (and of the total) rather than added to it. */
  taxIncluded: boolean
  totalCents: number
}

/** a x b / d rounded half up, for non-negative integers, computed exactly (a x b may pass 2^53 on a large order). */
export function mulDivHalfUp(a: number, b: number, d: number): number {
  const n = BigInt(a) * BigInt(b)
  const dd = BigInt(d)
  return Number((n * 2n + dd) / (dd * 2n))
}

export function discountCentsOf(subtotalCents: number, discount: TotalsDiscount | null): number {
  if (!discount) return 0
  const cents = discount.kind === 'percent' ? mulDivHalfUp(subtotalCents, discount.amount, 10_000) : discount.amount
  return Math.min(cents, subtotalCents)
}

export function shippingCentsOf(goodsCents: number, shipping: TotalsShipping | null): number {
  if (!shipping) return 0
  if (shipping.freeOverCents !== null && goodsCents >= shipping.freeOverCents) return 0
  return shipping.priceCents
}

export function computeTotals(input: TotalsInput): Totals {
  const subtotalCents = input.lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0)
  const discountCents = discountCentsOf(subtotalCents, input.discount)
  const goodsCents = subtotalCents - discountCents
  const shippingCents = shippingCentsOf(goodsCents, input.shipping)
  let taxCents = 0
  if (input.tax && input.tax.rateBp > 0) {
    const baseCents = goodsCents + (input.tax.appliesToShipping ? shippingCents : 0)
    taxCents = input.pricesIncludeTax
      ? mulDivHalfUp(baseCents, input.tax.rateBp, 10_000 + input.tax.rateBp)
      : mulDivHalfUp(baseCents, input.tax.rateBp, 10_000)
  }
  const totalCents = goodsCents + shippingCents + (input.pricesIncludeTax ? 0 : taxCents)
  return {
    subtotalCents,
    discountCents,
    shippingCents,
    taxCents,
    taxIncluded: input.pricesIncludeTax,
    totalCents,
  }
}
