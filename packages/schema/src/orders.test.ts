import { describe, expect, it } from 'vitest'
import { MAX_PRICE_CENTS } from './common'
import { lineTotal, lineTotalCents, MAX_LINE_QUANTITY } from './orders'

describe('lineTotal', () => {
  it('multiplies the unit price by the quantity', () => {
    expect(lineTotal({ price: '19.99', quantity: 3 })).toBe('59.97')
    expect(lineTotal({ price: '68.00', quantity: 2 })).toBe('136.00')
    expect(lineTotal({ price: '45.00', quantity: 1 })).toBe('45.00')
  })

  it('computes in integer cents, so nothing is left to round', () => {
    // In floating point, 3 x 0.10 is 0.30000000000000004 and 0.07 x 100 is 7.000000000000001.
    expect(lineTotal({ price: '0.10', quantity: 3 })).toBe('0.30')
    expect(lineTotal({ price: '0.07', quantity: 100 })).toBe('7.00')
    expect(lineTotal({ price: '1.15', quantity: 7 })).toBe('8.05')
    expect(lineTotalCents({ price: '0.10', quantity: 3 })).toBe(30)
  })

  it('stays exact for the largest quantities and prices', () => {
    expect(lineTotal({ price: '19.99', quantity: MAX_LINE_QUANTITY })).toBe('19990.00')
    expect(lineTotal({ price: '0.01', quantity: MAX_LINE_QUANTITY })).toBe('10.00')
    const maxPrice = `${MAX_PRICE_CENTS / 100}.00`
    expect(lineTotal({ price: maxPrice, quantity: MAX_LINE_QUANTITY })).toBe('1000000000.00')
    expect(lineTotalCents({ price: '999999.99', quantity: MAX_LINE_QUANTITY })).toBe(99_999_999_000)
  })

  it('is zero for no quantity, and keeps the sign of a negative amount', () => {
    expect(lineTotal({ price: '19.99', quantity: 0 })).toBe('0.00')
    expect(lineTotal({ price: '-5.25', quantity: 2 })).toBe('-10.50')
  })
})
