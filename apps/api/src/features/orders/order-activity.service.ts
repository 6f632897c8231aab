import { type Db, inTransaction } from '@shop/db/client'
import * as orderEventsRepo from '@shop/db/order-events'
import * as outboxRepo from '@shop/db/outbox'
import { moneyToCents } from '@shop/schema/common'
import {
  type MailKind,
  type OrderActivity,
  type OrderMail,
  type OrderTimelineEntry,
  ZMailKind,
  ZOrderStatus,
} from '@shop/schema/orders'
import type { AppDeps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { queueCopy } from '../outbox/outbox-mails'
import { listPaymentEntries } from '../payments/payments.service'
import { getOrder } from './order-records'

function toOrderMail(mail: outboxRepo.OutboxMail): OrderMail {
  return {
    id: mail.id,
    kind: mail.kind,
    to: mail.to,
    subject: mail.subject,
    status: mail.status,
    attempts: mail.attempts,
    lastError: mail.lastError,
    createdAt: mail.createdAt,
    sentAt: mail.sentAt,
    nextAttemptAt: mail.status === 'pending' ? mail.nextAttemptAt : null,
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)

function toEntry(event: orderEventsRepo.OrderEvent): OrderTimelineEntry {
  const { data, actor, createdAt: at } = event
  switch (event.type) {
    case 'status':
      return {
        type: 'status',
        at,
        actor,
        from: ZOrderStatus.catch('pending').parse(data.from),
        to: ZOrderStatus.catch('pending').parse(data.to),
        notified: data.notified === true,
      }
    case 'tracking':
      return {
        type: 'tracking',
        at,
        actor,
        trackingNumber: text(data.trackingNumber),
        trackingUrl: text(data.trackingUrl),
      }
    case 'note':
      return { type: 'note', at, actor, text: text(data.text) ?? '' }
    case 'mail_sent':
    case 'mail_failed':
    case 'mail_resent':
      return {
        type: 'mail',
        at,
        actor,
        event: event.type === 'mail_sent' ? 'sent' : event.type === 'mail_failed' ? 'failed' : 'resent',
        mailId: Number(data.mailId),
        kind: ZMailKind.catch('order_status').parse(data.kind) as MailKind,
        to: text(data.to) ?? '',
        error: text(data.error),
      }
  }
}

/** The order's page in the admin: what happened to it, oldest first, and its mails. */
export async function getOrderActivity(db: Db, id: number): Promise<OrderActivity> {
  const order = await getOrder(db, id)
  const [events, mails, payments] = await Promise.all([
    orderEventsRepo.listForOrder(db, id),
    outboxRepo.listForOrder(db, id),
    listPaymentEntries(db, id, moneyToCents(order.total)),
  ])
  const timeline: OrderTimelineEntry[] = [
    { type: 'placed', at: order.createdAt },
    ...mails.map(
      (mail): OrderTimelineEntry => ({
        type: 'mail',
        at: mail.createdAt,
        event: 'queued',
        mailId: mail.id,
        kind: mail.kind,
        to: mail.to,
        actor: null,
        error: null,
      }),
    ),
    ...events.map(toEntry),
    ...payments.map((entry): OrderTimelineEntry => ({ ...entry, type: 'payment' })),
  ]
  // Stable: entries of the same moment keep the order above (placed, then its mails, then what followed).
  timeline.sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
  return { timeline, mails: mails.map(toOrderMail) }
}

export async function addOrderNote(db: Db, actor: string, id: number, note: string): Promise<OrderActivity> {
  await getOrder(db, id)
  await orderEventsRepo.insert(db, { orderId: id, type: 'note', actor, data: { text: note } })
  return getOrderActivity(db, id)
}

/** Sends one of the order's mails again, as a new mail with the same kind, recipient and facts. */
export async function resendOrderMail(
  { db, mailSender }: Pick<AppDeps, 'db' | 'mailSender'>,
  actor: string,
  id: number,
  mailId: number,
): Promise<OrderActivity> {
  await getOrder(db, id)
  const mail = await outboxRepo.findById(db, mailId)
  if (!mail || mail.orderId !== id) throw new AppError('NOT_FOUND', `Mail ${mailId} of order ${id} not found`)
  await inTransaction(db, async (tx) => {
    const copyId = await queueCopy(tx, mail)
    await orderEventsRepo.insert(tx, {
      orderId: id,
      type: 'mail_resent',
      actor,
      data: { mailId: copyId, resentMailId: mail.id, kind: mail.kind, to: mail.to },
    })
  })
  mailSender.kick()
  return getOrderActivity(db, id)
}
