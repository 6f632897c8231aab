import type { CheckoutForm } from '@shop/schema/orders'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiProviders } from '../../../test-utils/render'
import type { CartLine } from '../cart/cart'
import { cartStore } from '../cart/cart-store'
import { readCardCheckout } from './pending-card-checkout'
import { usePlaceOrder } from './use-place-order'

const LINE: CartLine = { id: 7, name: 'Faith Ring', price: 120, quantity: 1, imageUrl: '/ring.jpg', sku: 'RIN-1' }
const DETAILS = { country: 'US', state: 'TN', email: '', shippingMethodId: undefined, discountCode: '' }
const VALUES: CheckoutForm = {
  name: 'Cecilia Cardholder',
  email: 'cecilia@example.com',
  phone: '5550132024',
  address: '7 Vineyard Road',
  city: 'Nashville',
  state: 'TN',
  zip: '37203',
  country: 'USA',
  notes: '',
}
const PAY_URL = 'https://checkout.stripe.test/pay/cs_test_1'
const UNREACHABLE = 'Card payments are unavailable right now. Please choose another payment method.'

function stubOrders(answer: () => Response) {
  const fetchMock = vi.fn(async (input: string, _init?: RequestInit) =>
    String(input) === '/api/orders' ? answer() : Response.json({}),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const placedOrder = () => ({ id: 1, orderNumber: 'ORD-1', accessKey: 'k', payUrl: PAY_URL })

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  cartStore.clear()
  cartStore.add(LINE)
})
afterEach(() => {
  cleanup()
  sessionStorage.clear()
  cartStore.clear()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('usePlaceOrder with card', () => {
  it("sends the buyer to Stripe's page once the order is placed, and empties the cart", async () => {
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    const fetchMock = stubOrders(() => Response.json(placedOrder(), { status: 201 }))
    const { result } = renderHook(() => usePlaceOrder(DETAILS, undefined, 'card'), { wrapper: ApiProviders })
    act(() => result.current.placeOrder(VALUES))
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAY_URL))
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as { paymentMethod: string }
    expect(body.paymentMethod).toBe('card')
    expect(cartStore.getLines()).toHaveLength(0)
    // Should the buyer cancel on Stripe's page, the checkout offers the way back to this order.
    expect(readCardCheckout()).toEqual({ orderNumber: 'ORD-1', payUrl: PAY_URL, orderPath: '/orders/ORD-1?key=k' })
  })

  it("keeps the cart and hands the server's message to the payment step when Stripe cannot be reached", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    stubOrders(() => Response.json({ code: 'SERVICE_UNAVAILABLE', message: UNREACHABLE }, { status: 503 }))
    const { result } = renderHook(() => usePlaceOrder(DETAILS, undefined, 'card'), { wrapper: ApiProviders })
    act(() => result.current.placeOrder(VALUES))
    await waitFor(() => expect(result.current.paymentError).toEqual({ method: 'card', message: UNREACHABLE }))
    expect(result.current.order).toBeUndefined()
    expect(cartStore.getLines()).toHaveLength(1)
  })
})
