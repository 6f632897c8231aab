import type { PlacedOrder } from '@shop/schema/orders'
import { afterEach, describe, expect, it } from 'vitest'
import { forgetCardCheckout, readCardCheckout, rememberCardCheckout } from './pending-card-checkout'

afterEach(() => sessionStorage.clear())

const order = (orderNumber: string) =>
  ({ orderNumber, accessKey: 'k 1', payUrl: 'https://checkout.stripe.test/pay/cs_1' }) as PlacedOrder & {
    payUrl: string
  }

describe('the card checkout left for Stripe', () => {
  it("keeps the order's number, Stripe's page and the order's own page for this tab", () => {
    rememberCardCheckout(order('ORD-7'))
    expect(readCardCheckout()).toEqual({
      orderNumber: 'ORD-7',
      payUrl: 'https://checkout.stripe.test/pay/cs_1',
      orderPath: '/orders/ORD-7?key=k%201',
    })
  })

  it('is forgotten on its own order page, not on the page of another order', () => {
    rememberCardCheckout(order('ORD-7'))
    forgetCardCheckout('ORD-8')
    expect(readCardCheckout()?.orderNumber).toBe('ORD-7')
    forgetCardCheckout('ORD-7')
    expect(readCardCheckout()).toBeNull()
  })

  it('reads nothing it did not write', () => {
    sessionStorage.setItem('shop.cardCheckout', '{not json')
    expect(readCardCheckout()).toBeNull()
    sessionStorage.setItem(
      'shop.cardCheckout',
      JSON.stringify({ orderNumber: 'ORD-7', payUrl: 'javascript:alert(1)', orderPath: '/orders/ORD-7' }),
    )
    expect(readCardCheckout()).toBeNull()
  })
})
