import type { OrderMail, OrderTimelineEntry } from '@shop/schema/orders'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render } from '../../../test-utils/render'
import { OrderMails } from './order-mails'
import { OrderTimeline } from './order-timeline'

afterEach(cleanup)

const TIMELINE: OrderTimelineEntry[] = [
  { type: 'placed', at: '2026-11-20T10:00:00.000Z' },
  {
    type: 'mail',
    at: '2026-11-20T10:00:00.000Z',
    event: 'queued',
    mailId: 1,
    kind: 'order_placed',
    to: 'ann@example.com',
    actor: null,
    error: null,
  },
  { type: 'status', at: '2026-11-21T10:00:00.000Z', actor: 'admin', from: 'pending', to: 'completed', notified: true },
  {
    type: 'tracking',
    at: '2026-11-21T10:00:00.000Z',
    actor: 'admin',
    trackingNumber: '1Z999',
    trackingUrl: 'javascript:alert(1)',
  },
  { type: 'note', at: '2026-11-22T10:00:00.000Z', actor: 'admin', text: 'Customer asked for gift wrap' },
]

const MAILS: OrderMail[] = [
  {
    id: 1,
    kind: 'order_placed',
    to: 'ann@example.com',
    subject: 'Your order ORD-1001',
    status: 'sent',
    attempts: 1,
    lastError: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    sentAt: '2026-11-20T10:00:02.000Z',
    nextAttemptAt: null,
  },
  {
    id: 2,
    kind: 'order_status',
    to: 'ann@example.com',
    subject: null,
    status: 'failed',
    attempts: 10,
    lastError: 'The mail server refused the connection',
    createdAt: '2026-11-21T10:00:00.000Z',
    sentAt: null,
    nextAttemptAt: null,
  },
]

describe('OrderTimeline', () => {
  it('lists the entries in time order, in words', () => {
    render(<OrderTimeline timeline={TIMELINE} />)
    const text = screen.getByLabelText('Order timeline').textContent ?? ''
    const order = [
      'Order placed by the customer',
      'Order confirmation to ann@example.com queued',
      'Admin admin changed the status from Pending to Completed · customer notified',
      'Admin admin set the tracking number 1Z999',
      'Admin admin added an internal note',
    ].map((line) => text.indexOf(line))
    expect(order.every((index) => index >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
  })

  it('marks an internal note as never shown to the customer', () => {
    render(<OrderTimeline timeline={TIMELINE} />)
    expect(screen.getByText('Internal note — not shown to the customer')).toBeTruthy()
    expect(screen.getByText('Customer asked for gift wrap')).toBeTruthy()
  })

  it('makes no link of a tracking address that is not http(s)', () => {
    render(<OrderTimeline timeline={TIMELINE} />)
    expect(screen.queryByRole('link')).toBeNull()
  })
})

describe('OrderMails', () => {
  it('shows each mail newest first with its status, attempts and the last error', () => {
    render(<OrderMails mails={MAILS} resendingId={undefined} onResend={vi.fn()} />)
    const [failed, sent] = within(screen.getByRole('list', { name: 'E-mails of this order' })).getAllByRole('listitem')
    expect(failed?.textContent).toContain('Status e-mail')
    expect(failed?.textContent).toContain('Failed')
    expect(failed?.textContent).toContain('10 attempts')
    expect(failed?.textContent).toContain('The mail server refused the connection')
    expect(sent?.textContent).toContain('Order confirmation')
    expect(sent?.textContent).toContain('Sent')
    expect(sent?.textContent).toContain('1 attempt')
  })

  it('resends the chosen mail', () => {
    const onResend = vi.fn()
    render(<OrderMails mails={MAILS} resendingId={undefined} onResend={onResend} />)
    fireEvent.click(screen.getByRole('button', { name: 'Resend the status e-mail to ann@example.com' }))
    expect(onResend).toHaveBeenCalledWith(MAILS[1])
  })
})
