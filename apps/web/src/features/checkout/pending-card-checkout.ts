import { guestOrderPath, type PlacedOrder } from '@shop/schema/orders'

// The card order this tab left for Stripe's page, until the buyer is back on its page: Stripe's Cancel link brings
// the buyer to the checkout (with the cart emptied, as the order holds the pieces), which then offers the way back.
const STORAGE_KEY = 'shop.cardCheckout'

export interface PendingCardCheckout {
  orderNumber: string
  payUrl: string
  orderPath: string
}

export function rememberCardCheckout(order: PlacedOrder & { payUrl: string }): void {
  const pending: PendingCardCheckout = {
    orderNumber: order.orderNumber,
    payUrl: order.payUrl,
    orderPath: guestOrderPath(order.orderNumber, order.accessKey),
  }
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending))
  } catch {
    // Private mode or full storage: the buyer still has Stripe's page, and the mail once paid.
  }
}

/** The card checkout left unfinished in this tab, if any; only in the browser. */
export function readCardCheckout(): PendingCardCheckout | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null')
    if (!value || typeof value !== 'object') return null
    const { orderNumber, payUrl, orderPath } = value as Record<string, unknown>
    // Only what this app wrote: an http(s) page to pay on and a path of this shop.
    if (typeof orderNumber !== 'string' || typeof payUrl !== 'string' || typeof orderPath !== 'string') return null
    if (!/^https?:\/\//.test(payUrl) || !orderPath.startsWith('/orders/')) return null
    return { orderNumber, payUrl, orderPath }
  } catch {
    return null
  }
}

/** Forgets the unfinished card checkout (of this order only, when one is named). */
export function forgetCardCheckout(orderNumber?: string): void {
  try {
    if (orderNumber !== undefined && readCardCheckout()?.orderNumber !== orderNumber) return
    sessionStorage.removeItem(STORAGE_KEY)
  } catch {
    // Nothing stored.
  }
}
