import type { CardSettings, PaymentSettings } from '@shop/schema/payments'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render } from '../../../test-utils/render'
import { durationLabel } from './card-payment-settings'
import { PaymentMethodsForm } from './payment-methods-card'

afterEach(cleanup)

const NO_CARD: CardSettings = {
  available: false,
  mode: null,
  webhookUrl: 'https://shop.test/api/stripe/webhook',
  lastEventAt: null,
  unpaidCancelAfterMinutes: 60,
}

const SETTINGS: PaymentSettings = {
  methods: [
    { kind: 'bank_transfer', name: 'Bank transfer', enabled: false, instructions: '' },
    { kind: 'cash_on_delivery', name: 'Cash on delivery', enabled: false, instructions: '' },
    { kind: 'pay_on_pickup', name: 'Pay on pickup', enabled: true, instructions: 'At the workshop, 9-5' },
    { kind: 'card', name: 'Card', enabled: false, instructions: '' },
  ],
  card: NO_CARD,
}

function renderForm(settings: PaymentSettings = SETTINGS) {
  const onSave = vi.fn(async () => settings)
  render(<PaymentMethodsForm settings={settings} isSaving={false} onSave={onSave} />)
  return onSave
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }))
const cardSwitch = () => screen.getByRole('switch', { name: /Card \(Stripe\)/ })

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
        { kind: 'card', enabled: false, instructions: '' },
      ],
      unpaidCancelAfterMinutes: 60,
    })
  })

  it('moves a method up and down in the order the checkout offers them', async () => {
    const onSave = renderForm()
    expect((screen.getByRole('button', { name: 'Move Bank transfer up' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Move Pay on pickup up' }))
    fireEvent.click(screen.getByRole('button', { name: 'Move Pay on pickup up' }))
    fireEvent.click(screen.getByRole('button', { name: 'Move Bank transfer down' }))
    save()
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    const [values] = onSave.mock.calls[0] as unknown as [{ methods: Array<{ kind: string }> }]
    expect(values.methods.map((method) => method.kind)).toEqual([
      'pay_on_pickup',
      'cash_on_delivery',
      'bank_transfer',
      'card',
    ])
  })

  it("keeps card's switch off and names the server's keys when Stripe is not set up", () => {
    renderForm()
    expect((cardSwitch() as HTMLInputElement).disabled).toBe(true)
    expect(
      screen.getByText(/Card payments need STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET in the server's environment/),
    ).toBeTruthy()
    expect(screen.queryByText('Webhook URL')).toBeNull()
  })

  it('shows the mode, the webhook URL and the last event, and saves card enabled with its cancel time', async () => {
    const onSave = renderForm({ ...SETTINGS, card: { ...NO_CARD, available: true, mode: 'test' } })
    const card = screen.getByRole('group', { name: 'Card (Stripe)' })
    expect(within(card).getByText('Test mode')).toBeTruthy()
    expect(within(card).getByText('https://shop.test/api/stripe/webhook')).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Copy the webhook URL' })).toBeTruthy()
    expect(within(card).getByText('No signed event has arrived yet')).toBeTruthy()
    fireEvent.click(cardSwitch())
    fireEvent.click(screen.getByRole('button', { name: 'Move Card (Stripe) up' }))
    fireEvent.click(within(card).getByRole('combobox', { name: 'Cancel unpaid card orders after' }))
    fireEvent.click(await screen.findByRole('option', { name: '2 hours' }))
    save()
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(onSave).toHaveBeenCalledWith({
      methods: [
        { kind: 'bank_transfer', enabled: false, instructions: '' },
        { kind: 'cash_on_delivery', enabled: false, instructions: '' },
        { kind: 'card', enabled: true, instructions: '' },
        { kind: 'pay_on_pickup', enabled: true, instructions: 'At the workshop, 9-5' },
      ],
      unpaidCancelAfterMinutes: 120,
    })
  })

  it('says when the last signed event came, and live mode', () => {
    renderForm({
      ...SETTINGS,
      card: { ...NO_CARD, available: true, mode: 'live', lastEventAt: '2026-11-20T10:00:00.000Z' },
    })
    expect(screen.getByText('Live mode')).toBeTruthy()
    expect(screen.getByText(/^Last signed event: /)).toBeTruthy()
  })
})

describe('durationLabel', () => {
  it('reads minutes as hours and minutes', () => {
    expect(durationLabel(30)).toBe('30 minutes')
    expect(durationLabel(60)).toBe('1 hour')
    expect(durationLabel(150)).toBe('2 hours 30 minutes')
    expect(durationLabel(1440)).toBe('24 hours')
  })
})
