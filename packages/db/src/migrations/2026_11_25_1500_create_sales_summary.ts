import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely'

// Dashboard charts at 1,000,000 orders (docs/decisions/0008-sales-summary.md): what the dashboard reads is kept in
// summary tables, written in the transactions that write orders (packages/db/src/dashboard/sales-summary.ts), so
// no dashboard call reads the orders themselves.
//
// - sales_days: per UTC day of placement, the orders placed (cancelled ones included, as the Orders card counts
//   them), the orders sold (not cancelled) and their revenue.
// - product_sales_days: per day and product, the units and revenue of the lines of orders not cancelled. A deleted
//   product takes its rows along (its lines lose their product too).
// - customers: the orders per lower-cased e-mail, and the `customers` counter, how many such keys have orders.
//
// The backfill below is a frozen copy of rebuildSalesSummary (sales-summary.ts): the same computation.

export async function up(db: Kysely<any>): Promise<void> {
  // On SQLite the rows are kept in key order (WITHOUT ROWID): a range of days is one sequential read.
  const clustered = <T extends CreateTableBuilder<any, any>>(table: T): T =>
    db.getExecutor().adapter instanceof PostgresAdapter ? table : (table.modifyEnd(sql`without rowid`) as T)

  await db.schema
    .createTable('sales_days')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('order_count', 'integer', (col) => col.notNull())
    .addColumn('sold_count', 'integer', (col) => col.notNull())
    .addColumn('revenue_cents', 'bigint', (col) => col.notNull())
    .$call(clustered)
    .execute()

  await db.schema
    .createTable('product_sales_days')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('units', 'bigint', (col) => col.notNull())
    .addColumn('revenue_cents', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('product_sales_days_pkey', ['day', 'product_id'])
    .$call(clustered)
    .execute()
  // Deleting a product finds its rows through this index.
  await db.schema.createIndex('product_sales_days_product_idx').on('product_sales_days').column('product_id').execute()

  await db.schema
    .createTable('customers')
    .addColumn('email_key', 'text', (col) => col.primaryKey())
    .addColumn('order_count', 'integer', (col) => col.notNull())
    .execute()

  await sql`insert into sales_days (day, order_count, sold_count, revenue_cents)
    select substr(created_at, 1, 10), count(*),
      sum(case when status <> 'cancelled' then 1 else 0 end),
      sum(case when status <> 'cancelled' then cast(total_cents as bigint) else 0 end)
    from orders group by substr(created_at, 1, 10)`.execute(db)
  await sql`insert into product_sales_days (day, product_id, units, revenue_cents)
    select substr(orders.created_at, 1, 10), order_items.product_id, sum(order_items.quantity),
      sum(cast(order_items.price_cents as bigint) * order_items.quantity)
    from order_items join orders on orders.id = order_items.order_id
    where orders.status <> 'cancelled' and order_items.product_id is not null
    group by substr(orders.created_at, 1, 10), order_items.product_id`.execute(db)
  await sql`insert into customers (email_key, order_count)
    select lower(customer_email), count(*) from orders group by lower(customer_email)`.execute(db)
  // No row while there is no customer: a new, empty database holds no shop data (db:copy's check).
  await sql`insert into counters (name, value)
    select 'customers', n from (select count(*) as n from customers) as counted where n > 0`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('counters').where('name', '=', 'customers').execute()
  await db.schema.dropTable('customers').execute()
  await db.schema.dropTable('product_sales_days').execute()
  await db.schema.dropTable('sales_days').execute()
}
