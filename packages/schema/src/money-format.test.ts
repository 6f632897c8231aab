import { describe, expect, it } from 'vitest'
import { formatMoney, formatMoneyIn } from './money-format'

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

describe('formatMoney', () => {
  it('writes what Intl.NumberFormat writes for US dollars', () => {
    const values = [
      0, -0, 0.5, 1, 1.005, 2.675, 12.5, 999.999, 1000, 1234.56, 1234567.891, -1, -0.001, -1234.5, 999999999999.995,
      1e21, 1e-7,
    ]
    for (const value of [...values, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatMoney(value)).toBe(intl.format(value))
    }
  })

  it('reads the API money strings', () => {
    expect(formatMoney('49.00')).toBe('$49.00')
    expect(formatMoney('1234.5')).toBe('$1,234.50')
  })
})

describe('formatMoneyIn', () => {
  it('writes US dollars by hand and another currency as Intl does', () => {
    expect(formatMoneyIn('1234.50', undefined)).toBe('$1,234.50')
    expect(formatMoneyIn('1234.50', 'USD')).toBe('$1,234.50')
    expect(formatMoneyIn('1234.50', 'EUR')).toBe('€1,234.50')
  })
})
