import { describe, expect, it } from 'vitest'
import type { CartLine } from '../cart/cart'
import { buildOrderInput, generateOrderNumber } from './order-input'

const items: CartLine[] = [
  { id: 1, name: 'Gold Cross', price: 0.1, quantity: 2, imageUrl: '/a.svg', sku: 'NEC-1', stock: 9 },
  { id: 2, name: 'Dove Pendant', price: 0.2, quantity: 1, imageUrl: '', sku: 'NEC-2' },
]

const values = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '5551234567',
  address: '12 Main Street',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'USA',
  notes: 'Gift wrap, please',
}

describe('generateOrderNumber', () => {
  it('is ORD- and an integer below 10000', () => {
    expect(generateOrderNumber(() => 0)).toBe('ORD-0')
    expect(generateOrderNumber(() => 0.1234)).toBe('ORD-1234')
    expect(generateOrderNumber(() => 0.99999)).toBe('ORD-9999')
  })
})

describe('buildOrderInput', () => {
  it('sends the customer, the joined address, the notes and the lines, but not the phone', () => {
    const input = buildOrderInput(values, items, 0.4, () => 0.5)
    expect(input).toEqual({
      customerName: 'Ann Lee',
      customerEmail: 'ann@example.com',
      customerAddress: '12 Main Street, Springfield, IL 62701, USA',
      notes: 'Gift wrap, please',
      items: [
        { productId: 1, name: 'Gold Cross', price: 0.1, quantity: 2, sku: 'NEC-1', imageUrl: '/a.svg' },
        { productId: 2, name: 'Dove Pendant', price: 0.2, quantity: 1, sku: 'NEC-2', imageUrl: '' },
      ],
      total: '0.40',
      orderNumber: 'ORD-5000',
    })
    expect(JSON.stringify(input)).not.toContain('5551234567')
  })

  it('sends the variant and the personalisation of each line, and nothing for a line without', () => {
    const engraved: CartLine = {
      id: 9,
      name: 'Engravable Heart Locket',
      price: 78,
      quantity: 1,
      imageUrl: '',
      sku: 'NEC-1090',
      personalization: [{ fieldId: 1, label: 'Engraving', value: 'Jn 3:16' }],
    }
    const ring: CartLine = { ...engraved, id: 5, variantId: 53, variantLabel: 'Size 7', personalization: undefined }
    const input = buildOrderInput(values, [engraved, ring, items[1] as CartLine], 0)
    expect(input.items[0]).toMatchObject({ productId: 9, personalization: [{ fieldId: 1, value: 'Jn 3:16' }] })
    expect(input.items[0]).not.toHaveProperty('variantId')
    expect(input.items[1]).toMatchObject({ productId: 5, variantId: 53 })
    expect(input.items[1]).not.toHaveProperty('personalization')
    expect(input.items[2]).not.toHaveProperty('variantId')
  })
})
