import * as auditRepo from '@shop/db/audit-log'
import type { Executor } from '@shop/db/client'
import type { SessionAdmin } from '@shop/db/sessions'
import type { AuditEntity } from '@shop/schema/accounts'

/** Who does an admin write, from where: the signed-in admin and the request's address. */
export interface Actor {
  id: number
  username: string
  ip: string
}

/** The actor of a request: its signed-in admin and its address. */
export function actorOf(admin: SessionAdmin, ip: string): Actor {
  return { id: admin.id, username: admin.username, ip }
}

/**
 * The changed fields of an update, { field: [before, after] }: only fields whose value differs (compared as JSON),
 * and only those the update names. Secrets never pass through here (password hashes are not in these shapes).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {}
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue
    if (JSON.stringify(before[field]) !== JSON.stringify(value)) changes[field] = [before[field] ?? null, value]
  }
  return changes
}

/** One audit entry, written with the executor of the change (its transaction where there is one). */
export function audit(
  db: Executor,
  actor: Actor,
  entry: { action: string; entity: AuditEntity; entityId?: number | string | null; changes?: Record<string, unknown> },
): Promise<void> {
  return auditRepo.insert(db, {
    adminId: actor.id,
    actor: actor.username,
    ip: actor.ip,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    changes: entry.changes ?? {},
  })
}
