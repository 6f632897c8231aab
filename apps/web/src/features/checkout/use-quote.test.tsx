import type { Quote } from '@shop/schema/money'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiProviders } from '../../../test-utils/render'
import type { CartLine } from '../cart/cart'
import { type QuoteDetails, useQuote } from './use-quote'

const LINE: CartLine = { id: 7, name: 'Faith Ring', price: 120, quantity: 1, imageUrl: '/ring.jpg', sku: 'RIN-1' }
const DETAILS: QuoteDetails = { country: '', state: '', email: '', shippingMethodId: undefined, discountCode: 'save12' }
const QUOTE: Quote = {
  currency: 'USD',
  subtotal: '120.00',
  discount: '0.00',
  discountCode: null,
  discountMessage: null,
  discountApplied: false,
  shipping: '0.00',
  shippingMethod: null,
  shippingMethods: [],
  tax: '0.00',
  taxIncluded: false,
  taxName: null,
  total: '120.00',
  country: 'US',
  region: null,
}
const LIMITED = 'Too many wrong discount codes. Please try again in 15 minutes, or continue without a code.'

/** Answers POST /api/orders/quote: 429 when the body names a code, else the quote. */
function stubQuoteApi() {
  const bodies: unknown[] = []
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { discountCode?: string }
    bodies.push(body)
    if (body.discountCode === undefined) return Response.json(QUOTE)
    return Response.json(
      { message: LIMITED, code: 'TOO_MANY_REQUESTS' },
      { status: 429, headers: { 'retry-after': '900' } },
    )
  })
  vi.stubGlobal('fetch', fetchMock)
  return bodies
}

// The REST link logs each answer.
beforeEach(() => vi.spyOn(console, 'info').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('useQuote', () => {
  it('prices the cart without the code when the server refuses codes (429), with its message as the reason', async () => {
    const bodies = stubQuoteApi()
    const { result } = renderHook(() => useQuote([LINE], DETAILS), { wrapper: ApiProviders })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data).toEqual({ ...QUOTE, discountApplied: false, discountMessage: LIMITED })
    expect(bodies).toEqual([
      { items: [{ productId: 7, quantity: 1 }], discountCode: 'save12' },
      { items: [{ productId: 7, quantity: 1 }] },
    ])
  })
})
