import type { Order } from '@shop/schema/orders'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithApi } from '../../../test-utils/render'
import { OrderStatusControl } from './order-status-control'

const ORDER: Pick<Order, 'id' | 'orderNumber' | 'status' | 'trackingNumber' | 'trackingUrl'> = {
  id: 7,
  orderNumber: 'ORD-1001',
  status: 'pending',
  trackingNumber: '1Z111',
  trackingUrl: null,
}

function stubStatusUpdate() {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body))
    return Response.json({ ...ORDER, ...body, trackingUrl: body.trackingUrl || null })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const update = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Update' })
const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name })

function chooseStatus(label: string) {
  fireEvent.click(screen.getByRole('combobox', { name: `New status of order ${ORDER.orderNumber}` }))
  fireEvent.click(screen.getByRole('option', { name: label }))
}

beforeEach(() => vi.spyOn(console, 'info').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('OrderStatusControl', () => {
  it('starts from the order: Update off, tracking prefilled, Notify customer on', () => {
    renderWithApi(<OrderStatusControl order={ORDER} />)
    expect(update().disabled).toBe(true)
    expect(textbox('Tracking number').value).toBe('1Z111')
    expect(textbox('Tracking link').value).toBe('')
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Notify customer' }).checked).toBe(true)
    expect(screen.getByText(/gets an e-mail when the order becomes processing, completed or cancelled/)).toBeTruthy()
  })

  it('sends the new status with the tracking and the notification choice', async () => {
    const fetchMock = stubStatusUpdate()
    renderWithApi(<OrderStatusControl order={ORDER} />)
    chooseStatus('Completed')
    fireEvent.change(textbox('Tracking link'), { target: { value: ' https://carrier.test/1Z111 ' } })
    expect(
      screen.getByText('The customer gets an e-mail that the order is completed, with the tracking details.'),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('switch', { name: 'Notify customer' }))
    expect(screen.getByText('No e-mail will be sent for this change.')).toBeTruthy()
    fireEvent.click(update())
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/admin/orders/7/status')
    expect(init?.method).toBe('PATCH')
    expect(JSON.parse(String(init?.body))).toEqual({
      status: 'completed',
      notifyCustomer: false,
      trackingNumber: '1Z111',
      trackingUrl: 'https://carrier.test/1Z111',
    })
  })

  it('lets a new tracking number alone enable Update', () => {
    renderWithApi(<OrderStatusControl order={ORDER} />)
    fireEvent.change(textbox('Tracking number'), { target: { value: '1Z222' } })
    expect(update().disabled).toBe(false)
    fireEvent.change(textbox('Tracking number'), { target: { value: ' 1Z111 ' } })
    expect(update().disabled).toBe(true)
  })

  it('refuses a tracking link that is not a web address, and sends nothing', async () => {
    const fetchMock = stubStatusUpdate()
    renderWithApi(<OrderStatusControl order={ORDER} />)
    fireEvent.change(textbox('Tracking link'), { target: { value: 'javascript:alert(1)' } })
    expect(
      await screen.findByText('Tracking link must be a web address starting with http:// or https://'),
    ).toBeTruthy()
    fireEvent.click(update())
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
