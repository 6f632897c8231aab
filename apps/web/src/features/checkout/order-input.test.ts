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
})
