import type { MailKind, MailStatus } from '@shop/schema/orders'
import { type Compilable, type Selectable, sql } from 'kysely'
import type { Db, Executor } from '../database'
import { isPostgres, toNumber } from '../dialect'
import { chunks } from '../statement-chunks'
import type { OutboxTable } from './outbox.table'

export interface NewMail {
  kind: MailKind
  orderId: number | null
  to: string
  payload: Record<string, unknown>
  messageId: string
}

export interface OutboxMail {
  id: number
  kind: MailKind
  orderId: number | null
  to: string
  payload: Record<string, unknown>
  messageId: string
  status: MailStatus
  attempts: number
  nextAttemptAt: string
  claimToken: string | null
  lastError: string | null
  subject: string | null
  createdAt: string
  sentAt: string | null
}

function toMail(row: Selectable<OutboxTable>): OutboxMail {
  return {
    id: row.id,
    kind: row.kind as MailKind,
    orderId: row.order_id,
    to: row.recipient,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    messageId: row.message_id,
    status: row.status as MailStatus,
    attempts: toNumber(row.attempts),
    nextAttemptAt: row.next_attempt_at,
    claimToken: row.claim_token,
    lastError: row.last_error,
    subject: row.subject,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  }
}

// 8 columns a row: 8,000 bound values per statement, well under SQLite's limit of 32,766 (and, with 1,000 keys of
// 3 columns alongside, under PostgreSQL's 65,535).
const ROWS_PER_INSERT = 1000

/** A write that reads no outbox row (an insert of guest page keys), to go with the mails' statement. */
export type AlongsideWrite = Compilable & { execute(): Promise<unknown> }

/**
 * Queues mails, due at once; call in the transaction of the change that causes them. One statement per 1,000
 * mails. Gives their ids in the order given. `alongside`: other writes of that transaction that read none of these
 * rows (the orders' guest page keys). On PostgreSQL each rides in the statement of a chunk of mails as a
 * data-modifying CTE, a round trip less (the rest, with no mails left to ride with, run alone); on SQLite, where
 * WITH holds no writes and a statement costs no round trip, they run first, one by one.
 */
export async function enqueue(
  db: Executor,
  mails: NewMail[],
  now = new Date(),
  alongside: AlongsideWrite[] = [],
): Promise<number[]> {
  const at = now.toISOString()
  const writes = [...alongside]
  if (!isPostgres(db)) for (const write of writes.splice(0)) await write.execute()
  const ids: number[] = []
  for (const chunk of chunks(mails, ROWS_PER_INSERT)) {
    const insert = db
      .insertInto('outbox')
      .values(
        chunk.map((mail) => ({
          kind: mail.kind,
          order_id: mail.orderId,
          recipient: mail.to,
          payload: JSON.stringify(mail.payload),
          message_id: mail.messageId,
          next_attempt_at: at,
          created_at: at,
        })),
      )
      .returning(['id', 'message_id'])
    const write = writes.shift()
    const rows = write
      ? (await sql<{ id: number; message_id: string }>`with alongside as (${write}) ${insert}`.execute(db)).rows
      : await insert.execute()
    // Matched by Message-ID: neither database promises RETURNING's order.
    const idOf = new Map(rows.map((row) => [row.message_id, row.id]))
    for (const mail of chunk) ids.push(idOf.get(mail.messageId) as number)
  }
  for (const write of writes) await write.execute()
  return ids
}

/**
 * Claims up to `limit` due mails for the sender holding `token`: pending, due, and not held by another sender
 * (or held past its lease, by a sender that died). On PostgreSQL the rows are picked `FOR UPDATE SKIP LOCKED`,
 * so senders of several processes never claim the same row; an SQLite file has a single writer. Oldest first.
 */
export async function claimDue(
  db: Db,
  options: { now: Date; limit: number; leaseMs: number; token: string },
): Promise<OutboxMail[]> {
  const now = options.now.toISOString()
  const until = new Date(options.now.getTime() + options.leaseMs).toISOString()
  return db.transaction().execute(async (tx) => {
    // Read from the index of pending mails in id order (outbox_pending_idx), which stops after `limit` rows however
    // many mails were sent before them. The status is written into the statement, not bound: a partial index serves
    // only a query whose text says it wants the rows the index holds, whatever plan a database keeps for it.
    let due = tx
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', sql.lit('pending'))
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('id')
      .limit(options.limit)
    if (isPostgres(tx)) due = due.forUpdate().skipLocked()
    const ids = (await due.execute()).map((row) => row.id)
    if (ids.length === 0) return []
    const rows = await tx
      .updateTable('outbox')
      .set((eb) => ({ claimed_until: until, claim_token: options.token, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', ids)
      .returningAll()
      .execute()
    return rows.map(toMail).sort((a, b) => a.id - b.id)
  })
}

/** Records a claimed mail as sent; false when the claim was lost meanwhile (another sender took it over). */
export async function markSent(
  db: Executor,
  id: number,
  token: string,
  values: { subject: string; sentAt: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({
      status: 'sent',
      subject: values.subject,
      sent_at: values.sentAt.toISOString(),
      claimed_until: null,
      claim_token: null,
      last_error: null,
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .executeTakeFirst()
  return toNumber(result.numUpdatedRows) > 0
}

/**
 * Records a failed attempt of a claimed mail: tried again at `retryAt`, or given up (`failed`) when it is null.
 * False when the claim was lost meanwhile.
 */
export async function markFailed(
  db: Executor,
  id: number,
  token: string,
  values: { error: string; retryAt: Date | null; subject: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({
      status: values.retryAt ? 'pending' : 'failed',
      ...(values.retryAt ? { next_attempt_at: values.retryAt.toISOString() } : {}),
      last_error: values.error,
      ...(values.subject !== null ? { subject: values.subject } : {}),
      claimed_until: null,
      claim_token: null,
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .executeTakeFirst()
  return toNumber(result.numUpdatedRows) > 0
}

export async function findById(db: Executor, id: number): Promise<OutboxMail | undefined> {
  const row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toMail(row)
}

/** An order's mails, oldest first. */
export async function listForOrder(db: Executor, orderId: number): Promise<OutboxMail[]> {
  const rows = await db.selectFrom('outbox').selectAll().where('order_id', '=', orderId).orderBy('id').execute()
  return rows.map(toMail)
}

/** Empties a mail's payload once it is of no more use. */
export async function scrubPayload(db: Executor, id: number): Promise<void> {
  await db.updateTable('outbox').set({ payload: '{}' }).where('id', '=', id).execute()
}

export async function countByStatus(db: Executor): Promise<Record<MailStatus, number>> {
  const rows = await db
    .selectFrom('outbox')
    .select(['status', sql<number>`count(*)`.as('count')])
    .groupBy('status')
    .execute()
  const counts: Record<MailStatus, number> = { pending: 0, sent: 0, failed: 0 }
  for (const row of rows) counts[row.status as MailStatus] = toNumber(row.count)
  return counts
}
