import type { ShopInfo } from '@shop/schema/shop'
import { vi } from 'vitest'

/**
 * Stubs `fetch` to answer the shop's info (GET /api/shop) with this currency, for components that format amounts
 * in the shop's currency (useFormatMoney); every other call fails, as the component under test makes none.
 */
export function stubShopInfo(currency = 'USD') {
  const info: ShopInfo = {
    name: 'Grace & Gold',
    phone: '+1 555 010 2000',
    email: 'hello@grace.test',
    address: '1 Main Street',
    currency,
    freeShippingOver: null,
    paymentMethods: [],
  }
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://shop.test')
    if (url.pathname === '/api/shop') return Response.json(info)
    return new Response('not stubbed', { status: 500 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}
