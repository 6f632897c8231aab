import type { GuestOrder } from '@shop/schema/orders'
import { skipToken, useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { isNotFoundError } from '../../lib/api-error'
import { useTRPC } from '../../lib/trpc'

// A card payment comes back from Stripe before or after its webhook: the page asks again this often until the
// server has recorded it (or the order was cancelled unpaid). Stripe's confirmation usually follows within seconds.
export const AWAITING_PAYMENT_POLL_MS = 2_000
// Past a few minutes the bank is slow (or the buyer left Stripe's page open): ask less often, then rarely.
const SLOW_AFTER_MS = 3 * 60_000
const SLOW_POLL_MS = 10_000
const RARE_AFTER_MS = 15 * 60_000
const RARE_POLL_MS = 60_000

/**
 * How long to wait before asking for the order again: only while its card payment awaits Stripe's confirmation
 * (never otherwise: the shop's queries do not poll), every 2 s for the first 3 minutes the page watched, then every
 * 10 s, and every minute past 15. The query's own rule (refetchIntervalInBackground off) stops it while the tab is
 * hidden.
 */
export function awaitingPaymentPollInterval(order: GuestOrder | undefined, watchedMs: number): number | false {
  if (order?.payment.status !== 'awaiting_payment' || order.status === 'cancelled') return false
  if (watchedMs < SLOW_AFTER_MS) return AWAITING_PAYMENT_POLL_MS
  return watchedMs < RARE_AFTER_MS ? SLOW_POLL_MS : RARE_POLL_MS
}

/**
 * A guest's order by its number and key. A wrong key answers 404 like an unknown order; without a key there is
 * nothing to ask, and the page says the same. While its card payment awaits confirmation the order is asked for
 * again by itself, so the page turns to "Payment received" once the server has recorded Stripe's event.
 */
export function useGuestOrder(orderNumber: string, key: string) {
  const trpc = useTRPC()
  // When this page started watching: the interval is only read in the browser, never rendered.
  const [watchedSince] = useState(() => Date.now())
  const hasKey = orderNumber !== '' && key !== ''
  const query = useQuery(
    trpc.orders.guestView.queryOptions(hasKey ? { orderNumber, key } : skipToken, {
      refetchInterval: (current) => awaitingPaymentPollInterval(current.state.data, Date.now() - watchedSince),
    }),
  )
  // 404: unknown, or not this key; 400: a number or key the API refuses (too long). All read "not found".
  return { ...query, isNotFound: !hasKey || isNotFoundError(query.error) }
}

/** "Order Tracking": the server answers the same words whether or not the order matched (429 when rate limited). */
export function useOrderLookup() {
  const trpc = useTRPC()
  return useMutation(trpc.orders.lookup.mutationOptions())
}
