import { describe, expect, it } from 'vitest'
import { addDays, averageOrderCents, bucketSales, bucketStart, rangeOfLastDays } from './sales-buckets'

describe('rangeOfLastDays', () => {
  it('covers the last N UTC days, today included', () => {
    expect(rangeOfLastDays(30, new Date('2026-03-18T23:59:00.000Z'))).toEqual({ from: '2026-02-17', to: '2026-03-18' })
    expect(rangeOfLastDays(365, new Date('2026-03-18T00:00:00.000Z'))).toEqual({ from: '2025-03-19', to: '2026-03-18' })
  })
})

describe('bucketStart', () => {
  it('starts weeks on Monday and months on the first', () => {
    expect(bucketStart('2026-03-16', 'week')).toBe('2026-03-16') // a Monday
    expect(bucketStart('2026-03-22', 'week')).toBe('2026-03-16') // the Sunday after
    expect(bucketStart('2026-03-01', 'week')).toBe('2026-02-23') // a Sunday, in the week of February's last Monday
    expect(bucketStart('2026-03-31', 'month')).toBe('2026-03-01')
    expect(bucketStart('2026-03-31', 'day')).toBe('2026-03-31')
  })

  it('crosses years and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(bucketStart('2027-01-01', 'week')).toBe('2026-12-28')
  })
})

describe('bucketSales', () => {
  const sales = [
    { day: '2026-03-01', soldCount: 1, revenueCents: 1000 },
    { day: '2026-03-02', soldCount: 2, revenueCents: 3000 },
    { day: '2026-03-08', soldCount: 1, revenueCents: 500 },
  ]

  it('answers every day of the range, zeros included', () => {
    expect(bucketSales(sales, { from: '2026-02-28', to: '2026-03-03' }, 'day')).toEqual([
      { start: '2026-02-28', orders: 0, revenueCents: 0 },
      { start: '2026-03-01', orders: 1, revenueCents: 1000 },
      { start: '2026-03-02', orders: 2, revenueCents: 3000 },
      { start: '2026-03-03', orders: 0, revenueCents: 0 },
    ])
  })

  it('sums Monday-to-Sunday weeks, the first one starting before the range', () => {
    expect(bucketSales(sales, { from: '2026-03-01', to: '2026-03-16' }, 'week')).toEqual([
      { start: '2026-02-23', orders: 1, revenueCents: 1000 },
      { start: '2026-03-02', orders: 3, revenueCents: 3500 },
      { start: '2026-03-09', orders: 0, revenueCents: 0 },
      { start: '2026-03-16', orders: 0, revenueCents: 0 },
    ])
  })

  it('sums calendar months and leaves out days outside the range', () => {
    expect(bucketSales(sales, { from: '2026-03-02', to: '2026-04-01' }, 'month')).toEqual([
      { start: '2026-03-01', orders: 3, revenueCents: 3500 },
      { start: '2026-04-01', orders: 0, revenueCents: 0 },
    ])
  })
})

describe('averageOrderCents', () => {
  it('rounds to the cent and is 0 without orders', () => {
    expect(averageOrderCents(1000, 3)).toBe(333)
    expect(averageOrderCents(2000, 3)).toBe(667)
    expect(averageOrderCents(0, 0)).toBe(0)
  })
})
