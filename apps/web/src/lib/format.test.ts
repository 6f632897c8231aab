import { describe, expect, it } from 'vitest'
import { formatDate } from './format'

describe('formatDate', () => {
  it('writes a short US date', () => {
    expect(formatDate('2026-11-22T12:00:00.000Z')).toBe('Nov 22, 2026')
  })
})
