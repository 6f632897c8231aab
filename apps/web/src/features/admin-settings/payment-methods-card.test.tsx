import type { PaymentSettings } from '@shop/schema/payments'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render } from '../../../test-utils/render'
import { PaymentMethodsForm } from './payment-methods-card'

afterEach(cleanup)

const SETTINGS: PaymentSettings = {
  methods: [
    { kind: 'bank_transfer', name: 'Bank transfer', enabled: false, instructions: '' },
    { kind: 'cash_on_delivery', name: 'Cash on delivery', enabled: false, instructions: '' },
    { kind: 'pay_on_pickup', name: 'Pay on pickup', enabled: true, instructions: 'At the workshop, 9-5' },
  ],
}

function renderForm() {
  const onSave = vi.fn(async () => SETTINGS)
  render(<PaymentMethodsForm settings={SETTINGS} isSaving={false} onSave={onSave} />)
  return onSave
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }))

describe('PaymentMethodsForm', () => {
  it('asks for the instructions of a method being enabled, and saves nothing', async () => {
    const onSave = renderForm()
    fireEvent.click(screen.getByRole('switch', { name: /Bank transfer/ }))
    save()
    expect(await screen.findByText('Please enter the instructions for Bank transfer')).toBeTruthy()
    expect(onSave).not.toHaveBeenCalled()
  })

  it('saves every method in its order, with the trimmed instructions', async () => {
    const onSave = renderForm()
    fireEvent.click(screen.getByRole('switch', { name: /Bank transfer/ }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Instructions for Bank transfer' }), {
      target: { value: '  IBAN DE89 3704  ' },
    })
    save()
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(onSave).toHaveBeenCalledWith({
      methods: [
        { kind: 'bank_transfer', enabled: true, instructions: 'IBAN DE89 3704' },
        { kind: 'cash_on_delivery', enabled: false, instructions: '' },
        { kind: 'pay_on_pickup', enabled: true, instructions: 'At the workshop, 9-5' },
      ],
    })
  })
})
