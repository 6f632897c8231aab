import type { OrderTimelineEntry } from '@shop/schema/orders'
import { describe, expect, it } from 'vitest'
import { describeTimelineEntry, MAIL_KIND_LABELS, mailStatusLabel } from './order-activity-words'

const at = '2026-11-20T10:00:00.000Z'
const mail = (event: 'queued' | 'sent' | 'failed' | 'resent', overrides: Partial<OrderTimelineEntry> = {}) =>
  ({
    type: 'mail',
    at,
    event,
    mailId: 7,
    kind: 'order_status',
    to: 'ann@example.com',
    actor: null,
    error: null,
    ...overrides,
  }) as OrderTimelineEntry

describe('describeTimelineEntry', () => {
  it('words the order being placed', () => {
    expect(describeTimelineEntry({ type: 'placed', at })).toBe('Order placed by the customer')
  })

  it('words a status change with who made it and whether the customer was told', () => {
    expect(
      describeTimelineEntry({ type: 'status', at, actor: 'admin', from: 'pending', to: 'processing', notified: true }),
    ).toBe('Admin admin changed the status from Pending to Processing · customer notified')
    expect(
      describeTimelineEntry({ type: 'status', at, actor: 'jane', from: 'processing', to: 'pending', notified: false }),
    ).toBe('Admin jane changed the status from Processing to Pending · customer not notified')
    expect(
      describeTimelineEntry({ type: 'status', at, actor: null, from: 'completed', to: 'cancelled', notified: true }),
    ).toBe('The shop changed the status from Completed to Cancelled · customer notified')
  })

  it('words a payment or refund with its amount, who recorded it and the status it left', () => {
    const entry = (kind: 'payment' | 'refund', status: 'paid' | 'partially_refunded'): OrderTimelineEntry => ({
      type: 'payment',
      at,
      id: 1,
      kind,
      amount: '1234.50',
      note: 'Transfer received',
      actor: 'sam',
      status,
    })
    expect(describeTimelineEntry(entry('payment', 'paid'))).toBe('Admin sam recorded a payment of $1,234.50 · Paid')
    expect(describeTimelineEntry(entry('refund', 'partially_refunded'))).toBe(
      'Admin sam recorded a refund of $1,234.50 · Partially refunded',
    )
  })

  it('names Stripe for the payments it confirmed, and the shop for the unpaid card orders it cancelled', () => {
    expect(
      describeTimelineEntry({
        type: 'payment',
        at,
        id: 2,
        kind: 'payment',
        amount: '45.00',
        note: 'pi_123',
        actor: 'Stripe',
        status: 'paid',
      }),
    ).toBe('Stripe recorded a payment of $45.00 · Paid')
    expect(
      describeTimelineEntry({ type: 'status', at, actor: 'shop', from: 'pending', to: 'cancelled', notified: false }),
    ).toBe('The shop changed the status from Pending to Cancelled · customer not notified')
  })

  it('words the tracking being set, changed and removed', () => {
    const tracking = (trackingNumber: string | null, trackingUrl: string | null): OrderTimelineEntry => ({
      type: 'tracking',
      at,
      actor: 'admin',
      trackingNumber,
      trackingUrl,
    })
    expect(describeTimelineEntry(tracking('1Z999', 'https://carrier.test/1Z999'))).toBe(
      'Admin admin set the tracking number 1Z999 and the tracking link',
    )
    expect(describeTimelineEntry(tracking('1Z999', null))).toBe('Admin admin set the tracking number 1Z999')
    expect(describeTimelineEntry(tracking(null, 'https://carrier.test/1Z999'))).toBe(
      'Admin admin set the tracking link',
    )
    expect(describeTimelineEntry(tracking(null, null))).toBe('Admin admin removed the tracking number and link')
  })

  it('words an internal note by its author', () => {
    expect(describeTimelineEntry({ type: 'note', at, actor: 'admin', text: 'Gift wrap' })).toBe(
      'Admin admin added an internal note',
    )
  })

  it('words each mail event with the kind of mail and its recipient', () => {
    expect(describeTimelineEntry(mail('queued', { kind: 'order_placed' }))).toBe(
      'Order confirmation to ann@example.com queued',
    )
    expect(describeTimelineEntry(mail('sent'))).toBe('Status e-mail sent to ann@example.com')
    expect(
      describeTimelineEntry(mail('failed', { kind: 'order_link', error: 'The mail server refused the login' })),
    ).toBe('Order link to ann@example.com failed: The mail server refused the login')
    expect(
      describeTimelineEntry(mail('resent', { kind: 'order_received', to: 'owner@example.com', actor: 'admin' })),
    ).toBe('Admin admin sent the new order notification to owner@example.com again')
  })

  it('names every kind of mail in words', () => {
    expect(Object.values(MAIL_KIND_LABELS)).toEqual([
      'Order confirmation',
      'New order notification',
      'Status e-mail',
      'Order link',
      'Password reset',
    ])
  })
})

describe('mailStatusLabel', () => {
  it('says Queued or Retrying for a mail still to send, never the order status "Pending"', () => {
    expect(mailStatusLabel({ status: 'pending', lastError: null })).toBe('Queued')
    expect(mailStatusLabel({ status: 'pending', lastError: 'Connection refused' })).toBe('Retrying')
    expect(mailStatusLabel({ status: 'sent', lastError: null })).toBe('Sent')
    expect(mailStatusLabel({ status: 'failed', lastError: 'Connection refused' })).toBe('Failed')
  })
})
