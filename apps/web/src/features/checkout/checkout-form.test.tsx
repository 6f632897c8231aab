import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render } from '../../../test-utils/render'
import { CheckoutForm } from './checkout-form'

afterEach(cleanup)

describe('CheckoutForm', () => {
  it("shows the spec's messages for an empty form and sends nothing", async () => {
    const onSubmit = vi.fn()
    render(<CheckoutForm isPending={false} onSubmit={onSubmit} />)
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }))
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Please enter your full address',
      'City is required',
      'State is required',
      'Zip code is required',
      'Country is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy()
    }
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('hands on the trimmed values once they are valid', async () => {
    const onSubmit = vi.fn()
    render(<CheckoutForm isPending={false} onSubmit={onSubmit} />)
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } })
    fill('Full name', ' Ann Lee ')
    fill('Email', 'ann@example.com')
    fill('Phone', '555 123 4567')
    fill('Address', '12 Main Street')
    fill('City', 'Springfield')
    fill('State', 'IL')
    fill('ZIP code', '62701')
    fill('Country', 'USA')
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }))
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Ann Lee', zip: '62701', notes: '' })
  })

  it('refuses a state the country does not have, and takes a state by its name', async () => {
    const onSubmit = vi.fn()
    render(<CheckoutForm isPending={false} onSubmit={onSubmit} />)
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } })
    fill('Full name', 'Ann Lee')
    fill('Email', 'ann@example.com')
    fill('Phone', '555 123 4567')
    fill('Address', '200 N Spring St')
    fill('City', 'Los Angeles')
    fill('State', 'ZZ')
    fill('ZIP code', '90012')
    fill('Country', 'United States')
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }))
    expect(
      await screen.findByText(
        'State "ZZ" is not a state or region of US: use its ISO 3166-2 code (such as AK) or its name',
      ),
    ).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()

    fill('State', 'California')
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }))
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ state: 'California', country: 'United States' })
  })

  it('reads Processing... and is disabled while the order is sent', () => {
    render(<CheckoutForm isPending onSubmit={vi.fn()} />)
    expect(screen.getByRole('button', { name: 'Processing...' })).toHaveProperty('disabled', true)
  })
})
