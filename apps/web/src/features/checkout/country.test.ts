import { describe, expect, it } from 'vitest'
import { countryCodeOf } from './country'

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
