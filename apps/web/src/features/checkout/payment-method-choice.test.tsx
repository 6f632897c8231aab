import type { OfferedPaymentMethod } from '@shop/schema/payments'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render } from '../../../test-utils/render'
import { PaymentMethodChoice } from './payment-method-choice'

afterEach(cleanup)

const METHODS: OfferedPaymentMethod[] = [
  { kind: 'card', name: 'Card', instructions: "You will pay by card on Stripe's secure page." },
  { kind: 'bank_transfer', name: 'Bank transfer', instructions: 'IBAN DE89' },
]
const UNREACHABLE = { method: 'card' as const, message: 'Card payments are unavailable right now.' }

describe('PaymentMethodChoice', () => {
  it("says a card is paid on Stripe's page once the order is placed", () => {
    render(<PaymentMethodChoice methods={METHODS} value="card" onChange={() => undefined} />)
    expect(screen.getByText(/you pay on Stripe's secure page/)).toBeTruthy()
  })

  it('shows why card failed while card is chosen, so the buyer can choose another method', () => {
    const onChange = vi.fn()
    const { rerender } = render(
      <PaymentMethodChoice methods={METHODS} value="card" onChange={onChange} error={UNREACHABLE} />,
    )
    expect(
      screen.getByText(/Card payments are unavailable right now\. Please choose another payment method/),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: 'Bank transfer' }))
    expect(onChange).toHaveBeenCalledWith('bank_transfer')
    rerender(<PaymentMethodChoice methods={METHODS} value="bank_transfer" onChange={onChange} error={UNREACHABLE} />)
    expect(screen.queryByText(/Card payments are unavailable right now/)).toBeNull()
    expect(screen.getByText(/No payment is taken now/)).toBeTruthy()
  })
})
