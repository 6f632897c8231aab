import { describe, expect, it } from 'vitest'
import { ZCheckoutForm, ZCreateOrderInput, ZQuoteInput } from './orders'
import { countryCodeOf, regionCodeOf, regionProblem } from './regions'

const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

describe('countryCodeOf', () => {
  it.each([
    ['USA', 'US'],
    ['United States', 'US'],
    [' us ', 'US'],
    ['Germany', 'DE'],
    ['de', 'DE'],
    ['UK', 'GB'],
    ['France', 'FR'],
  ])('%s is %s', (text, code) => {
    expect(countryCodeOf(text)).toBe(code)
  })

  it('names no country for other text', () => {
    expect(countryCodeOf('Atlantis')).toBeUndefined()
    expect(countryCodeOf('')).toBeUndefined()
    expect(countryCodeOf('QQ')).toBeUndefined()
  })
})

describe('regionCodeOf', () => {
  it.each([
    ['US', 'CA', 'CA'],
    ['US', ' ca ', 'CA'],
    ['us', 'US-CA', 'CA'],
    ['US', 'California', 'CA'],
    ['US', 'DC', 'DC'],
    ['US', 'PR', 'PR'],
    ['US', 'Guam', 'GU'],
    ['US', 'AE', 'AE'],
    ['CA', 'qc', 'QC'],
    ['CA', 'Quebec', 'QC'],
    ['CA', 'Yukon', 'YT'],
    ['DE', 'by', 'BY'],
    ['DE', 'Thuringen', 'TH'],
    ['AT', 'Wien', '9'],
    ['AT', 'AT-9', '9'],
  ])('%s %s is %s', (country, region, code) => {
    expect(regionCodeOf(country, region)).toBe(code)
  })

  it('names no state the country does not have', () => {
    expect(regionCodeOf('US', 'ZZ')).toBeUndefined()
    expect(regionCodeOf('US', 'ON')).toBeUndefined()
    expect(regionCodeOf('US', 'CA-ON')).toBeUndefined()
    expect(regionCodeOf('CA', 'TX')).toBeUndefined()
  })

  it('takes any text for a country the standard lists no states for', () => {
    expect(regionCodeOf('VA', 'Vatican')).toBe('VATICAN')
  })

  it('says which field, what was given and what to give', () => {
    expect(regionProblem('US', 'ZZ')).toBe(
      'Region "ZZ" is not a state or region of US: use its ISO 3166-2 code (such as AK) or its name',
    )
    expect(regionProblem('us', 'ca')).toBeUndefined()
  })
})

describe('the region of an order and of a quote', () => {
  const order = {
    customerName: 'Mary Smith',
    customerEmail: 'mary@example.com',
    customerAddress: 'Los Angeles, CA 90012, US',
    items: [{ productId: 1, quantity: 1 }],
  }

  it('refuses a region its country does not have', () => {
    const problem =
      'region: Region "ZZ" is not a state or region of US: use its ISO 3166-2 code (such as AK) or its name'
    expect(messages(ZCreateOrderInput.safeParse({ ...order, country: 'US', region: 'ZZ' }))).toEqual([problem])
    expect(messages(ZQuoteInput.safeParse({ items: order.items, country: 'us', region: 'ZZ' }))).toEqual([problem])
  })

  it('accepts a state of the country, and no region at all', () => {
    expect(ZCreateOrderInput.safeParse({ ...order, country: 'US', region: 'ca' }).success).toBe(true)
    expect(ZCreateOrderInput.safeParse(order).success).toBe(true)
    // Without a country the shop's default applies, which the server knows: it checks the region then.
    expect(ZCreateOrderInput.safeParse({ ...order, region: 'ZZ' }).success).toBe(true)
  })

  it('gives one message for a region that is not even text of the right shape', () => {
    expect(messages(ZCreateOrderInput.safeParse({ ...order, country: 'US', region: 'A, B' }))).toEqual([
      'region: State must be on one line, without commas',
    ])
  })
})

describe('the checkout form state', () => {
  const form = {
    name: 'Mary Smith',
    email: 'mary@example.com',
    phone: '5125550100',
    address: '1 Main St',
    city: 'Los Angeles',
    state: 'CA',
    zip: '90012',
    country: 'USA',
  }

  it('is one of the named country’s states, by code or name', () => {
    expect(ZCheckoutForm.safeParse(form).success).toBe(true)
    expect(ZCheckoutForm.safeParse({ ...form, state: 'california' }).success).toBe(true)
    expect(messages(ZCheckoutForm.safeParse({ ...form, state: 'ZZ' }))).toEqual([
      'state: State "ZZ" is not a state or region of US: use its ISO 3166-2 code (such as AK) or its name',
    ])
    expect(messages(ZCheckoutForm.safeParse({ ...form, state: 'ON', country: 'Canada' }))).toEqual([])
  })

  it("keeps the spec's message for an empty state", () => {
    expect(messages(ZCheckoutForm.safeParse({ ...form, state: '' }))).toEqual(['state: State is required'])
  })

  it('leaves the state to the server when the country names no country', () => {
    expect(ZCheckoutForm.safeParse({ ...form, state: 'ZZ', country: 'Atlantis' }).success).toBe(true)
  })
})
