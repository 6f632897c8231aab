import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render } from '../../../test-utils/render'
import { OrderLookupForm } from './order-lookup-form'

afterEach(cleanup)

const fill = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } })
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'E-mail me the link' }))

describe('OrderLookupForm', () => {
  it('asks for an order number and a valid e-mail address', async () => {
    const onSubmit = vi.fn()
    render(<OrderLookupForm initialOrderNumber="" isPending={false} onSubmit={onSubmit} />)
    fill('E-mail', 'not-an-email')
    submit()
    expect(await screen.findByText('Please enter your order number')).toBeTruthy()
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('starts from the number it was given and sends the trimmed values', async () => {
    const onSubmit = vi.fn()
    render(<OrderLookupForm initialOrderNumber="ORD-1001" isPending={false} onSubmit={onSubmit} />)
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Order number' }).value).toBe('ORD-1001')
    fill('E-mail', ' ann@example.com ')
    submit()
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ orderNumber: 'ORD-1001', email: 'ann@example.com' })
  })
})
