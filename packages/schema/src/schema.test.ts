import { describe, expect, it } from 'vitest'
import { ZNewPassword, ZResetPasswordInput } from './auth'
import { slugify } from './categories'
import { centsToMoney, moneyToCents, ZPriceInput } from './common'
import { testimonialInitials } from './display'
import { joinCustomerAddress, ZCheckoutForm } from './orders'
import { generateSku, isLowStock } from './products'

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? []

describe('money', () => {
  it('formats cents as a 2-place decimal string and parses it back', () => {
    expect(centsToMoney(4900)).toBe('49.00')
    expect(centsToMoney(5)).toBe('0.05')
    expect(centsToMoney(123456789)).toBe('1234567.89')
    expect(centsToMoney(-250)).toBe('-2.50')
    expect(moneyToCents('49.90')).toBe(4990)
    expect(moneyToCents(0.1 + 0.2)).toBe(30)
  })

  it('accepts prices as numbers or strings, positive, with at most 2 decimals', () => {
    expect(ZPriceInput.parse('49.9')).toBe(49.9)
    expect(ZPriceInput.parse(12)).toBe(12)
    expect(messages(ZPriceInput.safeParse(0))).toEqual(['Price must be positive'])
    expect(messages(ZPriceInput.safeParse(-3))).toEqual(['Price must be positive'])
    expect(messages(ZPriceInput.safeParse('1.999'))).toEqual(['Price can have at most 2 decimal places'])
    expect(ZPriceInput.safeParse('abc').success).toBe(false)
  })
})

describe('generators', () => {
  it('makes slugs of lowercase letters, digits and hyphens', () => {
    expect(slugify('Rings & Bands')).toBe('rings-bands')
    expect(slugify('  Crème Brûlée 2 ')).toBe('creme-brulee-2')
  })

  it('makes SKUs from the first 3 letters of the category, PD without one, and 4 digits', () => {
    expect(generateSku('Necklaces', () => 0.0421)).toBe('NEC-0421')
    expect(generateSku(null, () => 0.9999)).toBe('PD-9999')
    expect(generateSku('', () => 0)).toBe('PD-0000')
  })

  it('gives testimonial initials of the first two letters, uppercased', () => {
    expect(testimonialInitials('sarah m.')).toBe('SA')
  })
})

describe('checkout form', () => {
  it('has the spec message for every field', () => {
    const result = ZCheckoutForm.safeParse({
      name: 'M',
      email: 'nope',
      phone: '123',
      address: 'abc',
      city: 'x',
      state: 'y',
      zip: '12',
      country: 'z',
    })
    expect(messages(result)).toEqual([
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Please enter your full address',
      'City is required',
      'State is required',
      'Zip code is required',
      'Country is required',
    ])
  })

  it('joins the address into one line', () => {
    expect(
      joinCustomerAddress({ address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'USA' }),
    ).toBe('1 Main St, Austin, TX 78701, USA')
  })
})

describe('password rules', () => {
  it('accepts a strong password and names each missing kind of character', () => {
    expect(ZNewPassword.safeParse('Str0ng-Pass').success).toBe(true)
    expect(messages(ZNewPassword.safeParse('abcdefgh'))).toEqual([
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ])
  })

  it('requires the confirmation to match', () => {
    const result = ZResetPasswordInput.safeParse({ token: 't', password: 'Str0ng-Pass', confirmPassword: 'other' })
    expect(messages(result)).toEqual(['Passwords do not match'])
  })
})

describe('low stock', () => {
  it('is at or below the minimum stock', () => {
    expect(isLowStock({ stock: 5, minStock: 5 })).toBe(true)
    expect(isLowStock({ stock: 0, minStock: 5 })).toBe(true)
    expect(isLowStock({ stock: -1, minStock: 1 })).toBe(true)
  })

  it('is not above the minimum stock', () => {
    expect(isLowStock({ stock: 6, minStock: 5 })).toBe(false)
  })
})
