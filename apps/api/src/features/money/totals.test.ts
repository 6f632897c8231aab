import { describe, expect, it } from 'vitest'
import { computeTotals, mulDivHalfUp, type TotalsInput } from './totals'

const line = (unitCents: number, quantity = 1) => ({ unitCents, quantity })
const base: TotalsInput = { lines: [], discount: null, shipping: null, tax: null, pricesIncludeTax: false }

describe('mulDivHalfUp', () => {
  it.each([
    [5, 10, 1], // 0.5 goes up
    [4, 10, 0],
    [15, 10, 2], // 1.5 goes up (half up, not half even)
    [25, 10, 3], // 2.5 goes up
    [0, 7, 0],
    [9_007_199_254_740_991, 2, 4_503_599_627_370_496],
  ])('%i / %i = %i', (n, d, expected) => {
    expect(mulDivHalfUp(n, 1, d)).toBe(expected)
  })

  it('is exact where the product passes 2^53', () => {
    // 3 x 3,002,399,751,580,331 = 2^53 + 1, which a double holds as 2^53: halved, .5 must still round up.
    expect(mulDivHalfUp(3, 3_002_399_751_580_331, 2)).toBe(4_503_599_627_370_497)
  })
})

// [case, input, subtotal, discount, shipping, tax, total]
const CASES: Array<[string, Partial<TotalsInput>, number, number, number, number, number]> = [
  ['lines only (no settings: free shipping, no tax)', { lines: [line(8950, 2), line(12000)] }, 29900, 0, 0, 0, 29900],
  [
    'flat shipping',
    { lines: [line(4900)], shipping: { priceCents: 995, freeOverCents: 50000 } },
    4900,
    0,
    995,
    0,
    5895,
  ],
  [
    'free over the threshold (reached exactly)',
    { lines: [line(25000, 2)], shipping: { priceCents: 995, freeOverCents: 50000 } },
    50000,
    0,
    0,
    0,
    50000,
  ],
  [
    'the discount takes the goods below the threshold: shipping is charged',
    {
      lines: [line(50000)],
      discount: { kind: 'percent', amount: 1000 },
      shipping: { priceCents: 995, freeOverCents: 50000 },
    },
    50000,
    5000,
    995,
    0,
    45995,
  ],
  [
    'percent discount rounds half up: 10% of $0.05',
    { lines: [line(5)], discount: { kind: 'percent', amount: 1000 } },
    5,
    1,
    0,
    0,
    4,
  ],
  [
    'percent discount: 12.5% of $99.99 = 12.49875',
    { lines: [line(9999)], discount: { kind: 'percent', amount: 1250 } },
    9999,
    1250,
    0,
    0,
    8749,
  ],
  ['fixed discount', { lines: [line(4900)], discount: { kind: 'fixed', amount: 1200 } }, 4900, 1200, 0, 0, 3700],
  [
    'fixed discount never beyond the subtotal',
    { lines: [line(900)], discount: { kind: 'fixed', amount: 1200 } },
    900,
    900,
    0,
    0,
    0,
  ],
  [
    'tax added, per order: 8.25% of $10.10 = 0.83325',
    { lines: [line(505, 2)], tax: { rateBp: 825, appliesToShipping: false } },
    1010,
    0,
    0,
    83,
    1093,
  ],
  [
    'tax per order, not per line: 3 lines of $0.10 at 5% (per line: 3 x 0.5 -> 3 x 1 = 3; per order: 1.5 -> 2)',
    { lines: [line(10), line(10), line(10)], tax: { rateBp: 500, appliesToShipping: false } },
    30,
    0,
    0,
    2,
    32,
  ],
  [
    'tax half up at exactly half a cent: 10% of $0.05',
    { lines: [line(5)], tax: { rateBp: 1000, appliesToShipping: false } },
    5,
    0,
    0,
    1,
    6,
  ],
  [
    'tax on goods after the discount, not on shipping',
    {
      lines: [line(10000)],
      discount: { kind: 'fixed', amount: 2000 },
      shipping: { priceCents: 1000, freeOverCents: null },
      tax: { rateBp: 1000, appliesToShipping: false },
    },
    10000,
    2000,
    1000,
    800,
    9800,
  ],
  [
    'tax on shipping too',
    {
      lines: [line(10000)],
      shipping: { priceCents: 1000, freeOverCents: null },
      tax: { rateBp: 1000, appliesToShipping: true },
    },
    10000,
    0,
    1000,
    1100,
    12100,
  ],
  [
    'prices include tax: 20% inside $12.00 is $2.00, not added',
    { lines: [line(1200)], tax: { rateBp: 2000, appliesToShipping: false }, pricesIncludeTax: true },
    1200,
    0,
    0,
    200,
    1200,
  ],
  [
    'prices include tax: 19% inside $10.00 = 1.5966 -> 1.60',
    { lines: [line(1000)], tax: { rateBp: 1900, appliesToShipping: false }, pricesIncludeTax: true },
    1000,
    0,
    0,
    160,
    1000,
  ],
  [
    'prices include tax, shipping taxed too, after a discount',
    {
      lines: [line(11000)],
      discount: { kind: 'fixed', amount: 1000 },
      shipping: { priceCents: 2000, freeOverCents: null },
      tax: { rateBp: 2000, appliesToShipping: true },
      pricesIncludeTax: true,
    },
    11000,
    1000,
    2000,
    2000,
    12000,
  ],
  ['a 0% rate is no tax', { lines: [line(1000)], tax: { rateBp: 0, appliesToShipping: true } }, 1000, 0, 0, 0, 1000],
  [
    'large order: exact beyond 2^53 in the intermediate product',
    { lines: [line(100_000_000, 1000)], tax: { rateBp: 825, appliesToShipping: false } },
    100_000_000_000,
    0,
    0,
    8_250_000_000,
    108_250_000_000,
  ],
]

describe('computeTotals', () => {
  it.each(CASES)('%s', (_name, input, subtotal, discount, shipping, tax, total) => {
    const totals = computeTotals({ ...base, ...input })
    expect(totals).toEqual({
      subtotalCents: subtotal,
      discountCents: discount,
      shippingCents: shipping,
      taxCents: tax,
      taxIncluded: input.pricesIncludeTax ?? false,
      totalCents: total,
    })
    // The figures always add up.
    expect(totals.totalCents).toBe(subtotal - discount + shipping + (totals.taxIncluded ? 0 : tax))
  })
})
