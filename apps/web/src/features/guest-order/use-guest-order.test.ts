import { type GuestOrder, goodsOnlyCharges } from '@shop/schema/orders'
import { describe, expect, it } from 'vitest'
import { AWAITING_PAYMENT_POLL_MS, awaitingPaymentPollInterval } from './use-guest-order'

const order = (payment: GuestOrder['payment']['status'], status: GuestOrder['status'] = 'pending'): GuestOrder => ({
  orderNumber: 'ORD-1001',
  status,
  createdAt: '2026-11-20T10:00:00.000Z',
  customerName: 'Ann Lee',
  shippingAddress: null,
  items: [],
  total: '45.00',
  charges: goodsOnlyCharges('45.00'),
  payment: { method: 'card', methodName: 'Card', instructions: null, status: payment },
  trackingNumber: null,
  trackingUrl: null,
  history: [{ status: 'pending', at: '2026-11-20T10:00:00.000Z' }],
})

const MINUTE = 60_000

describe('awaitingPaymentPollInterval', () => {
  it('asks every 2 s while the card payment is awaited, less often after 3 minutes, rarely after 15', () => {
    expect(awaitingPaymentPollInterval(order('awaiting_payment'), 0)).toBe(AWAITING_PAYMENT_POLL_MS)
    expect(awaitingPaymentPollInterval(order('awaiting_payment'), 2 * MINUTE)).toBe(2_000)
    expect(awaitingPaymentPollInterval(order('awaiting_payment'), 5 * MINUTE)).toBe(10_000)
    expect(awaitingPaymentPollInterval(order('awaiting_payment'), 20 * MINUTE)).toBe(60_000)
  })

  it('stops once the payment is recorded or the order cancelled, and never polls otherwise', () => {
    expect(awaitingPaymentPollInterval(order('paid'), 0)).toBe(false)
    expect(awaitingPaymentPollInterval(order('unpaid', 'cancelled'), 0)).toBe(false)
    expect(awaitingPaymentPollInterval(order('awaiting_payment', 'cancelled'), 0)).toBe(false)
    expect(awaitingPaymentPollInterval(order('unpaid'), 0)).toBe(false)
    expect(awaitingPaymentPollInterval(undefined, 0)).toBe(false)
  })
})
