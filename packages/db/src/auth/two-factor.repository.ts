import type { Executor } from '../database'
import { fromDbBool, nowIso, toDbBool } from '../dialect'

// Recovery codes, the second login step and the shop's account policy.

/** Replaces the admin's recovery codes with new ones (hashes only). */
export async function replaceRecoveryCodes(db: Executor, adminId: number, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute()
  if (codeHashes.length === 0) return
  const now = nowIso()
  await db
    .insertInto('admin_recovery_codes')
    .values(codeHashes.map((codeHash) => ({ admin_id: adminId, code_hash: codeHash, used_at: null, created_at: now })))
    .execute()
}

/** Marks an unused recovery code as used, in one UPDATE; false when it is unknown or used. */
export async function consumeRecoveryCode(db: Executor, adminId: number, codeHash: string): Promise<boolean> {
  const result = await db
    .updateTable('admin_recovery_codes')
    .set({ used_at: nowIso() })
    .where('admin_id', '=', adminId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function countUnusedRecoveryCodes(db: Executor, adminId: number): Promise<number> {
  const rows = await db
    .selectFrom('admin_recovery_codes')
    .select('id')
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .execute()
  return rows.length
}

export async function insertChallenge(
  db: Executor,
  values: { tokenHash: string; adminId: number; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('login_challenges')
    .values({
      token_hash: values.tokenHash,
      admin_id: values.adminId,
      expires_at: values.expiresAt,
      created_at: nowIso(),
    })
    .execute()
}

/** The admin of an unexpired challenge, or undefined. */
export async function findChallenge(db: Executor, tokenHash: string, now: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('login_challenges')
    .select('admin_id')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return row?.admin_id
}

export async function removeChallenge(db: Executor, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom('login_challenges').where('token_hash', '=', tokenHash).executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

export async function removeChallengesForAdmin(db: Executor, adminId: number): Promise<void> {
  await db.deleteFrom('login_challenges').where('admin_id', '=', adminId).execute()
}

export interface AccountPolicy {
  requireTwoFactor: boolean
}

export async function getPolicy(db: Executor): Promise<AccountPolicy> {
  const row = await db.selectFrom('account_policy').select('require_two_factor').where('id', '=', 1).executeTakeFirst()
  return { requireTwoFactor: row ? fromDbBool(row.require_two_factor) : false }
}

export async function setPolicy(db: Executor, policy: AccountPolicy): Promise<void> {
  const now = nowIso()
  const value = toDbBool(policy.requireTwoFactor)
  await db
    .insertInto('account_policy')
    .values({ id: 1, require_two_factor: value, updated_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ require_two_factor: value, updated_at: now }))
    .execute()
}
