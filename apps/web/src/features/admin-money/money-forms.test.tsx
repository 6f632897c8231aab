import type { MoneySettings } from '@shop/schema/money'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render } from '../../../test-utils/render'
import { apiErrorOf } from '../../lib/api-error'
import { DiscountForm } from './discount-form-dialog'
import { MoneySettingsForm } from './money-settings-form'
import { ShippingZoneForm } from './shipping-zone-form-dialog'
import { TaxRateForm } from './tax-rate-form-dialog'

afterEach(cleanup)

const field = (name: string) => screen.getByRole('textbox', { name })
const fill = (name: string, value: string) => fireEvent.change(field(name), { target: { value } })
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }))

/** Types into a tags field and presses Enter, as Mantine ignores a change to an input without the focus. */
function addTag(name: string, value: string) {
  const input = screen.getByRole('combobox', { name })
  input.focus()
  fireEvent.change(input, { target: { value } })
  fireEvent.keyDown(input, { key: 'Enter' })
}

describe('ShippingZoneForm', () => {
  const renderForm = () => {
    const onSubmit = vi.fn(async (_values: unknown) => {})
    render(<ShippingZoneForm zone={null} isSaving={false} onCancel={() => {}} onSubmit={onSubmit} />)
    return onSubmit
  }

  it("shows the schema's message under each empty field, and sends nothing", async () => {
    const onSubmit = renderForm()
    click('Create zone')
    for (const message of [
      'Zone name is required',
      'A zone needs at least one country',
      'Method name is required',
      'Amount must be a number',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy()
    }
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('names the area that is not a country code, and refuses a price with three decimals', async () => {
    const onSubmit = renderForm()
    fill('Zone name', 'Domestic')
    addTag('Countries and states', 'USA')
    fill('Method name', 'Standard')
    fill('Price', '9.995')
    fill('Free over', 'lots')
    click('Create zone')
    expect(
      await screen.findByText('USA: Areas must be country codes such as US, or a state such as US-CA'),
    ).toBeTruthy()
    expect(screen.getByText('Amount can have at most 2 decimal places')).toBeTruthy()
    expect(screen.getByText('Amount must be a number')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('sends the amounts as typed (the server turns them into cents), an empty threshold as none', async () => {
    const onSubmit = renderForm()
    fill('Zone name', 'West coast')
    addTag('Countries and states', 'us-ca')
    fill('Method name', 'Courier')
    fill('Price', '7.50')
    click('Add method')
    const names = screen.getAllByRole('textbox', { name: 'Method name' })
    fireEvent.change(names[1] as HTMLElement, { target: { value: 'Express' } })
    fireEvent.change(screen.getAllByRole('textbox', { name: 'Price' })[1] as HTMLElement, { target: { value: '20' } })
    fireEvent.change(screen.getAllByRole('textbox', { name: 'Free over' })[1] as HTMLElement, {
      target: { value: '500' },
    })
    click('Create zone')
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'West coast',
      areas: ['US-CA'],
      methods: [
        { name: 'Courier', price: '7.50', freeOver: null, estimate: null },
        { name: 'Express', price: '20', freeOver: '500', estimate: null },
      ],
    })
  })

  it('removes a method with its button', () => {
    renderForm()
    click('Add method')
    expect(screen.getAllByRole('textbox', { name: 'Method name' })).toHaveLength(2)
    click('Remove shipping method 2')
    expect(screen.getAllByRole('textbox', { name: 'Method name' })).toHaveLength(1)
    expect(screen.queryByRole('button', { name: /Remove shipping method/ })).toBeNull()
  })
})

describe('TaxRateForm', () => {
  const renderForm = () => {
    const onSubmit = vi.fn(async (_values: unknown) => {})
    render(<TaxRateForm rate={null} defaultCountry="US" isSaving={false} onCancel={() => {}} onSubmit={onSubmit} />)
    return onSubmit
  }

  it('names each problem under its field and sends nothing', async () => {
    const onSubmit = renderForm()
    fill('Country', 'USA')
    fill('Rate (%)', '120')
    click('Create tax rate')
    expect(await screen.findByText('Tax name is required')).toBeTruthy()
    expect(screen.getByText('Country must be a two-letter code such as US')).toBeTruthy()
    expect(screen.getByText('Rate can be at most 100%')).toBeTruthy()
    fill('Rate (%)', '8.255')
    click('Create tax rate')
    expect(await screen.findByText('Rate can have at most 2 decimal places')).toBeTruthy()
    fill('Rate (%)', 'eight')
    click('Create tax rate')
    expect(await screen.findByText('Rate must be a percentage such as 8.25')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it("starts in the shop's country and sends the rate as typed", async () => {
    const onSubmit = renderForm()
    expect((field('Country') as HTMLInputElement).value).toBe('US')
    fill('Tax name', 'Sales tax')
    fill('State', 'CA')
    fill('Rate (%)', '7.25')
    click('Create tax rate')
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Sales tax',
      country: 'US',
      region: 'CA',
      rate: '7.25',
      appliesToShipping: false,
    })
  })
})

describe('DiscountForm', () => {
  const renderForm = () => {
    const onSubmit = vi.fn(async (_values: unknown) => {})
    render(<DiscountForm discount={null} isSaving={false} onCancel={() => {}} onSubmit={onSubmit} />)
    return onSubmit
  }

  it('names each problem under its field and sends nothing', async () => {
    const onSubmit = renderForm()
    click('Create code')
    expect(await screen.findByText('Code is required')).toBeTruthy()
    expect(screen.getByText('Value must be a positive number')).toBeTruthy()
    fill('Code', 'TEN OFF!')
    fill('Percent off', '150')
    fill('Minimum order', '-5')
    click('Create code')
    expect(await screen.findByText('Codes use letters, digits, - and _ only')).toBeTruthy()
    expect(screen.getByText('A percentage can be at most 100')).toBeTruthy()
    expect(screen.getByText('Amount must be a number')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('refuses an end before the start', async () => {
    const onSubmit = renderForm()
    fill('Code', 'WINTER')
    fill('Percent off', '10')
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2026-12-10T09:00' } })
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2026-12-01T09:00' } })
    click('Create code')
    expect(await screen.findByText('The code must end after it starts')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('sends an amount-off code in capitals, with its amounts as typed and empty fields as none', async () => {
    const onSubmit = renderForm()
    fill('Code', 'spring-15')
    fireEvent.click(screen.getByRole('radio', { name: 'Amount off' }))
    fill('Amount off', '15')
    fill('Minimum order', '100')
    click('Create code')
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      code: 'SPRING-15',
      kind: 'fixed',
      value: '15',
      minSubtotal: '100',
      startsAt: null,
      endsAt: null,
      maxUses: null,
      oncePerEmail: false,
      active: true,
    })
  })
})

describe('MoneySettingsForm', () => {
  it('refuses a currency or country that is not a code, and saves nothing', async () => {
    const onSave = vi.fn(async (values: MoneySettings) => values)
    render(
      <MoneySettingsForm
        settings={{ currency: 'USD', defaultCountry: 'US', pricesIncludeTax: false }}
        isSaving={false}
        onSave={onSave}
      />,
    )
    fill('Currency', 'XYZ')
    fill('Shop country', 'U')
    click('Save currency and prices')
    expect(await screen.findByText('Currency must be an ISO 4217 code such as USD')).toBeTruthy()
    expect(screen.getByText('Country must be a two-letter code such as US')).toBeTruthy()
    expect(onSave).not.toHaveBeenCalled()
    fill('Currency', 'eur')
    fill('Shop country', 'de')
    fireEvent.click(screen.getByRole('switch', { name: /^Prices include tax/ }))
    click('Save currency and prices')
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(onSave.mock.calls[0]?.[0]).toEqual({ currency: 'EUR', defaultCountry: 'DE', pricesIncludeTax: true })
  })
})

describe('editing', () => {
  it('a zone sends its stored values back unchanged but for the edit', async () => {
    const onSubmit = vi.fn(async (_values: unknown) => {})
    render(
      <ShippingZoneForm
        zone={{
          id: 3,
          name: 'Domestic',
          areas: ['US', 'US-AK'],
          methods: [{ id: 7, name: 'Standard', price: '9.95', freeOver: '500.00', estimate: '3-5 business days' }],
        }}
        isSaving={false}
        onCancel={() => {}}
        onSubmit={onSubmit}
      />,
    )
    fill('Price', '10.95')
    click('Save zone')
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Domestic',
      areas: ['US', 'US-AK'],
      methods: [{ name: 'Standard', price: '10.95', freeOver: '500.00', estimate: '3-5 business days' }],
    })
  })

  it('a code keeps its window (shown in local time, sent as the same instants) and its use limit', async () => {
    const onSubmit = vi.fn(async (_values: unknown) => {})
    render(
      <DiscountForm
        discount={{
          id: 4,
          code: 'WINTER',
          kind: 'percent',
          value: '12.50',
          minSubtotal: '50.00',
          startsAt: '2026-12-01T08:00:00.000Z',
          endsAt: '2027-01-01T08:00:00.000Z',
          maxUses: 100,
          oncePerEmail: true,
          active: true,
          uses: 12,
          createdAt: '2026-11-20T10:00:00.000Z',
          updatedAt: '2026-11-20T10:00:00.000Z',
        }}
        isSaving={false}
        onCancel={() => {}}
        onSubmit={onSubmit}
      />,
    )
    fireEvent.click(screen.getByRole('switch', { name: /^Active/ }))
    click('Save code')
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      code: 'WINTER',
      kind: 'percent',
      value: '12.50',
      minSubtotal: '50.00',
      startsAt: '2026-12-01T08:00:00.000Z',
      endsAt: '2027-01-01T08:00:00.000Z',
      maxUses: 100,
      oncePerEmail: true,
      active: false,
    })
  })
})

describe("the server's refusal", () => {
  const refusal = (status: number, body: object) => {
    const text = JSON.stringify(body)
    return apiErrorOf(new Response(text, { status, statusText: status === 409 ? 'Conflict' : 'Bad Request' }), text)
  }

  it('shows a code that already exists (409) under the Code field', async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(refusal(409, { code: 'CONFLICT', message: "A discount code 'WINTER' already exists" })),
    )
    render(<DiscountForm discount={null} isSaving={false} onCancel={() => {}} onSubmit={onSubmit} />)
    fill('Code', 'WINTER')
    fill('Percent off', '10')
    click('Create code')
    expect(await screen.findByText("A discount code 'WINTER' already exists")).toBeTruthy()
    expect(field('Code').getAttribute('aria-invalid')).toBe('true')
  })

  it("shows a 400's problems under their fields", async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(
        refusal(400, {
          code: 'BAD_REQUEST',
          message: 'methods.0.price: Amount can be at most 21474836.47',
          issues: [{ path: ['methods', 0, 'price'], message: 'The server refuses this price' }],
        }),
      ),
    )
    render(<ShippingZoneForm zone={null} isSaving={false} onCancel={() => {}} onSubmit={onSubmit} />)
    fill('Zone name', 'Domestic')
    addTag('Countries and states', 'US')
    fill('Method name', 'Standard')
    fill('Price', '5')
    click('Create zone')
    expect(await screen.findByText('The server refuses this price')).toBeTruthy()
  })
})
