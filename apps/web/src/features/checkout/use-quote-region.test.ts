import { describe, expect, it } from 'vitest'
import type { CartLine } from '../cart/cart'
import { type QuoteDetails, quoteInputOf } from './use-quote'

const ring: CartLine = { id: 7, name: 'Faith Ring', price: 100, quantity: 1, sku: 'RIN-0007', imageUrl: '/r.jpg' }
const details: QuoteDetails = {
  country: 'USA',
  state: '',
  email: '',
  shippingMethodId: undefined,
  discountCode: '',
}

describe('quoteInputOf', () => {
  it("sends the state as its country's code, whether typed as a code or a name", () => {
    expect(quoteInputOf([ring], { ...details, state: ' ca ' })).toMatchObject({ country: 'US', region: 'CA' })
    expect(quoteInputOf([ring], { ...details, state: 'california' })).toMatchObject({ country: 'US', region: 'CA' })
    expect(quoteInputOf([ring], { ...details, country: 'Canada', state: 'Quebec' })).toMatchObject({
      country: 'CA',
      region: 'QC',
    })
  })

  it('leaves out a state the country does not have (still being typed): the country is priced meanwhile', () => {
    const input = quoteInputOf([ring], { ...details, state: 'Califo' })
    expect(input.country).toBe('US')
    expect(input).not.toHaveProperty('region')
    expect(quoteInputOf([ring], details)).not.toHaveProperty('region')
  })

  it("sends the state as typed when the country names none, for the server to check against the shop's", () => {
    const input = quoteInputOf([ring], { ...details, country: 'Atlantis', state: 'ZZ' })
    expect(input).not.toHaveProperty('country')
    expect(input.region).toBe('ZZ')
  })
})
