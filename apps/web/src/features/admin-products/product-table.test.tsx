// @vitest-environment happy-dom
import type { Product } from '@shop/schema/products'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithApi } from '../../../test-utils/render'
import { stubShopInfo } from '../../../test-utils/shop-info'
import { ProductTable } from './product-table'

function buildProduct(overrides: Partial<Product>): Product {
  return {
    id: 1,
    name: 'Gold Cross Necklace',
    description: 'A delicate cross on a fine gold chain.',
    price: '49.00',
    categoryId: 2,
    categoryName: 'Necklaces',
    categorySlug: 'necklaces',
    imageUrls: ['/uploads/a.png'],
    sku: 'NEC-1234',
    stock: 12,
    minStock: 5,
    featured: false,
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    options: [],
    variants: [],
    personalization: [],
    ...overrides,
  }
}

function wrap(children: ReactNode) {
  return renderWithApi(<MemoryRouter>{children}</MemoryRouter>)
}

beforeEach(() => stubShopInfo())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('ProductTable', () => {
  it('shows five placeholder rows while loading', () => {
    wrap(<ProductTable products={undefined} isLoading onDelete={() => {}} />)
    expect(screen.getAllByTestId('resource-table-skeleton')).toHaveLength(5)
  })

  it('says so when there is no product', () => {
    wrap(<ProductTable products={[]} isLoading={false} onDelete={() => {}} />)
    expect(screen.getByText('No products found.')).toBeTruthy()
  })

  it('shows a product with its price, category, status and an edit link', () => {
    wrap(<ProductTable products={[buildProduct({})]} isLoading={false} onDelete={() => {}} />)
    const row = screen.getByRole('row', { name: /Gold Cross Necklace/ })
    expect(within(row).getByText('NEC-1234')).toBeTruthy()
    expect(within(row).getByText('Necklaces')).toBeTruthy()
    expect(within(row).getByText('$49.00')).toBeTruthy()
    expect(within(row).getByText('Active')).toBeTruthy()
    expect(within(row).getByRole('link', { name: 'Edit Gold Cross Necklace' }).getAttribute('href')).toBe(
      '/admin/products/edit/1',
    )
  })

  it("shows the price in the shop's currency once its info has loaded", async () => {
    stubShopInfo('EUR')
    wrap(<ProductTable products={[buildProduct({})]} isLoading={false} onDelete={() => {}} />)
    const row = screen.getByRole('row', { name: /Gold Cross Necklace/ })
    expect(await within(row).findByText('€49.00')).toBeTruthy()
    expect(within(row).queryByText('$49.00')).toBeNull()
  })

  it("labels a product without a category 'Uncategorized' and an inactive one 'Inactive'", () => {
    wrap(
      <ProductTable
        products={[buildProduct({ categoryId: null, categoryName: null, active: false })]}
        isLoading={false}
        onDelete={() => {}}
      />,
    )
    expect(screen.getByText('Uncategorized')).toBeTruthy()
    expect(screen.getByText('Inactive')).toBeTruthy()
  })

  it('marks the stock when it is at or below the minimum', () => {
    wrap(<ProductTable products={[buildProduct({ stock: 5, minStock: 5 })]} isLoading={false} onDelete={() => {}} />)
    expect(screen.getByText(/at or below the minimum of 5/)).toBeTruthy()
  })

  it('shows the variant count of a product with options and marks a variant low in stock', () => {
    const variant = (options: string[], stock: number) => ({
      id: stock,
      options,
      label: options.join(' / '),
      sku: `RIN-3015-${options.join('-')}`,
      price: '80.00',
      stock,
      minStock: 3,
      active: true,
      imageUrl: null,
      leadTime: null,
    })
    const ring = buildProduct({
      name: 'Hammered Ring',
      stock: 42,
      minStock: 5,
      options: [{ name: 'Size', values: ['6', '7'] }],
      variants: [variant(['6'], 40), variant(['7'], 2)],
    })
    wrap(<ProductTable products={[ring]} isLoading={false} onDelete={() => {}} />)
    const row = screen.getByRole('row', { name: /Hammered Ring/ })
    expect(within(row).getByText('2 variants')).toBeTruthy()
    expect(within(row).getByText(/a variant is at or below its minimum/)).toBeTruthy()
  })

  it('asks to delete the product whose delete button is pressed', () => {
    const onDelete = vi.fn()
    const product = buildProduct({ id: 9, name: 'Silver Dove Ring' })
    wrap(<ProductTable products={[buildProduct({}), product]} isLoading={false} onDelete={onDelete} />)
    fireEvent.click(screen.getByRole('button', { name: 'Delete Silver Dove Ring' }))
    expect(onDelete).toHaveBeenCalledWith(product)
  })
})
