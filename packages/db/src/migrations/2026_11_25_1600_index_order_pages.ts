import type { Kysely } from 'kysely'

// A page of orders is found by its ids first (orders.repository.ts findPage), so that skipping to page 20,000
// reads index entries, not orders. PostgreSQL answers that from the index alone when the index holds the id too;
// SQLite's indexes always end with the row id, so there the new indexes are the old ones under new names.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_created_id_idx').on('orders').columns(['created_at', 'id']).execute()
  await db.schema
    .createIndex('orders_status_created_id_idx')
    .on('orders')
    .columns(['status', 'created_at', 'id'])
    .execute()
  await db.schema.dropIndex('orders_created_at_idx').execute()
  await db.schema.dropIndex('orders_status_created_idx').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_created_at_idx').on('orders').column('created_at').execute()
  await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_at']).execute()
  await db.schema.dropIndex('orders_created_id_idx').execute()
  await db.schema.dropIndex('orders_status_created_id_idx').execute()
}
