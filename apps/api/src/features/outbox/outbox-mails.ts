import { randomUUID } from 'node:crypto'
import type { Executor } from '@shop/db/client'
import type { PlacedRecords } from '@shop/db/order-batch'
import * as orderKeysRepo from '@shop/db/order-keys'
import type { NewOrder } from '@shop/db/orders'
import type { NewMail } from '@shop/db/outbox'
import * as outboxRepo from '@shop/db/outbox'
import * as settingsRepo from '@shop/db/settings'
import type { Order, OrderStatus } from '@shop/schema/orders'
import type { ShopSettings } from '@shop/schema/settings'
import { hashToken, randomToken, randomTokens } from '../../lib/crypto'

/**
 * The mails the shop's changes cause, written as outbox rows in the change's own transaction (the sender in
 * mail-sender.ts delivers them). A row holds no secret: the links to an order or to a password reset are minted
 * when the mail is sent.
 */

/**
 * The stored half of a Message-ID; the sender adds the shop's host (`<id@host>`). A UUID of version 7: the time in
 * milliseconds first, then 74 random bits. Ids made later sort later, so the outbox's unique index on them grows at
 * its end, as the orders do, instead of taking a new random place for every mail: with random ids, a batch of orders
 * rewrote a page of that index per mail, a quarter of what the batch wrote to disk.
 */
export function newMessageId(now = Date.now()): string {
  const time = now.toString(16).padStart(12, '0')
  // randomUUID() is "xxxxxxxx-xxxx-4xxx-Nxxx-xxxxxxxxxxxx": its random part after the version digit is kept.
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${randomUUID().slice(15)}`
}

/** A new random key to an order's guest page; the shop stores only its hash. */
export async function mintOrderKey(db: Executor, orderId: number): Promise<string> {
  const key = randomToken()
  await orderKeysRepo.insertMany(db, [{ orderId, keyHash: hashToken(key) }])
  return key
}

/** The buyer's confirmation and the owner's notification of an order (whose id the caller adds). */
function placedOrderMails(customerEmail: string, owners: string[], now: number): Array<Omit<NewMail, 'orderId'>> {
  return [
    { kind: 'order_placed', to: customerEmail, payload: {}, messageId: newMessageId(now) },
    ...owners
      .filter((to) => to !== '')
      .map((to) => ({ kind: 'order_received' as const, to, payload: {}, messageId: newMessageId(now) })),
  ]
}

/** Where the owner's notifications go: the addresses set for them, else the shop's own. */
function ownersOf(settings: ShopSettings | undefined): string[] {
  return settings?.notificationEmails.length ? settings.notificationEmails : [settings?.email ?? '']
}

/**
 * For orders about to be written in this transaction (orderBatchRepo.writeBatch writes them together): a key to each
 * one's guest page (given to the buyer in the answer, stored as its hash), the buyer's confirmation and the owner's
 * notification, in the order of `orders`. `settings`: the shop's, read in the same transaction. A card order's
 * mails wait for its payment (queueCardOrderMails): until Stripe confirms it, the buyer has ordered nothing that the
 * shop should prepare.
 */
export function placedOrderRecords(
  orders: readonly NewOrder[],
  settings: ShopSettings | undefined,
): { keys: string[]; records: PlacedRecords[] } {
  const owners = ownersOf(settings)
  const now = Date.now()
  const keys = randomTokens(orders.length)
  const records = orders.map((order, i) => ({
    keyHash: hashToken(keys[i] as string),
    mails: order.payment?.method === 'card' ? [] : placedOrderMails(order.customerEmail, owners, now),
  }))
  return { keys, records }
}

/** A card order's confirmation and the owner's notification, once its payment is recorded (in that transaction). */
export async function queueCardOrderMails(db: Executor, order: Pick<Order, 'id' | 'customerEmail'>): Promise<void> {
  const owners = ownersOf(await settingsRepo.get(db))
  await outboxRepo.enqueue(
    db,
    placedOrderMails(order.customerEmail, owners, Date.now()).map((mail) => ({ ...mail, orderId: order.id })),
  )
}

/** The buyer's mail about their order's new status (and tracking). */
export async function queueStatusMail(db: Executor, order: Order, status: OrderStatus): Promise<number> {
  const [id] = await outboxRepo.enqueue(db, [
    {
      kind: 'order_status',
      orderId: order.id,
      to: order.customerEmail,
      payload: { status },
      messageId: newMessageId(),
    },
  ])
  return id as number
}

/** The buyer's link to their order, asked for with the Order Tracking form. */
export async function queueOrderLinkMail(db: Executor, order: Pick<Order, 'id' | 'customerEmail'>): Promise<void> {
  await outboxRepo.enqueue(db, [
    { kind: 'order_link', orderId: order.id, to: order.customerEmail, payload: {}, messageId: newMessageId() },
  ])
}

/** A password reset mail: the link is made when it is sent, valid 15 minutes from then. */
export async function queuePasswordResetMail(
  db: Executor,
  admin: { id: number; name: string; email: string },
): Promise<void> {
  await outboxRepo.enqueue(db, [
    {
      kind: 'password_reset',
      orderId: null,
      to: admin.email,
      payload: { adminId: admin.id, adminName: admin.name },
      messageId: newMessageId(),
    },
  ])
}

/**
 * A new admin's invitation, with their username and role and a set-password link valid for 7 days from sending.
 * It travels as a password_reset row (the link is minted at send time and the payload scrubbed once sent, like a
 * reset's), with its own wording.
 */
export async function queueInviteMail(
  db: Executor,
  admin: { id: number; name: string; email: string; username: string; role: 'owner' | 'staff' },
): Promise<void> {
  await outboxRepo.enqueue(db, [
    {
      kind: 'password_reset',
      orderId: null,
      to: admin.email,
      payload: { adminId: admin.id, adminName: admin.name, invite: true, username: admin.username, role: admin.role },
      messageId: newMessageId(),
    },
  ])
}

/** Another copy of a mail (the admin's "Resend"): a new row and Message-ID, the same kind, recipient and facts. */
export async function queueCopy(db: Executor, mail: outboxRepo.OutboxMail): Promise<number> {
  const [id] = await outboxRepo.enqueue(db, [
    { kind: mail.kind, orderId: mail.orderId, to: mail.to, payload: mail.payload, messageId: newMessageId() },
  ])
  return id as number
}
