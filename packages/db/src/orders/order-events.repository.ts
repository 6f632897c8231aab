import type { Selectable } from 'kysely'
import type { Executor } from '../database'
import { nowIso } from '../dialect'
import type { OrderEventsTable } from './orders.table'

export type OrderEventType = 'status' | 'tracking' | 'note' | 'mail_sent' | 'mail_failed' | 'mail_resent'

export interface NewOrderEvent {
  orderId: number
  type: OrderEventType
  /** The admin's username; null for the shop itself (the mail sender). */
  actor: string | null
  data: Record<string, unknown>
  createdAt?: string
}

export interface OrderEvent {
  id: number
  orderId: number
  type: OrderEventType
  actor: string | null
  data: Record<string, unknown>
  createdAt: string
}

function toEvent(row: Selectable<OrderEventsTable>): OrderEvent {
  return {
    id: row.id,
    orderId: row.order_id,
    type: row.type as OrderEventType,
    actor: row.actor,
    data: JSON.parse(row.data) as Record<string, unknown>,
    createdAt: row.created_at,
  }
}

const toRow = (event: NewOrderEvent) => ({
  order_id: event.orderId,
  type: event.type,
  actor: event.actor,
  data: JSON.stringify(event.data),
  created_at: event.createdAt ?? nowIso(),
})

export async function insert(db: Executor, event: NewOrderEvent): Promise<OrderEvent> {
  const row = await db.insertInto('order_events').values(toRow(event)).returningAll().executeTakeFirstOrThrow()
  return toEvent(row)
}

export async function insertMany(db: Executor, events: NewOrderEvent[]): Promise<void> {
  if (events.length > 0) await db.insertInto('order_events').values(events.map(toRow)).execute()
}

/** Oldest first. */
export async function listForOrder(db: Executor, orderId: number): Promise<OrderEvent[]> {
  const rows = await db
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map(toEvent)
}

/** The order's status changes, oldest first (the guest page's history). */
export async function listStatusChanges(db: Executor, orderId: number): Promise<OrderEvent[]> {
  const rows = await db
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('type', '=', 'status')
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map(toEvent)
}
