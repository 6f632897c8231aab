import type { Product } from '@shop/schema/products'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithApi as render } from '../../../test-utils/render'
import { stubShopInfo } from '../../../test-utils/shop-info'
import { ProductView } from './product-view'
import { buildPendant, buildProduct, buildVariant, pendantVariant } from './test-products'

// The prices are formatted in the shop's currency, from the shop's info.
beforeEach(() => stubShopInfo())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderView(product: Product, variantParam: string | null = null) {
  const onVariantChange = vi.fn()
  const onAddToCart = vi.fn()
  render(
    <MemoryRouter>
      <ProductView
        product={product}
        variantParam={variantParam}
        onVariantChange={onVariantChange}
        onAddToCart={onAddToCart}
      />
    </MemoryRouter>,
  )
  return { onVariantChange, onAddToCart }
}

const addButton = () => screen.getByRole('button', { name: /Add to Cart|Out of Stock|Unavailable/ })
const sku = () => screen.getByText('SKU').nextElementSibling?.textContent

describe('ProductView with options', () => {
  it('shows a radio group per option, named after it, and asks for the missing choice', () => {
    const pendant = buildPendant()
    renderView(pendant)
    const metal = screen.getByRole('radiogroup', { name: 'Metal' })
    expect(
      within(metal)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['Sterling silver', 'Yellow gold'])
    expect(screen.getByRole('radiogroup', { name: 'Chain length' })).toBeTruthy()
    expect(addButton().textContent).toBe('Add to Cart')
    expect(addButton()).toHaveProperty('disabled', true)
    expect(screen.getByText('Please choose a Metal')).toBeTruthy()
    // Prices differ between the variants still possible.
    expect(screen.getByText('From', { exact: false }).parentElement?.textContent).toBe('From $58.00')
    expect(sku()).toBe('NEC-1081')
  })

  it('follows the chosen variant: URL, price, SKU; an unavailable combination is announced and sold out', () => {
    const pendant = buildPendant()
    const { onVariantChange } = renderView(pendant)
    fireEvent.click(screen.getByRole('radio', { name: 'Yellow gold' }))
    expect(screen.getByText('Please choose a Chain length')).toBeTruthy()
    expect(onVariantChange).toHaveBeenLastCalledWith(null)

    const eighteen = screen.getByRole('radio', { name: '18"' })
    expect(eighteen.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(eighteen.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Unavailable')
    expect(screen.getByRole('radio', { name: '20"' }).getAttribute('aria-describedby')).toBeNull()

    fireEvent.click(screen.getByRole('radio', { name: '20"' }))
    const gold20 = pendantVariant(pendant, 'Yellow gold', '20"')
    expect(onVariantChange).toHaveBeenLastCalledWith(gold20.id)
    expect(sku()).toBe(gold20.sku)
    expect(screen.getByText('$98.00')).toBeTruthy()
    expect(addButton()).toHaveProperty('disabled', false)

    fireEvent.click(eighteen)
    expect(addButton().textContent).toBe('Out of Stock')
    expect(addButton()).toHaveProperty('disabled', true)
    expect(screen.getByText('In stock').nextElementSibling?.textContent).toBe('No')
  })

  it("opens with the URL's variant and adds it", () => {
    const pendant = buildPendant()
    const silver16 = pendantVariant(pendant, 'Sterling silver', '16"')
    const { onAddToCart } = renderView(pendant, String(silver16.id))
    expect((screen.getByRole('radio', { name: 'Sterling silver' }) as HTMLInputElement).checked).toBe(true)
    fireEvent.click(addButton())
    expect(onAddToCart).toHaveBeenCalledWith({ variant: silver16, unitCents: 5800, personalization: [], quantity: 1 })
  })
})

describe('ProductView of a made-to-order product', () => {
  it('shows when it ships and sells it without stock', () => {
    const rosary = buildProduct({
      stock: 0,
      variants: [buildVariant({ stock: 0, leadTime: { minDays: 10, maxDays: 15 } })],
    })
    const { onAddToCart } = renderView(rosary)
    expect(screen.getByText('Made to order: ships in 10-15 business days')).toBeTruthy()
    expect(addButton().textContent).toBe('Add to Cart')
    fireEvent.click(addButton())
    expect(onAddToCart).toHaveBeenCalledTimes(1)
  })

  it('is Out of Stock when it is not made to order and has none', () => {
    renderView(buildProduct({ stock: 0, variants: [buildVariant({ stock: 0 })] }))
    expect(addButton().textContent).toBe('Out of Stock')
    expect(addButton()).toHaveProperty('disabled', true)
  })
})

describe('ProductView with personalisation', () => {
  const locket = buildProduct({
    price: '68.00',
    variants: [buildVariant({ price: '68.00', stock: 15 })],
    personalization: [
      { id: 1, label: 'Engraving', maxLength: 20, required: false, surcharge: '10.00', allowedCharacters: null },
    ],
  })

  it('counts characters as a reader does, adds the surcharge and sends the text as typed', async () => {
    const { onAddToCart } = renderView(locket)
    const field = await screen.findByRole('textbox', { name: /Engraving \(\+\$10\.00\)/ })
    expect(screen.getByText('0/20')).toBeTruthy()
    fireEvent.change(field, { target: { value: 'Jn 3:16' } })
    expect(screen.getByText('7/20')).toBeTruthy()
    expect(screen.getByText('$78.00')).toBeTruthy()
    // Ἰησοῦς with combining accents: 6 characters, whatever the code points.
    fireEvent.change(field, { target: { value: 'Ἰησου\u0342ς' } })
    expect(screen.getByText('6/20')).toBeTruthy()
    fireEvent.click(addButton())
    expect(onAddToCart).toHaveBeenCalledWith(
      expect.objectContaining({
        unitCents: 7800,
        personalization: [{ fieldId: 1, label: 'Engraving', value: 'Ἰησου\u0342ς' }],
      }),
    )
  })

  it('shows the rule broken under the field and adds nothing', async () => {
    const { onAddToCart } = renderView(locket)
    const field = await screen.findByRole('textbox', { name: /Engraving/ })
    fireEvent.change(field, { target: { value: 'For God so loved the world' } })
    expect(screen.getByText('Engraving must be at most 20 characters')).toBeTruthy()
    fireEvent.click(addButton())
    expect(onAddToCart).not.toHaveBeenCalled()
  })

  it('asks for a required field when Add to Cart is pressed', async () => {
    const required = buildProduct({
      personalization: [
        { id: 2, label: 'Initials', maxLength: 3, required: true, surcharge: null, allowedCharacters: 'ABC' },
      ],
    })
    const { onAddToCart } = renderView(required)
    const field = await screen.findByRole('textbox', { name: /Initials/ })
    expect(screen.queryByText('Initials is required')).toBeNull()
    fireEvent.click(addButton())
    expect(screen.getByText('Initials is required')).toBeTruthy()
    expect(document.activeElement).toBe(field)
    expect(onAddToCart).not.toHaveBeenCalled()
    fireEvent.change(field, { target: { value: 'ABD' } })
    expect(screen.getByText("Initials cannot contain 'D'")).toBeTruthy()
  })
})
