import { type Kysely, sql } from 'kysely'
import { idColumn } from './columns'

// Jewelry's choices (docs/decisions/0005-variants.md): options and variants, personalisation fields, made to order.
//
// Every existing product becomes a product with one variant carrying its SKU, price, stock and minimum stock, and
// every order line of it names that variant. The product keeps its `price_cents` and `stock` columns as the
// lowest active variant price and the sum of active variants' stock, kept in step by every write of a variant,
// so catalog queries sort and filter without a join.

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db)

  // JSON: [{ name, values: [...] }] and [{ id, label, maxLength, required, surchargeCents, allowedCharacters }].
  await db.schema
    .alterTable('products')
    .addColumn('options', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute()
  await db.schema
    .alterTable('products')
    .addColumn('personalization', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute()

  await db.schema
    .createTable('product_variants')
    .addColumn('id', 'integer', id)
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    // JSON: one value per option of the product, in the options' order.
    .addColumn('option_values', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('sku', 'text', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull())
    .addColumn('stock', 'integer', (col) => col.notNull().check(sql`stock >= 0`))
    .addColumn('min_stock', 'integer', (col) => col.notNull())
    .addColumn('active', 'boolean', (col) => col.notNull())
    .addColumn('image_url', 'text')
    .addColumn('lead_min_days', 'integer')
    .addColumn('lead_max_days', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('product_variants_product_idx')
    .on('product_variants')
    .columns(['product_id', 'position'])
    .execute()
  await db.schema
    .createIndex('product_variants_sku_lower_key')
    .on('product_variants')
    .unique()
    .expression(sql`lower(sku)`)
    .execute()

  // One row per SKU a product uses (its own and its variants', folded to lower case): the primary key keeps every
  // SKU to one product, across products and variants, in one atomic check.
  await db.schema
    .createTable('product_skus')
    .addColumn('sku_key', 'text', (col) => col.primaryKey())
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .execute()
  await db.schema.createIndex('product_skus_product_idx').on('product_skus').column('product_id').execute()

  await sql`
    insert into product_variants
      (product_id, position, option_values, sku, price_cents, stock, min_stock, active, created_at, updated_at)
    select id, 0, '[]', sku, price_cents, stock, min_stock, ${sql.lit(true)}, created_at, updated_at from products
  `.execute(db)
  await sql`insert into product_skus (sku_key, product_id) select lower(sku), id from products`.execute(db)

  await db.schema
    .alterTable('order_items')
    .addColumn('variant_id', 'integer', (col) => col.references('product_variants.id').onDelete('set null'))
    .execute()
  await db.schema.alterTable('order_items').addColumn('variant_label', 'text').execute()
  // JSON: [{ label, value, surchargeCents }], the buyer's text exactly as typed.
  await db.schema
    .alterTable('order_items')
    .addColumn('personalization', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute()
  await db.schema.alterTable('order_items').addColumn('lead_min_days', 'integer').execute()
  await db.schema.alterTable('order_items').addColumn('lead_max_days', 'integer').execute()
  await sql`
    update order_items set variant_id =
      (select product_variants.id from product_variants where product_variants.product_id = order_items.product_id)
    where product_id is not null
  `.execute(db)
  await db.schema.createIndex('order_items_variant_idx').on('order_items').column('variant_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_items_variant_idx').execute()
  for (const column of ['lead_max_days', 'lead_min_days', 'personalization', 'variant_label', 'variant_id']) {
    await db.schema.alterTable('order_items').dropColumn(column).execute()
  }
  await db.schema.dropTable('product_skus').execute()
  await db.schema.dropTable('product_variants').execute()
  await db.schema.alterTable('products').dropColumn('personalization').execute()
  await db.schema.alterTable('products').dropColumn('options').execute()
}
