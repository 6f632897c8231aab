import { describe, expect, it } from 'vitest'
import { type ChargesInput, cartCharges, chargeRows, quoteCharges } from './charges'
import type { Quote } from './money'
import { goodsOnlyCharges } from './orders'

const rowsOf = (charges: ChargesInput, options: Parameters<typeof chargeRows>[1]) =>
  chargeRows(charges, options).map(({ label, amount }) => [label, amount])

/** The spec's order: 2 x $68.00, shipping free, no tax. */
const FREE: ChargesInput = { ...goodsOnlyCharges('136.00'), total: '136.00' }

/** WELCOME10 on $120.00, Standard shipping, 8% sales tax added. */
const DISCOUNTED: ChargesInput = {
  subtotal: '120.00',
  discount: '12.00',
  discountCode: 'WELCOME10',
  shipping: '9.95',
  shippingMethod: 'Standard',
  tax: '8.64',
  taxIncluded: false,
  total: '126.59',
}

/** A shop whose prices include 20% VAT: €120.00 holds €20.00 of it; shipping free over the threshold. */
const INCLUSIVE: ChargesInput = {
  subtotal: '120.00',
  discount: '0.00',
  discountCode: null,
  shipping: '0.00',
  shippingMethod: 'Standard',
  tax: '20.00',
  taxIncluded: true,
  total: '120.00',
}

describe('chargeRows', () => {
  it('free shipping and no tax: the buyer reads Free and no tax row, the spec checkout', () => {
    expect(rowsOf(FREE, { audience: 'buyer', itemCount: 2 })).toEqual([
      ['Subtotal (2 items)', '$136.00'],
      ['Shipping', 'Free'],
      ['Total', '$136.00'],
    ])
  })

  it('free shipping and no tax: the ledger prints Shipping $0.00 and Tax $0.00, the spec order summary', () => {
    expect(rowsOf(FREE, { audience: 'ledger', itemCount: 2 })).toEqual([
      ['Subtotal', '$136.00'],
      ['Shipping', '$0.00'],
      ['Tax', '$0.00'],
      ['Total', '$136.00'],
    ])
  })

  it('a discount with its code, a shipping method and an added tax, the same for both audiences', () => {
    const rows = [
      ['Discount (WELCOME10)', '-$12.00'],
      ['Shipping (Standard)', '$9.95'],
      ['Tax', '$8.64'],
      ['Total', '$126.59'],
    ]
    expect(rowsOf(DISCOUNTED, { audience: 'buyer', itemCount: 1 })).toEqual([['Subtotal (1 item)', '$120.00'], ...rows])
    expect(rowsOf(DISCOUNTED, { audience: 'ledger' })).toEqual([['Subtotal', '$120.00'], ...rows])
    expect(rowsOf({ ...DISCOUNTED, discountCode: null }, { audience: 'ledger' })[1]).toEqual(['Discount', '-$12.00'])
  })

  it('a shop whose prices include tax: the tax is marked included, in the shop currency', () => {
    expect(rowsOf(INCLUSIVE, { audience: 'buyer', currency: 'EUR', itemCount: 3 })).toEqual([
      ['Subtotal (3 items)', '€120.00'],
      ['Shipping (Standard)', 'Free'],
      ['Tax (included)', '€20.00'],
      ['Total', '€120.00'],
    ])
    expect(rowsOf(INCLUSIVE, { audience: 'ledger', currency: 'EUR' })).toEqual([
      ['Subtotal', '€120.00'],
      ['Shipping (Standard)', '€0.00'],
      ['Tax (included)', '€20.00'],
      ['Total', '€120.00'],
    ])
    // With no rate for the address nothing is included: the ledger's zero tax reads plain "Tax".
    expect(rowsOf({ ...INCLUSIVE, tax: '0.00' }, { audience: 'ledger', currency: 'EUR' })[2]).toEqual(['Tax', '€0.00'])
    expect(rowsOf({ ...INCLUSIVE, tax: '0.00' }, { audience: 'buyer' }).map(([label]) => label)).not.toContain('Tax')
  })

  it('names each row by its kind, the total last', () => {
    expect(chargeRows(DISCOUNTED, { audience: 'buyer' }).map((row) => row.kind)).toEqual([
      'subtotal',
      'discount',
      'shipping',
      'tax',
      'total',
    ])
  })

  it('reads a quote by its method and rate names, and a cart the server has not priced as all goods', () => {
    const quote: Quote = {
      currency: 'USD',
      subtotal: '120.00',
      discount: '0.00',
      discountCode: null,
      discountMessage: null,
      discountApplied: false,
      shipping: '9.95',
      shippingMethod: { id: 1, name: 'Standard', price: '9.95', freeOver: '500.00', estimate: null },
      shippingMethods: [],
      tax: '9.60',
      taxIncluded: false,
      taxName: 'Sales tax',
      total: '139.55',
      country: 'US',
      region: null,
    }
    expect(rowsOf(quoteCharges(quote), { audience: 'buyer', itemCount: 1 })).toEqual([
      ['Subtotal (1 item)', '$120.00'],
      ['Shipping (Standard)', '$9.95'],
      ['Sales tax', '$9.60'],
      ['Total', '$139.55'],
    ])
    expect(rowsOf(cartCharges('49.50'), { audience: 'buyer', itemCount: 1 })).toEqual([
      ['Subtotal (1 item)', '$49.50'],
      ['Shipping', 'Free'],
      ['Total', '$49.50'],
    ])
  })
})
