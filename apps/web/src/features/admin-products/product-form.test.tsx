import type { Category } from '@shop/schema/categories'
import type { Product, Variant } from '@shop/schema/products'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithApi as render } from '../../../test-utils/render'
import { stubShopInfo } from '../../../test-utils/shop-info'
import { ProductForm } from './product-form'
import { toFormValues } from './product-values'

// The form formats the price its variants add up to in the shop's currency, from the shop's info.
beforeEach(() => stubShopInfo())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const CATEGORIES: Category[] = [
  { id: 3, name: 'Rings', slug: 'rings', description: null, imageUrl: null, active: true } as Category,
]

function variant(id: number, options: string[], overrides: Partial<Variant> = {}): Variant {
  return {
    id,
    options,
    label: options.join(' / '),
    sku: `RIN-3015-${options.join('-').toUpperCase()}`,
    price: '80.00',
    stock: 2,
    minStock: 1,
    active: true,
    imageUrl: null,
    leadTime: null,
    ...overrides,
  }
}

const RING: Product = {
  id: 15,
  name: 'Hammered Ring',
  description: 'A hand-hammered band, made for a test.',
  price: '80.00',
  categoryId: 3,
  categoryName: 'Rings',
  categorySlug: 'rings',
  imageUrls: ['/uploads/ring.png'],
  sku: 'RIN-3015',
  stock: 8,
  minStock: 5,
  featured: false,
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  options: [
    { name: 'Size', values: ['6', '7'] },
    { name: 'Metal', values: ['Gold', 'Silver'] },
  ],
  variants: [
    variant(101, ['6', 'Gold']),
    variant(102, ['6', 'Silver']),
    variant(103, ['7', 'Gold']),
    variant(104, ['7', 'Silver'], { leadTime: { minDays: 10, maxDays: 15 } }),
  ],
  personalization: [],
}

function renderForm(product?: Product) {
  const onSubmit = vi.fn()
  render(
    <MemoryRouter>
      <ProductForm
        initialValues={toFormValues(product)}
        categories={CATEGORIES}
        submitLabel="Update Product"
        isSubmitting={false}
        onSubmit={onSubmit}
      />
    </MemoryRouter>,
  )
  return onSubmit
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Update Product' }))
const variantRows = () =>
  within(screen.getByRole('table', { name: 'Variants' }))
    .getAllByRole('row')
    .slice(1)

// Rendering the whole form takes a while on a busy machine.
describe('ProductForm with options', { timeout: 20_000 }, () => {
  it('lists the variants and sends them back with their ids, the price and stock they add up to', async () => {
    const onSubmit = renderForm(RING)
    expect(variantRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Size 6 / Gold',
      'Size 6 / Silver',
      'Size 7 / Gold',
      'Size 7 / Silver',
    ])
    expect(screen.getByText('From $80.00')).toBeTruthy()
    fireEvent.change(screen.getByRole('textbox', { name: 'Price of Size 6 / Silver' }), { target: { value: '64.5' } })
    expect(await screen.findByText('From $64.50')).toBeTruthy()
    submit()
    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    const values = onSubmit.mock.calls[0]?.[0]
    expect(values).toMatchObject({ price: 64.5, stock: 8, sku: 'RIN-3015', leadTime: null })
    expect(values.variants.map((v: { id?: number }) => v.id)).toEqual([101, 102, 103, 104])
    expect(values.variants[3].leadTime).toEqual({ minDays: 10, maxDays: 15 })
  })

  it("shows a variant's problem under its own input and sends nothing", async () => {
    const onSubmit = renderForm(RING)
    fireEvent.change(screen.getByRole('textbox', { name: 'SKU of Size 7 / Gold' }), {
      target: { value: 'RIN-3015-6-GOLD' },
    })
    submit()
    const row = variantRows()[2] as HTMLElement
    expect(await within(row).findByText("Two variants have the SKU 'RIN-3015-6-GOLD'")).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('sets the price or stock of every variant at once', async () => {
    renderForm(RING)
    fireEvent.change(screen.getByRole('textbox', { name: 'Stock for all variants' }), { target: { value: '5' } })
    fireEvent.click(screen.getByRole('button', { name: 'Set stock for all' }))
    expect(await screen.findByText('20 in all')).toBeTruthy()
  })

  it('adds a value to an option and lists its new combinations with SKUs of their own', async () => {
    renderForm(RING)
    const values = screen.getAllByRole('combobox', { name: 'Values' })[0] as HTMLElement
    // Typed, as Mantine ignores a change to an input without the focus (autofill).
    values.focus()
    fireEvent.change(values, { target: { value: '8' } })
    fireEvent.keyDown(values, { key: 'Enter' })
    await waitFor(() => expect(variantRows()).toHaveLength(6))
    expect(screen.getByRole('textbox', { name: 'SKU of Size 8 / Silver' })).toHaveProperty('value', 'RIN-3015-8-SILVER')
  })

  it('moves a value with its buttons', async () => {
    renderForm(RING)
    fireEvent.click(screen.getByRole('button', { name: 'Move Metal value Silver up' }))
    await waitFor(() =>
      expect(variantRows().map((row) => within(row).getByRole('rowheader').textContent)[0]).toBe('Size 6 / Silver'),
    )
  })
})

describe('ProductForm without options', { timeout: 20_000 }, () => {
  it('keeps the spec fields and sends a made-to-order lead time', async () => {
    const onSubmit = renderForm({ ...RING, options: [], variants: [variant(101, [])] })
    expect(screen.getByRole('textbox', { name: 'Price' })).toBeTruthy()
    expect(screen.queryByRole('table', { name: 'Variants' })).toBeNull()
    fireEvent.click(screen.getByRole('switch', { name: /Made to order/ }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Ships in at most' }), { target: { value: '20' } })
    submit()
    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      options: [],
      variants: [],
      leadTime: { minDays: 10, maxDays: 20 },
      price: 80,
    })
  })
})

describe('ProductForm money fields', () => {
  it("put the symbol of the shop's currency before the price", async () => {
    stubShopInfo('EUR')
    renderForm()
    const price = screen.getByRole('textbox', { name: /^Price/ })
    await waitFor(() => expect(price.getAttribute('placeholder')).toBe('€0.00'))
  })
})
