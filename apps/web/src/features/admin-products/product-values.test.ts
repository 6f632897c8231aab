import { PRODUCT_DEFAULTS, type Product, ZProductInput } from '@shop/schema/products'
import { describe, expect, it } from 'vitest'
import { isHttpUrl, isLowStock, moveItem, toFormValues, toProductInput } from './product-values'

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
  options: [],
  variants: [
    {
      id: 70,
      options: [],
      label: '',
      sku: 'NEC-1234',
      price: '49.00',
      stock: 3,
      minStock: 5,
      active: true,
      imageUrl: null,
      leadTime: { minDays: 10, maxDays: 15 },
    },
  ],
  personalization: [
    {
      id: 1,
      label: 'Engraving',
      maxLength: 20,
      required: false,
      surcharge: '5.00',
      allowedCharacters: null,
    },
  ],
}

describe('isLowStock', () => {
  it('is true at and below the minimum stock', () => {
    expect(isLowStock({ stock: 5, minStock: 5 })).toBe(true)
    expect(isLowStock({ stock: 0, minStock: 5 })).toBe(true)
  })

  it('is false above the minimum stock', () => {
    expect(isLowStock({ stock: 6, minStock: 5 })).toBe(false)
  })

  it('is true for a product with options when an active variant is at or below its own minimum', () => {
    const variant = product.variants[0] as Product['variants'][number]
    const options = [{ name: 'Size', values: ['6', '7'] }]
    const low = { ...variant, options: ['6'], stock: 2, minStock: 2 }
    const plenty = { ...variant, options: ['7'], stock: 40, minStock: 2 }
    expect(isLowStock({ stock: 42, minStock: 5, options, variants: [low, plenty] })).toBe(true)
    expect(isLowStock({ stock: 40, minStock: 5, options, variants: [{ ...low, active: false }, plenty] })).toBe(false)
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
    expect(ZProductInput.parse(toProductInput(values))).toMatchObject({
      price: 49,
      categoryId: 2,
      sku: 'NEC-1234',
      options: [],
      variants: [],
      leadTime: { minDays: 10, maxDays: 15 },
      personalization: [
        { id: 1, label: 'Engraving', maxLength: 20, required: false, surcharge: 5, allowedCharacters: null },
      ],
    })
  })

  it('gives the spec messages for an empty new product', () => {
    const result = ZProductInput.safeParse(toProductInput(toFormValues()))
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
