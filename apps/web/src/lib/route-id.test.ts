import { describe, expect, it } from 'vitest'
import { parseRouteId } from './route-id'

describe('parseRouteId', () => {
  it('reads a positive integer', () => {
    expect(parseRouteId('42')).toBe(42)
    expect(parseRouteId('12')).toBe(12)
  })

  it('refuses every other spelling of a number', () => {
    for (const param of ['0x10', '01', '-1', '+1', '1e3', ' 1', '1.5', '0', '12abc']) {
      expect(parseRouteId(param), param).toBeNull()
    }
  })

  it('refuses text, an empty or missing segment and a number past the safe integers', () => {
    for (const param of ['abc', '', undefined, '99999999999999999999']) {
      expect(parseRouteId(param)).toBeNull()
    }
  })
})
