import { type Kysely, sql } from 'kysely'

// The sender claims the oldest pending mails by id (outbox.repository.ts claimDue). The index by status and next
// attempt could not give them in id order: the databases either sorted every pending mail or walked the primary key
// over every mail already sent, so each claim cost as much as the whole outbox. An index of the pending mails'
// ids alone hands them over oldest first and stops after the batch; a mail leaves it once sent or failed, so it
// stays as small as the backlog. Pending mails that wait for a retry or are held by a live sender stay in it and
// are stepped over one by one: a handful normally, the whole backlog only while the mail server refuses everything.
// The old index served no other query, and SQLite, which keeps no statistics here, kept choosing it over the new
// one, so it goes.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('outbox_pending_idx')
    .on('outbox')
    .column('id')
    .where(sql.ref('status'), '=', 'pending')
    .execute()
  await db.schema.dropIndex('outbox_due_idx').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute()
  await db.schema.dropIndex('outbox_pending_idx').execute()
}
