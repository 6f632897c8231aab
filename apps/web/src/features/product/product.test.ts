import type { Product } from '@shop/schema/products'
import { describe, expect, it } from 'vitest'
import { addableQuantity, firstSentence, parseQuantity, toCartLine } from './product'

const product: Product = {
  id: 4,
  name: 'Gold Cross Necklace',
  description: 'A delicate cross in 14k gold. Hand-polished in our studio.',
  price: '189.50',
  categoryId: 1,
  categoryName: 'Necklaces',
  categorySlug: 'necklaces',
  imageUrls: ['/uploads/demo/a.svg', '/uploads/demo/b.svg'],
  sku: 'NEC-1001',
  stock: 5,
  minStock: 2,
  featured: true,
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

describe('parseQuantity', () => {
  it('reads an integer of at least 1', () => {
    expect(parseQuantity('3')).toBe(3)
    expect(parseQuantity(' 2 ')).toBe(2)
  })

  it('falls back to 1 for invalid input', () => {
    for (const text of ['', 'abc', '0', '-2', '1.5']) expect(parseQuantity(text)).toBe(1)
  })

  it('stops at the stock', () => {
    expect(parseQuantity('50', 34)).toBe(34)
  })
})

describe('firstSentence', () => {
  it('keeps the first sentence of a description', () => {
    expect(firstSentence(product.description)).toBe('A delicate cross in 14k gold.')
  })

  it('keeps a description without a full stop whole', () => {
    expect(firstSentence('  Hand made  ')).toBe('Hand made')
  })
})

describe('toCartLine', () => {
  it('parses the price and takes the first image', () => {
    expect(toCartLine(product, 2)).toEqual({
      id: 4,
      name: 'Gold Cross Necklace',
      price: 189.5,
      quantity: 2,
      imageUrl: '/uploads/demo/a.svg',
      sku: 'NEC-1001',
      stock: 5,
    })
  })

  it('has an empty image for a product without images', () => {
    expect(toCartLine({ ...product, imageUrls: [] }, 1).imageUrl).toBe('')
  })
})

describe('addableQuantity', () => {
  it('allows the whole quantity when the stock has room', () => {
    expect(addableQuantity([], toCartLine(product, 3))).toBe(3)
  })

  it('allows only what the stock has left beyond the cart', () => {
    const inCart = [{ ...toCartLine(product, 4) }]
    expect(addableQuantity(inCart, toCartLine(product, 3))).toBe(1)
  })

  it('allows nothing once the cart holds the whole stock', () => {
    expect(addableQuantity([toCartLine(product, 5)], toCartLine(product, 1))).toBe(0)
  })
})
