import { type Kysely, sql } from 'kysely'
import { idColumn } from './columns'

// Money right (docs/decisions/0012-money-on-the-server.md): shipping zones and methods, tax rates, discount codes, the
// price basis and currency, and each order's components as charged (subtotal, discount, shipping, tax; total_cents
// stays the total) with its payment. Orders placed before this have no components: their subtotal is their total,
// everything else zero.

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db)

  await db.schema
    .alterTable('shop_settings')
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('USD'))
    .execute()
  await db.schema
    .alterTable('shop_settings')
    .addColumn('default_country', 'text', (col) => col.notNull().defaultTo('US'))
    .execute()
  await db.schema
    .alterTable('shop_settings')
    .addColumn('prices_include_tax', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute()

  await db.schema
    .createTable('shipping_zones')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (col) => col.notNull())
    // JSON array of "US" or "US-CA".
    .addColumn('areas', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createTable('shipping_methods')
    .addColumn('id', 'integer', id)
    .addColumn('zone_id', 'integer', (col) => col.notNull().references('shipping_zones.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents >= 0`))
    .addColumn('free_over_cents', 'integer')
    .addColumn('estimate', 'text')
    .execute()
  await db.schema.createIndex('shipping_methods_zone_id_idx').on('shipping_methods').column('zone_id').execute()

  await db.schema
    .createTable('tax_rates')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('region', 'text')
    // Hundredths of a percent: 8.25% is 825.
    .addColumn('rate_bp', 'integer', (col) => col.notNull().check(sql`rate_bp >= 0 and rate_bp <= 10000`))
    .addColumn('applies_to_shipping', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('discount_codes')
    .addColumn('id', 'integer', id)
    // Kept upper case: codes are compared without regard to case.
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('percent', 'fixed')`))
    // Hundredths of a percent (percent) or cents (fixed).
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('min_subtotal_cents', 'integer')
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('max_uses', 'integer')
    .addColumn('once_per_email', 'boolean', (col) => col.notNull())
    .addColumn('active', 'boolean', (col) => col.notNull())
    // The conditional increment of this column is what lets exactly one buyer take a code's last use.
    .addColumn('uses', 'integer', (col) => col.notNull().defaultTo(0).check(sql`uses >= 0`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()
  // Once-per-e-mail codes: one row per code and (lower-cased) address; the primary key refuses a second use.
  await db.schema
    .createTable('discount_email_uses')
    .addColumn('code_id', 'integer', (col) => col.notNull().references('discount_codes.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('discount_email_uses_pkey', ['code_id', 'email'])
    .execute()

  for (const column of ['subtotal_cents', 'discount_cents', 'shipping_cents', 'tax_cents'] as const) {
    await db.schema
      .alterTable('orders')
      .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
  }
  await db.schema.alterTable('orders').addColumn('discount_code', 'text').execute()
  await db.schema.alterTable('orders').addColumn('shipping_method', 'text').execute()
  await db.schema
    .alterTable('orders')
    .addColumn('tax_included', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute()
  await db.schema.alterTable('orders').addColumn('country', 'text').execute()
  await db.schema.alterTable('orders').addColumn('region', 'text').execute()
  await sql`update orders set subtotal_cents = total_cents`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [
    'subtotal_cents',
    'discount_cents',
    'shipping_cents',
    'tax_cents',
    'discount_code',
    'shipping_method',
    'tax_included',
    'country',
    'region',
  ]) {
    await db.schema.alterTable('orders').dropColumn(column).execute()
  }
  await db.schema.dropTable('discount_email_uses').execute()
  await db.schema.dropTable('discount_codes').execute()
  await db.schema.dropTable('tax_rates').execute()
  await db.schema.dropTable('shipping_methods').execute()
  await db.schema.dropTable('shipping_zones').execute()
  for (const column of ['currency', 'default_country', 'prices_include_tax']) {
    await db.schema.alterTable('shop_settings').dropColumn(column).execute()
  }
}
