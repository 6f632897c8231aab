import type { Product, Variant } from '@shop/schema/products'
import { cleanup, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithApi as render } from '../../../test-utils/render'
import { stubShopInfo } from '../../../test-utils/shop-info'
import { PRODUCT_PLACEHOLDER } from '../../components/fallback-image'
import { buildVariant } from '../product/test-products'
import { ProductCard } from './product-card'
import { ProductGrid } from './product-grid'

function variant(overrides: Partial<Variant> = {}): Variant {
  return buildVariant({ id: 70, sku: 'NEC-0001', price: '89.00', ...overrides })
}

function buildProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 7,
    name: 'Gold Cross Necklace',
    description: 'A small gold cross on a fine chain.',
    price: '89.00',
    categoryId: 1,
    categoryName: 'Necklaces',
    categorySlug: 'necklaces',
    imageUrls: ['/uploads/demo/gold-cross-necklace-1.svg'],
    sku: 'NEC-0001',
    stock: 5,
    minStock: 2,
    featured: true,
    active: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    options: [],
    variants: [variant()],
    personalization: [],
    ...overrides,
  }
}

// The card formats prices in the shop's currency, from the shop's info.
beforeEach(() => stubShopInfo())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('ProductCard', () => {
  it('links to the product page under the product name, with its price and image', () => {
    render(
      <MemoryRouter>
        <ProductCard product={buildProduct()} />
      </MemoryRouter>,
    )
    // The link is named by its visible text: the name and the price.
    const link = screen.getByRole('link', { name: /Gold Cross Necklace.*\$89\.00/ })
    expect(link.getAttribute('href')).toBe('/product/7')
    expect(link.querySelector('img')?.getAttribute('src')).toBe('/uploads/demo/gold-cross-necklace-1.svg')
    expect(screen.queryByText('Out of Stock')).toBeNull()
  })

  it('shows an Out of Stock badge when the stock is 0 or below', () => {
    render(
      <MemoryRouter>
        <ProductCard product={buildProduct({ stock: 0 })} />
      </MemoryRouter>,
    )
    expect(screen.getByText('Out of Stock')).toBeTruthy()
  })

  it('shows From the lowest price when its variants cost different amounts', () => {
    const variants = [variant({ id: 71, options: ['7'] }), variant({ id: 72, options: ['8'], price: '99.00' })]
    render(
      <MemoryRouter>
        <ProductCard product={buildProduct({ variants })} />
      </MemoryRouter>,
    )
    expect(screen.getByText('From $89.00')).toBeTruthy()
  })

  it('shows no Out of Stock badge for a made-to-order piece without stock', () => {
    const madeToOrder = variant({ stock: 0, leadTime: { minDays: 10, maxDays: 15 } })
    render(
      <MemoryRouter>
        <ProductCard product={buildProduct({ stock: 0, variants: [madeToOrder] })} />
      </MemoryRouter>,
    )
    expect(screen.queryByText('Out of Stock')).toBeNull()
    expect(screen.getByText('$89.00')).toBeTruthy()
  })

  it('shows the placeholder when the product has no image', () => {
    render(
      <MemoryRouter>
        <ProductCard product={buildProduct({ imageUrls: [] })} />
      </MemoryRouter>,
    )
    expect(screen.getByTestId('product-card').querySelector('img')?.getAttribute('src')).toBe(PRODUCT_PLACEHOLDER)
  })
})

describe('ProductGrid', () => {
  it('shows exactly the asked number of placeholder cards while loading', () => {
    render(
      <MemoryRouter>
        <ProductGrid products={undefined} isLoading skeletonCount={8} />
      </MemoryRouter>,
    )
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(8)
    expect(screen.queryAllByRole('link')).toHaveLength(0)
  })

  it('shows the empty view when there are no products', () => {
    render(
      <MemoryRouter>
        <ProductGrid products={[]} isLoading={false} skeletonCount={8} empty={<p>Nothing here</p>} />
      </MemoryRouter>,
    )
    expect(screen.getByText('Nothing here')).toBeTruthy()
  })

  it('shows one card per product', () => {
    render(
      <MemoryRouter>
        <ProductGrid
          products={[buildProduct(), buildProduct({ id: 8, name: 'Rose Gold Ring' })]}
          isLoading={false}
          skeletonCount={8}
        />
      </MemoryRouter>,
    )
    expect(screen.getAllByTestId('product-card')).toHaveLength(2)
    expect(screen.getByRole('link', { name: /Rose Gold Ring/ }).getAttribute('href')).toBe('/product/8')
  })

  it('at the top of its page, fetches its first image at once and first, the others after layout', () => {
    const products = Array.from({ length: 6 }, (_, i) => buildProduct({ id: i + 1, name: `Piece ${i + 1}` }))
    const { container, rerender } = render(
      <MemoryRouter>
        <ProductGrid products={products} isLoading={false} skeletonCount={8} isAtTop />
      </MemoryRouter>,
    )
    const loading = () =>
      [...container.querySelectorAll('img')].map((img) => [
        img.getAttribute('loading'),
        img.getAttribute('fetchpriority'),
      ])
    expect(loading()).toEqual([['eager', 'high'], ...Array.from({ length: 5 }, () => ['lazy', null])])
    rerender(
      <MemoryRouter>
        <ProductGrid products={products} isLoading={false} skeletonCount={8} />
      </MemoryRouter>,
    )
    expect(loading()).toEqual(Array.from({ length: 6 }, () => ['lazy', null]))
  })
})
