import { type Kysely, sql } from 'kysely'
import { idColumn } from './columns'

// Orders reach people by mail (docs/decisions/0004-mail-outbox.md): the outbox of mails, the keys of guest order
// pages, the order's timeline, tracking on the order, and the shop's settings.

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db)

  await db.schema.alterTable('orders').addColumn('tracking_number', 'text').execute()
  await db.schema.alterTable('orders').addColumn('tracking_url', 'text').execute()

  // Keys to an order's guest page, stored as their SHA-256; an order has one per link handed out.
  await db.schema
    .createTable('order_keys')
    .addColumn('key_hash', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('order_keys_order_id_idx').on('order_keys').column('order_id').execute()

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', id)
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('cascade'))
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('message_id', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('claim_token', 'text')
    .addColumn('last_error', 'text')
    .addColumn('subject', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute()
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute()
  await db.schema.createIndex('outbox_order_id_idx').on('outbox').column('order_id').execute()

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('actor', 'text')
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('order_events_order_id_idx').on('order_events').columns(['order_id', 'id']).execute()

  await db.schema
    .createTable('shop_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('notification_emails', 'text', (col) => col.notNull())
    .addColumn('sender_name', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shop_settings').execute()
  await db.schema.dropTable('order_events').execute()
  await db.schema.dropTable('outbox').execute()
  await db.schema.dropTable('order_keys').execute()
  await db.schema.alterTable('orders').dropColumn('tracking_url').execute()
  await db.schema.alterTable('orders').dropColumn('tracking_number').execute()
}
