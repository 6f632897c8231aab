import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { render } from '../../test-utils/render'
import { OrderLineDetails } from './order-line-details'

afterEach(cleanup)

/** The paragraph whose whole text is `text`: what a buyer reads, and what the browser tests select by. */
const line = (text: string) =>
  screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === text)

const LOCKET = {
  variantLabel: 'Size 7 / Sterling silver',
  personalization: [{ label: 'Engraving', value: 'שלום', surcharge: '10.00' }],
  leadTime: { minDays: 10, maxDays: 15 },
}

describe('OrderLineDetails', () => {
  it('shows the variant, each personalisation and when a made-to-order piece ships', () => {
    render(<OrderLineDetails line={LOCKET} />)
    expect(screen.getByText('Size 7 / Sterling silver')).toBeTruthy()
    expect(line('Engraving: שלום')).toBeTruthy()
    expect(screen.getByText('Made to order: ships in 10-15 business days')).toBeTruthy()
  })

  it('gives what the buyer typed its own direction, and only that', () => {
    render(<OrderLineDetails line={LOCKET} />)
    const typed = screen.getByText('שלום')
    expect(typed.getAttribute('dir')).toBe('auto')
    expect(line('Engraving: שלום').getAttribute('dir')).toBeNull()
  })

  it('shows the surcharges only when asked to, in the given format', () => {
    const { unmount } = render(<OrderLineDetails line={LOCKET} />)
    expect(line('Engraving: שלום')).toBeTruthy()
    unmount()
    render(<OrderLineDetails line={LOCKET} formatSurcharge={(amount) => `$${amount}`} />)
    expect(line('Engraving: שלום (+$10.00)')).toBeTruthy()
  })

  it('shows nothing for a plain line', () => {
    const { container } = render(
      <OrderLineDetails line={{ variantLabel: null, personalization: [], leadTime: null }} />,
    )
    expect(container.querySelectorAll('p')).toHaveLength(0)
  })
})
