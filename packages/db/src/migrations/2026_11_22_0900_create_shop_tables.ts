import { type Kysely, sql } from 'kysely'
import { idColumn } from './columns'

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db)

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('image_url', 'text')
    .addColumn('active', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents > 0`))
    .addColumn('category_id', 'integer', (col) => col.references('categories.id').onDelete('restrict'))
    .addColumn('sku', 'text', (col) => col.notNull().unique())
    // The CHECK is the last line of defence against overselling: stock can never go below zero.
    .addColumn('stock', 'integer', (col) => col.notNull().check(sql`stock >= 0`))
    .addColumn('min_stock', 'integer', (col) => col.notNull())
    .addColumn('featured', 'boolean', (col) => col.notNull())
    .addColumn('active', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('products_category_id_idx').on('products').column('category_id').execute()

  await db.schema
    .createTable('product_images')
    .addColumn('id', 'integer', id)
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addUniqueConstraint('product_images_product_position_key', ['product_id', 'position'])
    .execute()

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', id)
    .addColumn('order_number', 'text', (col) => col.notNull().unique())
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('customer_email', 'text', (col) => col.notNull())
    .addColumn('customer_address', 'text')
    .addColumn('notes', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'processing', 'completed', 'cancelled')`),
    )
    .addColumn('total_cents', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('orders_created_at_idx').on('orders').column('created_at').execute()

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.references('products.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('sku', 'text', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('image_url', 'text')
    .execute()
  await db.schema.createIndex('order_items_order_id_idx').on('order_items').column('order_id').execute()
  await db.schema.createIndex('order_items_product_id_idx').on('order_items').column('product_id').execute()

  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'integer', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('testimonials')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('location', 'text')
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('rating', 'integer', (col) => col.notNull().check(sql`rating between 1 and 5`))
    .addColumn('avatar_url', 'text')
    .addColumn('active', 'boolean')
    .addColumn('featured', 'boolean')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('admin_users')
    .addColumn('id', 'integer', id)
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', id)
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('admin_id', 'integer', (col) => col.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('sessions_admin_id_idx').on('sessions').column('admin_id').execute()

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('admin_id', 'integer', (col) => col.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('reset_at', 'text', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'rate_limits',
    'password_reset_tokens',
    'sessions',
    'admin_users',
    'testimonials',
    'counters',
    'order_items',
    'orders',
    'product_images',
    'products',
    'categories',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
