import type { Executor } from '../database'
import { toNumber } from '../dialect'

export interface AuditEntryInput {
  adminId: number | null
  actor: string
  ip: string
  action: string
  entity: string
  entityId?: string | number | null
  /** { field: [before, after] } of the changed fields, or other facts of the event. */
  changes?: Record<string, unknown>
}

export interface AuditEntry {
  id: number
  createdAt: string
  adminId: number | null
  actor: string
  ip: string
  action: string
  entity: string
  entityId: string | null
  changes: Record<string, unknown>
}

/** One INSERT, meant to run in the transaction of the change it records. */
export async function insert(db: Executor, entry: AuditEntryInput, now = new Date().toISOString()): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      created_at: now,
      admin_id: entry.adminId,
      actor: entry.actor.slice(0, 100),
      ip: entry.ip.slice(0, 100),
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      changes: JSON.stringify(entry.changes ?? {}),
    })
    .execute()
}

export interface AuditFilter {
  adminId?: number
  entity?: string
  /** ISO times: from (included) and to (excluded). */
  from?: string
  to?: string
}

function filtered(db: Executor, filter: AuditFilter) {
  let query = db.selectFrom('audit_log')
  if (filter.adminId !== undefined) query = query.where('admin_id', '=', filter.adminId)
  if (filter.entity !== undefined) query = query.where('entity', '=', filter.entity)
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from)
  if (filter.to !== undefined) query = query.where('created_at', '<', filter.to)
  return query
}

/** One page of entries, newest first, and the count of all that match. */
export async function listPage(
  db: Executor,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow(),
  ])
  return {
    total: toNumber(count.count),
    rows: rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      adminId: row.admin_id,
      actor: row.actor,
      ip: row.ip,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      changes: JSON.parse(row.changes) as Record<string, unknown>,
    })),
  }
}
