import type { Kysely } from 'kysely'

// A one-time password link is either a password reset (15 minutes) or an admin's invitation (7 days); the audit
// entry of a password set with one says which. Links issued before this column are told apart by how long they
// were made to last: only an invitation's lasts more than an hour.

const HOUR_MS = 60 * 60_000

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('password_reset_tokens')
    .addColumn('purpose', 'text', (col) => col.notNull().defaultTo('reset'))
    .execute()
  const unused: Array<{ id: number; created_at: string; expires_at: string }> = await db
    .selectFrom('password_reset_tokens')
    .select(['id', 'created_at', 'expires_at'])
    .where('used_at', 'is', null)
    .execute()
  const invitations = unused
    .filter((row) => Date.parse(row.expires_at) - Date.parse(row.created_at) > HOUR_MS)
    .map((row) => row.id)
  if (invitations.length > 0) {
    await db.updateTable('password_reset_tokens').set({ purpose: 'invite' }).where('id', 'in', invitations).execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('password_reset_tokens').dropColumn('purpose').execute()
}
