import type { Kysely } from 'kysely'

// Card payments through Stripe's hosted Checkout (docs/decisions/0020-card-payments-with-stripe-checkout.md):
// - card_payments: a card order's Checkout Session (one per order), when it expires, and once paid the payment
//   intent that refunds name. A table of its own, so that reading and listing orders stays as it was.
// - stripe_events: every signed event taken, by Stripe's id, written in the transaction of its effect, so that a
//   replayed or duplicated event changes nothing, however many processes receive it.
// - order_payments.provider_ref: Stripe's id of a recorded payment (payment intent) or refund, unique, so that a
//   payment or refund confirmed twice (the API's answer and the webhook, or the sweep and the webhook) is recorded
//   once. NULL for what the admin records by hand; both databases let a unique column hold many NULLs.
// - shop_settings.card_unpaid_cancel_minutes: how long a card order waits for its payment before it is cancelled.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('card_payments')
    .addColumn('order_id', 'integer', (col) => col.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('payment_intent_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('card_payments_payment_intent_id_idx')
    .on('card_payments')
    .column('payment_intent_id')
    .execute()

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute()
  // The settings screen's "last event received": the newest row, from the end of this index.
  await db.schema.createIndex('stripe_events_received_at_idx').on('stripe_events').column('received_at').execute()

  await db.schema.alterTable('order_payments').addColumn('provider_ref', 'text').execute()
  await db.schema
    .createIndex('order_payments_provider_ref_key')
    .unique()
    .on('order_payments')
    .column('provider_ref')
    .execute()

  await db.schema
    .alterTable('shop_settings')
    .addColumn('card_unpaid_cancel_minutes', 'integer', (col) => col.notNull().defaultTo(60))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shop_settings').dropColumn('card_unpaid_cancel_minutes').execute()
  await db.schema.dropIndex('order_payments_provider_ref_key').execute()
  await db.schema.alterTable('order_payments').dropColumn('provider_ref').execute()
  await db.schema.dropTable('stripe_events').execute()
  await db.schema.dropTable('card_payments').execute()
}
