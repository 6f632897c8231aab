import { type GuestOrder, goodsOnlyCharges } from '@shop/schema/orders'
import { cleanup, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { render } from '../../../test-utils/render'
import { formatDateTime } from '../../lib/format'
import { GuestOrderView } from './guest-order-view'

afterEach(cleanup)

const SHOP = {
  name: 'Grace & Gold',
  email: 'hello@grace.test',
  phone: '+1 (555) 010-2000',
  address: '1 Main St',
  currency: 'USD',
  freeShippingOver: null,
  paymentMethods: [],
}

const NO_DETAILS = { variantLabel: null, personalization: [], leadTime: null }

function buildGuestOrder(overrides: Partial<GuestOrder> = {}): GuestOrder {
  return {
    orderNumber: 'ORD-1001',
    status: 'pending',
    createdAt: '2026-11-20T10:00:00.000Z',
    customerName: 'Ann Lee',
    shippingAddress: '12 Main Street, Springfield, IL 62701, USA',
    items: [
      { name: 'Gold Cross Necklace', sku: 'NEC-0001', price: '45.00', quantity: 2, lineTotal: '90.00', ...NO_DETAILS },
      { name: 'Silver Locket', sku: 'LOC-0002', price: '30.50', quantity: 1, lineTotal: '30.50', ...NO_DETAILS },
    ],
    total: '120.50',
    charges: goodsOnlyCharges('120.50'),
    payment: { method: null, methodName: null, instructions: null, status: 'unpaid' },
    trackingNumber: null,
    trackingUrl: null,
    history: [{ status: 'pending', at: '2026-11-20T10:00:00.000Z' }],
    ...overrides,
  }
}

function renderOrder(order: GuestOrder, shop: typeof SHOP | undefined = SHOP) {
  return render(
    <MemoryRouter>
      <GuestOrderView order={order} shop={shop} />
    </MemoryRouter>,
  )
}

const history = () => screen.getByLabelText('Status history')

describe('GuestOrderView', () => {
  it('shows the order number, its status, each line with SKU, quantity, price and line total, and the total', () => {
    renderOrder(buildGuestOrder())
    expect(screen.getByRole('heading', { level: 1, name: 'Order ORD-1001' })).toBeTruthy()
    expect(screen.getByText('Pending')).toBeTruthy()
    const items = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]?.textContent).toContain('Gold Cross Necklace')
    expect(items[0]?.textContent).toContain('SKU: NEC-0001')
    expect(items[0]?.textContent).toContain('Qty 2 × $45.00')
    expect(items[0]?.textContent).toContain('$90.00')
    expect(items[1]?.textContent).toContain('$30.50')
    expect(screen.getByText('Subtotal (3 items)')).toBeTruthy()
    // Subtotal and total: shipping is free.
    expect(screen.getAllByText('$120.50')).toHaveLength(2)
    expect(screen.getByText('Free')).toBeTruthy()
    expect(screen.getByText('12 Main Street, Springfield, IL 62701, USA')).toBeTruthy()
  })

  it("shows each line's variant, personalisation and made-to-order note", () => {
    renderOrder(
      buildGuestOrder({
        items: [
          {
            name: 'Hammered Gold Band Ring',
            sku: 'RIN-3015-7',
            price: '96.00',
            quantity: 1,
            lineTotal: '96.00',
            ...NO_DETAILS,
            variantLabel: 'Size 7',
          },
          {
            name: 'Engravable Heart Locket',
            sku: 'NEC-1090',
            price: '78.00',
            quantity: 1,
            lineTotal: '78.00',
            ...NO_DETAILS,
            personalization: [{ label: 'Engraving', value: 'Jn 3:16', surcharge: '10.00' }],
          },
          {
            name: 'Heirloom Gold Garnet Rosary',
            sku: 'ROS-5033',
            price: '389.00',
            quantity: 1,
            lineTotal: '389.00',
            ...NO_DETAILS,
            leadTime: { minDays: 10, maxDays: 15 },
          },
        ],
      }),
    )
    const [ring, locket, rosary] = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem')
    expect(ring?.textContent).toContain('Size 7')
    expect(locket?.textContent).toContain('Engraving: Jn 3:16')
    expect(rosary?.textContent).toContain('Made to order: ships in 10-15 business days')
  })

  it('lists the history oldest first with dates, and the steps still to come', () => {
    renderOrder(
      buildGuestOrder({
        status: 'processing',
        history: [
          { status: 'pending', at: '2026-11-20T10:00:00.000Z' },
          { status: 'processing', at: '2026-11-21T09:30:00.000Z' },
        ],
      }),
    )
    const text = history().textContent ?? ''
    expect(text.indexOf('Placed')).toBeLessThan(text.indexOf('Processing'))
    expect(text).toContain(formatDateTime('2026-11-20T10:00:00.000Z'))
    expect(text).toContain(formatDateTime('2026-11-21T09:30:00.000Z'))
    // Completed is still ahead: named, without a date.
    expect(within(history()).getByText('Completed')).toBeTruthy()
    expect(within(history()).getAllByText('Not yet')).toHaveLength(1)
  })

  it('ends the history of a cancelled order with Cancelled and no step to come', () => {
    renderOrder(
      buildGuestOrder({
        status: 'cancelled',
        history: [
          { status: 'pending', at: '2026-11-20T10:00:00.000Z' },
          { status: 'cancelled', at: '2026-11-22T08:00:00.000Z' },
        ],
      }),
    )
    expect(within(history()).getByText('Cancelled')).toBeTruthy()
    expect(within(history()).queryByText('Completed')).toBeNull()
    expect(within(history()).queryByText('Not yet')).toBeNull()
  })

  it('calls a later return to pending "Pending", not "Placed"', () => {
    renderOrder(
      buildGuestOrder({
        history: [
          { status: 'pending', at: '2026-11-20T10:00:00.000Z' },
          { status: 'processing', at: '2026-11-21T10:00:00.000Z' },
          { status: 'pending', at: '2026-11-22T10:00:00.000Z' },
        ],
      }),
    )
    expect(within(history()).getAllByText('Placed')).toHaveLength(1)
    expect(within(history()).getAllByText('Pending')).toHaveLength(1)
  })

  it('links "Track your parcel" to an https carrier page, in a new tab without referrer', () => {
    renderOrder(
      buildGuestOrder({
        status: 'completed',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://carrier.test/track/1Z999AA10123456784',
      }),
    )
    expect(screen.getByText('1Z999AA10123456784')).toBeTruthy()
    const link = screen.getByRole('link', { name: /Track your parcel/ })
    expect(link.getAttribute('href')).toBe('https://carrier.test/track/1Z999AA10123456784')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('never makes a link of a tracking address that is not http(s)', () => {
    for (const trackingUrl of ['javascript:alert(1)', 'data:text/html,hi', 'carrier.test/track/1']) {
      renderOrder(buildGuestOrder({ status: 'completed', trackingNumber: '1Z999', trackingUrl }))
      expect(screen.queryByRole('link', { name: /Track your parcel/ })).toBeNull()
      expect(screen.queryByText(trackingUrl)).toBeNull()
      expect(screen.getByText('1Z999')).toBeTruthy()
      cleanup()
    }
  })

  it('says where the tracking number will appear before the order ships', () => {
    renderOrder(buildGuestOrder())
    expect(screen.getByText('The tracking number will appear here once your order ships.')).toBeTruthy()
  })

  it("shows the shop's contact", () => {
    renderOrder(buildGuestOrder())
    expect(screen.getByRole('link', { name: SHOP.email }).getAttribute('href')).toBe(`mailto:${SHOP.email}`)
    expect(screen.getByRole('link', { name: SHOP.phone }).getAttribute('href')).toBe('tel:+15550102000')
  })
})

describe('the payment: method, instructions and status', () => {
  it('shows the method, its instructions as given and the payment status', () => {
    renderOrder(
      buildGuestOrder({
        payment: {
          method: 'bank_transfer',
          methodName: 'Bank transfer',
          instructions: 'IBAN DE89 3704 0044\nReference: ORD-1001',
          status: 'unpaid',
        },
      }),
    )
    const payment = screen.getByRole('region', { name: 'Payment' })
    expect(within(payment).getByText('Payment: Bank transfer')).toBeTruthy()
    expect(within(payment).getByText(/IBAN DE89 3704 0044/)).toBeTruthy()
    expect(within(payment).getByText('Unpaid')).toBeTruthy()
  })

  it('has no payment section for an order placed without a method', () => {
    renderOrder(buildGuestOrder())
    expect(screen.queryByRole('region', { name: 'Payment' })).toBeNull()
  })
})

describe('a card payment: never the redirect, only the status the server recorded', () => {
  const card = (status: GuestOrder['payment']['status']) => ({
    method: 'card' as const,
    methodName: 'Card',
    instructions: "You will pay by card on Stripe's secure page.",
    status,
  })

  it("waits for the bank's confirmation while the payment is awaited, and says the page updates itself", () => {
    renderOrder(buildGuestOrder({ payment: card('awaiting_payment') }))
    const notice = screen.getByRole('status')
    expect(within(notice).getByText("Waiting for your bank's confirmation")).toBeTruthy()
    expect(within(notice).getByText(/This page updates by itself/)).toBeTruthy()
    expect(screen.queryByText('Payment received')).toBeNull()
    const payment = screen.getByRole('region', { name: 'Payment' })
    expect(within(payment).getByText('Awaiting payment')).toBeTruthy()
    expect(within(payment).getByText("You will pay by card on Stripe's secure page.")).toBeTruthy()
  })

  it('says the payment was received once the server recorded it', () => {
    renderOrder(buildGuestOrder({ payment: card('paid') }))
    expect(within(screen.getByRole('status')).getByText('Payment received')).toBeTruthy()
    expect(screen.queryByText("Waiting for your bank's confirmation")).toBeNull()
    // The default words for card ("You will pay...") are over once it is paid.
    expect(screen.queryByText("You will pay by card on Stripe's secure page.")).toBeNull()
  })

  it('says an unpaid card order was cancelled because it was not paid', () => {
    renderOrder(
      buildGuestOrder({
        status: 'cancelled',
        payment: card('unpaid'),
        history: [
          { status: 'pending', at: '2026-11-20T10:00:00.000Z' },
          { status: 'cancelled', at: '2026-11-20T11:00:00.000Z' },
        ],
      }),
    )
    expect(
      within(screen.getByRole('status')).getByText('This order was cancelled because it was not paid'),
    ).toBeTruthy()
  })

  it('says nothing of the kind for an order paid otherwise', () => {
    renderOrder(
      buildGuestOrder({
        payment: { method: 'bank_transfer', methodName: 'Bank transfer', instructions: 'IBAN', status: 'paid' },
      }),
    )
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByText('Payment received')).toBeNull()
  })
})
