import { type Kysely, PostgresAdapter, sql } from 'kysely'

// The orders list's count at 1,000,000 orders (docs/decisions/0008-sales-summary.md): how many orders of each status
// were placed each UTC day, kept in step by the order writes with the other summary tables
// (packages/db/src/dashboard/sales-summary.ts), so a list filtered by status and whole days is counted from a few
// hundred rows instead of every order. The backfill is a frozen copy of that part of rebuildSalesSummary.

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('order_status_days')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('order_count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('order_status_days_pkey', ['status', 'day'])
    .$call((table) => (isPostgres ? table : table.modifyEnd(sql`without rowid`)))
    .execute()
  await sql`insert into order_status_days (day, status, order_count)
    select substr(created_at, 1, 10), status, count(*) from orders group by substr(created_at, 1, 10), status`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_status_days').execute()
}
