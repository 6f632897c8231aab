import type { Executor } from '../database'
import { nowIso } from '../dialect'
import type { ResetTokenPurpose } from './auth.table'

export type { ResetTokenPurpose } from './auth.table'

export async function insert(
  db: Executor,
  values: { tokenHash: string; adminId: number; purpose?: ResetTokenPurpose; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({
      token_hash: values.tokenHash,
      admin_id: values.adminId,
      purpose: values.purpose ?? 'reset',
      expires_at: values.expiresAt,
      used_at: null,
      created_at: nowIso(),
    })
    .execute()
}

/**
 * Marks an unused, unexpired token as used and gives its admin id and purpose, in one UPDATE: two requests racing
 * with the same token cannot both succeed.
 */
export async function consume(
  db: Executor,
  tokenHash: string,
  now: string,
): Promise<{ adminId: number; purpose: ResetTokenPurpose } | undefined> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['admin_id', 'purpose'])
    .executeTakeFirst()
  return row && { adminId: row.admin_id, purpose: row.purpose }
}

/** A new link makes the older ones of the same admin useless. */
export async function removeUnusedForAdmin(db: Executor, adminId: number): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('admin_id', '=', adminId).where('used_at', 'is', null).execute()
}
