import type { Kysely } from 'kysely'
import { idColumn } from './columns'

// Back-office accounts (docs/decisions/0013-admin-accounts.md): roles, disabled admins and TOTP on admin_users;
// the device, address and last use of a session; the second login step; recovery codes; the audit log; and the
// shop's account policy. The admins that exist already (created from the environment or the CLI) become owners.

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db)
  // One column per statement: SQLite adds one column per ALTER TABLE.
  const addColumn = (table: string, name: string, type: 'text' | 'integer', notNullDefault?: string | number) =>
    db.schema
      .alterTable(table)
      .addColumn(name, type, (col) => (notNullDefault === undefined ? col : col.notNull().defaultTo(notNullDefault)))
      .execute()
  await addColumn('admin_users', 'role', 'text', 'owner')
  await addColumn('admin_users', 'disabled_at', 'text')
  await addColumn('admin_users', 'totp_secret', 'text')
  await addColumn('admin_users', 'totp_enabled_at', 'text')
  await addColumn('admin_users', 'totp_last_step', 'integer')
  await addColumn('sessions', 'ip', 'text', '')
  await addColumn('sessions', 'user_agent', 'text', '')
  await addColumn('sessions', 'last_seen_at', 'text')

  await db.schema
    .createTable('login_challenges')
    .addColumn('id', 'integer', id)
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('admin_id', 'integer', (col) => col.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('login_challenges_admin_id_idx').on('login_challenges').column('admin_id').execute()

  await db.schema
    .createTable('admin_recovery_codes')
    .addColumn('id', 'integer', id)
    .addColumn('admin_id', 'integer', (col) => col.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('admin_recovery_codes_admin_id_idx')
    .on('admin_recovery_codes')
    .column('admin_id')
    .execute()

  // No foreign key to admin_users: an entry outlives a deleted admin (it keeps the name written then).
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', id)
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('admin_id', 'integer')
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('changes', 'text', (col) => col.notNull())
    .execute()
  // The screen's filters (person, entity, date range), each newest first; the prune deletes by date.
  await db.schema.createIndex('audit_log_created_at_idx').on('audit_log').columns(['created_at', 'id']).execute()
  await db.schema.createIndex('audit_log_admin_idx').on('audit_log').columns(['admin_id', 'created_at', 'id']).execute()
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'created_at', 'id']).execute()

  await db.schema
    .createTable('account_policy')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('require_two_factor', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['account_policy', 'audit_log', 'admin_recovery_codes', 'login_challenges']) {
    await db.schema.dropTable(table).execute()
  }
  for (const [table, column] of [
    ['sessions', 'last_seen_at'],
    ['sessions', 'user_agent'],
    ['sessions', 'ip'],
    ['admin_users', 'totp_last_step'],
    ['admin_users', 'totp_enabled_at'],
    ['admin_users', 'totp_secret'],
    ['admin_users', 'disabled_at'],
    ['admin_users', 'role'],
  ] as const) {
    await db.schema.alterTable(table).dropColumn(column).execute()
  }
}
