import { type Kysely, sql } from 'kysely'
import { idColumn } from './columns'

// Payment status without a payment provider (docs/decisions/0014-payment-status.md): the payment methods the owner
// offers (bank transfer, cash on delivery, pay on pickup) with their instructions; each order's method and instructions
// as shown to the buyer; the ledger of payments and refunds the admin records, and on the order the sums and the status
// derived from it; the dashboard's paid revenue per day of placement. Orders placed before this are unpaid, with no
// method.

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db)

  await db.schema
    .createTable('payment_methods')
    // bank_transfer, cash_on_delivery, pay_on_pickup: one row per kind the owner has saved.
    .addColumn('kind', 'text', (col) => col.primaryKey())
    .addColumn('enabled', 'boolean', (col) => col.notNull())
    .addColumn('instructions', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()

  // One column per statement: SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('orders').addColumn('payment_method', 'text').execute()
  await db.schema.alterTable('orders').addColumn('payment_instructions', 'text').execute()
  await db.schema
    .alterTable('orders')
    .addColumn('payment_status', 'text', (col) => col.notNull().defaultTo('unpaid'))
    .execute()
  await db.schema
    .alterTable('orders')
    .addColumn('paid_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  // The orders list filtered by payment status, newest first.
  await db.schema
    .createIndex('orders_payment_status_created_at_idx')
    .on('orders')
    .columns(['payment_status', 'created_at'])
    .execute()

  await db.schema
    .createTable('order_payments')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('payment', 'refund')`))
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('note', 'text')
    .addColumn('actor', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('order_payments_order_id_idx').on('order_payments').column('order_id').execute()

  // Payments less refunds of the orders placed that day: the dashboard's revenue.
  await db.schema
    .alterTable('sales_days')
    .addColumn('paid_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sales_days').dropColumn('paid_cents').execute()
  await db.schema.dropTable('order_payments').execute()
  await db.schema.dropIndex('orders_payment_status_created_at_idx').execute()
  for (const column of ['payment_method', 'payment_instructions', 'payment_status', 'paid_cents', 'refunded_cents']) {
    await db.schema.alterTable('orders').dropColumn(column).execute()
  }
  await db.schema.dropTable('payment_methods').execute()
}
