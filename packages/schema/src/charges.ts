import type { Quote } from './money'
import { formatMoneyIn } from './money-format'
import { goodsOnlyCharges } from './orders'

/**
 * The one way the shop writes out an order's or a quote's money: subtotal, discount, shipping, tax and total, as
 * rows of a label and the text of the amount. The checkout summary, the confirmation, the guest order page, the
 * mails, the admin's order summary and the invoice all render these rows and decide nothing themselves. No zod
 * here, like display.ts: screens that only show an order do not download the validation library.
 *
 * Two audiences word a zero differently, as the spec does:
 * - the buyer (checkout, confirmation, order page, mails) reads shipping that costs nothing as "Free", and sees no
 *   tax row when there is no tax (the spec's checkout shows subtotal, shipping "Free" and total);
 * - the ledger (the admin's order summary, the invoice) prints every figure: "Shipping $0.00", "Tax $0.00", as the
 *   spec's order summary and invoice do.
 */

export type ChargesAudience = 'buyer' | 'ledger'

export type ChargeKind = 'subtotal' | 'discount' | 'shipping' | 'tax' | 'total'

export interface ChargeRow {
  kind: ChargeKind
  label: string
  /** The amount as shown: "$12.00", "-$12.00", or FREE_SHIPPING_TEXT. */
  amount: string
}

/** An order's or a quote's money as charged; amounts are the wire's decimal strings ("12.00"). */
export interface ChargesInput {
  subtotal: string
  discount: string
  /** The code applied, named beside the discount. */
  discountCode: string | null
  shipping: string
  /** The method charged ("Standard"); null when the shop has no shipping zones. */
  shippingMethod: string | null
  tax: string
  /** True when prices include tax: the tax is the part of the total that is tax, not added to it. */
  taxIncluded: boolean
  /** The rate's name ("Sales tax") where it is known (a quote); an order keeps none and says "Tax". */
  taxName?: string | null | undefined
  total: string
}

export interface ChargesOptions {
  audience: ChargesAudience
  /** ISO 4217 (the shop's money setting); US dollars when left out. */
  currency?: string | undefined
  /** The pieces in the order: the buyer's subtotal names them, "Subtotal (3 items)", as the spec's checkout does. */
  itemCount?: number | undefined
}

/** What a buyer reads for shipping that costs nothing. */
export const FREE_SHIPPING_TEXT = 'Free'

const isZero = (amount: string) => Number(amount) === 0

export function chargeRows(charges: ChargesInput, options: ChargesOptions): ChargeRow[] {
  const { audience, currency, itemCount } = options
  const money = (amount: string) => formatMoneyIn(amount, currency)
  const isBuyer = audience === 'buyer'

  const rows: ChargeRow[] = [
    {
      kind: 'subtotal',
      label:
        isBuyer && itemCount !== undefined
          ? `Subtotal (${itemCount} ${itemCount === 1 ? 'item' : 'items'})`
          : 'Subtotal',
      amount: money(charges.subtotal),
    },
  ]
  // No code, no discount: a row of "-$0.00" tells nobody anything, in either audience.
  if (!isZero(charges.discount)) {
    rows.push({
      kind: 'discount',
      label: charges.discountCode ? `Discount (${charges.discountCode})` : 'Discount',
      amount: `-${money(charges.discount)}`,
    })
  }
  rows.push({
    kind: 'shipping',
    label: charges.shippingMethod ? `Shipping (${charges.shippingMethod})` : 'Shipping',
    amount: isZero(charges.shipping) && isBuyer ? FREE_SHIPPING_TEXT : money(charges.shipping),
  })
  const taxName = charges.taxName || 'Tax'
  if (!isZero(charges.tax)) {
    rows.push({
      kind: 'tax',
      label: charges.taxIncluded ? `${taxName} (included)` : taxName,
      amount: money(charges.tax),
    })
  } else if (!isBuyer) {
    // Nothing is included in a zero tax, whatever the price basis: the ledger prints plain "Tax $0.00".
    rows.push({ kind: 'tax', label: taxName, amount: money(charges.tax) })
  }
  rows.push({ kind: 'total', label: 'Total', amount: money(charges.total) })
  return rows
}

/** A quote (POST /api/orders/quote) as the rows read it: the method by its name, the rate by its name. */
export function quoteCharges(quote: Quote): ChargesInput {
  return {
    subtotal: quote.subtotal,
    discount: quote.discount,
    discountCode: quote.discountCode,
    shipping: quote.shipping,
    shippingMethod: quote.shippingMethod?.name ?? null,
    tax: quote.tax,
    taxIncluded: quote.taxIncluded,
    taxName: quote.taxName,
    total: quote.total,
  }
}

/** A cart the server has not priced yet: all goods, shipping free and no tax, the total the lines' sum. */
export function cartCharges(total: string): ChargesInput {
  const { country: _, region: __, ...charges } = goodsOnlyCharges(total)
  return { ...charges, total }
}
