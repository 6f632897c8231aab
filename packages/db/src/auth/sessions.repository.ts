import type { Admin } from '@shop/schema/auth'
import type { Executor } from '../database'
import { nowIso } from '../dialect'

export async function insert(
  db: Executor,
  values: { tokenHash: string; adminId: number; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: values.tokenHash,
      admin_id: values.adminId,
      expires_at: values.expiresAt,
      created_at: nowIso(),
    })
    .execute()
}

/** The admin of an unexpired session, or undefined. */
export async function findAdminByTokenHash(db: Executor, tokenHash: string, now: string): Promise<Admin | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('admin_users', 'admin_users.id', 'sessions.admin_id')
    .select(['admin_users.id', 'admin_users.username', 'admin_users.email', 'admin_users.name'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst()
}

export async function removeByTokenHash(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute()
}

export async function removeAllForAdmin(db: Executor, adminId: number): Promise<void> {
  await db.deleteFrom('sessions').where('admin_id', '=', adminId).execute()
}
