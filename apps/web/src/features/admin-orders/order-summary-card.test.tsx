import { goodsOnlyCharges } from '@shop/schema/orders'
import { cleanup, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithApi as render } from '../../../test-utils/render'
import { stubShopInfo } from '../../../test-utils/shop-info'
import { OrderSummaryCard } from './order-summary-card'

beforeEach(() => stubShopInfo())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** Each row of the card as "label amount", in order. */
function summaryRows(): string[] {
  const card = screen.getByRole('heading', { name: 'Order Summary' }).parentElement as HTMLElement
  return within(card)
    .getAllByText(/^(Subtotal|Discount|Shipping|Tax|Total)/)
    .map((label) => `${label.textContent} ${label.nextElementSibling?.textContent}`)
}

describe('OrderSummaryCard', () => {
  it("prints Shipping $0.00 and Tax $0.00 for an order that paid neither, as the spec's order summary", () => {
    render(
      <MemoryRouter>
        <OrderSummaryCard order={{ id: 7, total: '136.00', charges: goodsOnlyCharges('136.00') }} />
      </MemoryRouter>,
    )
    expect(summaryRows()).toEqual(['Subtotal $136.00', 'Shipping $0.00', 'Tax $0.00', 'Total $136.00'])
    expect(screen.getByRole('link', { name: 'Download Invoice' }).getAttribute('href')).toBe('/admin/orders/7/invoice')
  })

  it('prints the discount with its code, the method and the tax as charged', () => {
    const charges = {
      ...goodsOnlyCharges('120.00'),
      discount: '12.00',
      discountCode: 'WELCOME10',
      shipping: '9.95',
      shippingMethod: 'Standard',
      tax: '8.64',
    }
    render(
      <MemoryRouter>
        <OrderSummaryCard order={{ id: 8, total: '126.59', charges }} />
      </MemoryRouter>,
    )
    expect(summaryRows()).toEqual([
      'Subtotal $120.00',
      'Discount (WELCOME10) -$12.00',
      'Shipping (Standard) $9.95',
      'Tax $8.64',
      'Total $126.59',
    ])
  })
})
