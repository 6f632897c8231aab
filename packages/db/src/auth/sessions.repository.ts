import type { Admin } from '@shop/schema/auth'
import type { Executor } from '../database'
import { nowIso } from '../dialect'
import type { AdminRole } from './auth.table'

export async function insert(
  db: Executor,
  values: { tokenHash: string; adminId: number; expiresAt: string; ip?: string; userAgent?: string },
): Promise<void> {
  const now = nowIso()
  await db
    .insertInto('sessions')
    .values({
      token_hash: values.tokenHash,
      admin_id: values.adminId,
      expires_at: values.expiresAt,
      created_at: now,
      ip: values.ip ?? '',
      user_agent: (values.userAgent ?? '').slice(0, 300),
      last_seen_at: now,
    })
    .execute()
}

/** The admin a session belongs to, with what the guard needs: the role and the session itself. */
export interface SessionAdmin extends Admin {
  role: AdminRole
  sessionId: number
  lastSeenAt: string | null
  /** Whether the admin has turned on two-factor sign-in, and whether the shop requires it. */
  twoFactor: boolean
  requireTwoFactor: boolean
}

/** The admin of an unexpired session of an admin who is not disabled, or undefined. */
export async function findAdminByTokenHash(
  db: Executor,
  tokenHash: string,
  now: string,
): Promise<SessionAdmin | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('admin_users', 'admin_users.id', 'sessions.admin_id')
    .leftJoin('account_policy', (join) => join.on('account_policy.id', '=', 1))
    .select([
      'admin_users.id',
      'admin_users.username',
      'admin_users.email',
      'admin_users.name',
      'admin_users.role',
      'sessions.id as sessionId',
      'sessions.last_seen_at as lastSeenAt',
      'admin_users.totp_enabled_at',
      'account_policy.require_two_factor',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .where('admin_users.disabled_at', 'is', null)
    .executeTakeFirst()
  if (!row) return undefined
  const { totp_enabled_at, require_two_factor, ...admin } = row
  return { ...admin, twoFactor: totp_enabled_at !== null, requireTwoFactor: Boolean(require_two_factor) }
}

/** Notes the session's use (the guard calls it at most once a minute per session). */
export async function touch(db: Executor, sessionId: number, values: { now: string; ip: string }): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: values.now, ip: values.ip })
    .where('id', '=', sessionId)
    .execute()
}

export interface SessionRow {
  id: number
  ip: string
  userAgent: string
  createdAt: string
  lastSeenAt: string
}

/** The admin's unexpired sessions, most recently used first. */
export async function listForAdmin(db: Executor, adminId: number, now: string): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('admin_id', '=', adminId)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    ip: row.ip,
    userAgent: row.user_agent,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at ?? row.created_at,
  }))
}

/** Ends one of the admin's sessions; false when the admin has no such session. */
export async function removeForAdmin(db: Executor, adminId: number, sessionId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('admin_id', '=', adminId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

/** Ends every session of the admin but one; gives how many ended. */
export async function removeOthersForAdmin(db: Executor, adminId: number, keepSessionId: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('admin_id', '=', adminId)
    .where('id', '!=', keepSessionId)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function removeByTokenHash(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute()
}

export async function removeAllForAdmin(db: Executor, adminId: number): Promise<void> {
  await db.deleteFrom('sessions').where('admin_id', '=', adminId).execute()
}
