import type { Quote } from '@shop/schema/money'
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { render } from '../../../test-utils/render'
import type { CartLine } from '../cart/cart'
import { OrderSummary } from './order-summary'

afterEach(cleanup)

const LINES: CartLine[] = [
  {
    id: 12,
    name: 'Psalm 23 Engraved Cuff',
    price: 68,
    quantity: 2,
    imageUrl: '/uploads/demo/psalm-23-engraved-cuff-1.svg',
    sku: 'BRA-2031',
  },
]

const FREE_QUOTE: Quote = {
  currency: 'USD',
  subtotal: '136.00',
  discount: '0.00',
  discountCode: null,
  discountMessage: null,
  discountApplied: false,
  shipping: '0.00',
  shippingMethod: null,
  shippingMethods: [],
  tax: '0.00',
  taxIncluded: false,
  taxName: null,
  total: '136.00',
  country: 'US',
  region: 'TN',
}

/** Each row under the lines as "label amount", in order. */
function summaryRows(): string[] {
  const summary = screen.getByRole('region', { name: 'Order Summary' })
  return within(summary)
    .getAllByText(/^(Subtotal|Discount|Shipping(?! method)|Sales tax|Tax|Total)/)
    .map((label) => `${label.textContent} ${label.nextElementSibling?.textContent}`)
}

describe('OrderSummary', () => {
  it("shows the spec's summary for a shop that ships free and charges no tax: Shipping Free, no tax row", () => {
    render(<OrderSummary items={LINES} itemCount={2} total={136} quote={FREE_QUOTE} />)
    expect(summaryRows()).toEqual(['Subtotal (2 items) $136.00', 'Shipping Free', 'Total $136.00'])
  })

  it("shows the lines' sum with shipping free until the server has priced the cart", () => {
    render(<OrderSummary items={LINES} itemCount={2} total={136} />)
    expect(summaryRows()).toEqual(['Subtotal (2 items) $136.00', 'Shipping Free', 'Total $136.00'])
  })

  it('shows the charges the owner turned on: the method, the code and the tax by its name', () => {
    const quote: Quote = {
      ...FREE_QUOTE,
      discount: '13.60',
      discountCode: 'WELCOME10',
      discountApplied: true,
      shipping: '9.95',
      shippingMethod: { id: 1, name: 'Standard', price: '9.95', freeOver: '500.00', estimate: null },
      shippingMethods: [{ id: 1, name: 'Standard', price: '9.95', freeOver: '500.00', estimate: null, cost: '9.95' }],
      tax: '9.79',
      taxName: 'Sales tax',
      total: '142.14',
    }
    render(<OrderSummary items={LINES} itemCount={2} total={136} quote={quote} />)
    expect(summaryRows()).toEqual([
      'Subtotal (2 items) $136.00',
      'Discount (WELCOME10) -$13.60',
      'Shipping (Standard) $9.95',
      'Sales tax $9.79',
      'Total $142.14',
    ])
  })
})
