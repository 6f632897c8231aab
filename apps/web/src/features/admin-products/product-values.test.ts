import { PRODUCT_DEFAULTS, type Product, ZProductInput } from '@shop/schema/products'
import { describe, expect, it } from 'vitest'
import { filterProducts, isHttpUrl, isLowStock, moveItem, toFormValues } from './product-values'

const product: Product = {
  id: 7,
  name: 'Gold Cross Necklace',
  description: 'A delicate cross on a fine gold chain.',
  price: '49.00',
  categoryId: 2,
  categoryName: 'Necklaces',
  categorySlug: 'necklaces',
  imageUrls: ['/uploads/a.png', 'https://example.com/b.jpg'],
  sku: 'NEC-1234',
  stock: 3,
  minStock: 5,
  featured: true,
  active: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
}

describe('filterProducts', () => {
  const products = [
    { name: 'Gold Cross Necklace', sku: 'NEC-1234' },
    { name: 'Silver Dove Ring', sku: 'RIN-0042' },
  ]

  it('matches a case-insensitive part of the name', () => {
    expect(filterProducts(products, 'cross')).toEqual([products[0]])
  })

  it('matches a case-insensitive part of the SKU', () => {
    expect(filterProducts(products, 'rin-00')).toEqual([products[1]])
  })

  it('keeps every product for an empty or blank search', () => {
    expect(filterProducts(products, '  ')).toEqual(products)
  })

  it('finds nothing when neither name nor SKU contains the text', () => {
    expect(filterProducts(products, 'bracelet')).toEqual([])
  })
})

describe('isLowStock', () => {
  it('is true at and below the minimum stock', () => {
    expect(isLowStock({ stock: 5, minStock: 5 })).toBe(true)
    expect(isLowStock({ stock: 0, minStock: 5 })).toBe(true)
  })

  it('is false above the minimum stock', () => {
    expect(isLowStock({ stock: 6, minStock: 5 })).toBe(false)
  })
})

describe('isHttpUrl', () => {
  it('accepts http and https addresses', () => {
    expect(isHttpUrl('http://example.com/a.png')).toBe(true)
    expect(isHttpUrl(' https://example.com/a.png ')).toBe(true)
  })

  it('refuses anything else', () => {
    expect(isHttpUrl('example.com/a.png')).toBe(false)
    expect(isHttpUrl('ftp://example.com/a.png')).toBe(false)
    expect(isHttpUrl('/uploads/a.png')).toBe(false)
    expect(isHttpUrl('https://')).toBe(false)
  })
})

describe('moveItem', () => {
  it('moves an item left and right', () => {
    expect(moveItem(['a', 'b', 'c'], 1, 0)).toEqual(['b', 'a', 'c'])
    expect(moveItem(['a', 'b', 'c'], 1, 2)).toEqual(['a', 'c', 'b'])
  })

  it('leaves the list as it is for an index outside it', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b'])
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b'])
  })
})

describe('toFormValues', () => {
  it('starts a new product with the spec defaults', () => {
    expect(toFormValues()).toMatchObject({ ...PRODUCT_DEFAULTS, categoryId: null, imageUrls: [] })
  })

  it('fills the form from a product and gives back the same values once parsed', () => {
    const values = toFormValues(product)
    expect(values).toMatchObject({ price: 49, categoryId: '2', stock: 3, minStock: 5, featured: true, active: false })
    expect(ZProductInput.parse(values)).toMatchObject({ price: 49, categoryId: 2, sku: 'NEC-1234' })
  })

  it('gives the spec messages for an empty new product', () => {
    const result = ZProductInput.safeParse(toFormValues())
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message)
    expect(messages).toEqual(
      expect.arrayContaining([
        'Product name must be at least 3 characters',
        'Description must be at least 10 characters',
        'Please select a category',
        'At least one image is required',
        'SKU must be at least 3 characters',
      ]),
    )
  })
})
