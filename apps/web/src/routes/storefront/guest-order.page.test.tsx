import { type GuestOrder, goodsOnlyCharges } from '@shop/schema/orders'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithApi } from '../../../test-utils/render'
import { GuestOrderPage } from './guest-order.page'

const SHOP = { name: 'Grace & Gold', email: 'hello@grace.test', phone: '+1 555 010 2000', address: '1 Main St' }
const ORDER: GuestOrder = {
  orderNumber: 'ORD-1001',
  status: 'processing',
  createdAt: '2026-11-20T10:00:00.000Z',
  customerName: 'Ann Lee',
  shippingAddress: '12 Main Street, Springfield, IL 62701, USA',
  items: [
    {
      name: 'Gold Cross Necklace',
      sku: 'NEC-0001',
      price: '45.00',
      quantity: 1,
      lineTotal: '45.00',
      variantLabel: null,
      personalization: [],
      leadTime: null,
    },
  ],
  total: '45.00',
  charges: goodsOnlyCharges('45.00'),
  payment: { method: 'bank_transfer', methodName: 'Bank transfer', instructions: 'IBAN DE89 3704', status: 'unpaid' },
  trackingNumber: null,
  trackingUrl: null,
  history: [
    { status: 'pending', at: '2026-11-20T10:00:00.000Z' },
    { status: 'processing', at: '2026-11-21T10:00:00.000Z' },
  ],
}

/** Answers GET /api/shop, and GET /api/orders/{number} with `answerOrder`. */
function stubApi(answerOrder: (url: URL) => Response) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://shop.test')
    if (url.pathname === '/api/shop') return Response.json(SHOP)
    if (url.pathname.startsWith('/api/orders/')) return answerOrder(url)
    return new Response('not stubbed', { status: 500 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const orderCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/orders/'))

function renderAt(path: string) {
  return renderWithApi(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="orders/:orderNumber" element={<GuestOrderPage />} />
        <Route path="order-tracking" element={<p>Order Tracking form</p>} />
      </Routes>
    </MemoryRouter>,
  )
}

beforeEach(() => vi.spyOn(console, 'info').mockImplementation(() => undefined))
afterEach(() => {
  vi.useRealTimers()
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  for (const meta of document.head.querySelectorAll('meta[name="robots"]')) meta.remove()
})

describe('GuestOrderPage', () => {
  it('asks for the order with its key and shows it, kept out of search engines, titled with its number', async () => {
    const fetchMock = stubApi(() => Response.json(ORDER))
    renderAt('/orders/ORD-1001?key=k3y')
    expect(await screen.findByRole('heading', { level: 1, name: 'Order ORD-1001' })).toBeTruthy()
    expect(orderCalls(fetchMock).map(([input]) => input)).toEqual(['/api/orders/ORD-1001?key=k3y'])
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex')
    await vi.waitFor(() => expect(document.title).toBe('Order ORD-1001 | Grace & Gold'))
    expect(await screen.findByRole('link', { name: SHOP.email })).toBeTruthy()
  })

  it('answers a wrong key like an unknown order, and offers Order Tracking with the number', async () => {
    stubApi(() => Response.json({ code: 'NOT_FOUND', message: 'Order not found' }, { status: 404 }))
    renderAt('/orders/ORD-1001?key=wrong')
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this order' })).toBeTruthy()
    expect(screen.queryByText(/Order not found/)).toBeNull()
    const lookup = screen.getByRole('link', { name: 'Order Tracking' })
    expect(lookup.getAttribute('href')).toBe('/order-tracking?orderNumber=ORD-1001')
  })

  it('asks nothing without a key, and says the same', async () => {
    const fetchMock = stubApi(() => Response.json(ORDER))
    renderAt('/orders/ORD-1001')
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this order' })).toBeTruthy()
    expect(orderCalls(fetchMock)).toHaveLength(0)
  })

  it('offers to try again when the shop fails, and shows the order once it answers', async () => {
    let isDown = true
    stubApi(() =>
      isDown ? Response.json({ message: 'Internal server error' }, { status: 500 }) : Response.json(ORDER),
    )
    renderAt('/orders/ORD-1001?key=k3y')
    expect(await screen.findByRole('heading', { level: 1, name: 'Your order could not be loaded' })).toBeTruthy()
    isDown = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Order ORD-1001' })).toBeTruthy()
  })

  it('asks again by itself while a card payment is awaited, keeps the order through a failed check, and shows it received', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const awaiting: GuestOrder = {
      ...ORDER,
      status: 'pending',
      payment: { ...ORDER.payment, method: 'card', methodName: 'Card', status: 'awaiting_payment' },
    }
    const paid: GuestOrder = { ...awaiting, payment: { ...awaiting.payment, status: 'paid' } }
    const answers = [
      () => Response.json(awaiting),
      () => Response.json({ message: 'Internal server error' }, { status: 500 }),
    ]
    const fetchMock = stubApi(() => (answers.shift() ?? (() => Response.json(paid)))())
    renderAt('/orders/ORD-1001?key=k3y')
    expect(await screen.findByText("Waiting for your bank's confirmation")).toBeTruthy()
    expect(orderCalls(fetchMock)).toHaveLength(1)
    // The check that fails leaves the order in place.
    await vi.advanceTimersByTimeAsync(2_000)
    await vi.waitFor(() => expect(orderCalls(fetchMock)).toHaveLength(2))
    expect(screen.getByText("Waiting for your bank's confirmation")).toBeTruthy()
    expect(screen.queryByText('Your order could not be loaded')).toBeNull()
    await vi.advanceTimersByTimeAsync(2_000)
    expect(await screen.findByText('Payment received')).toBeTruthy()
    // Paid: nothing more to wait for.
    await vi.advanceTimersByTimeAsync(10_000)
    expect(orderCalls(fetchMock)).toHaveLength(3)
  })
})
