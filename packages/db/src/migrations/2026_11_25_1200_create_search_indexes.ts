import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Search that scales (docs/decisions/0006-paged-lists.md): case-insensitive substring search of orders (number,
// customer name and e-mail) and products (name, SKU, description, variant SKUs) through an index on each database.
// How the indexes are queried lives in packages/db/src/search/search.ts.
//
// - SQLite: FTS5 tables with the trigram tokenizer (any substring of three characters or more, folding case,
//   keeping accents), kept in step by triggers, so every way a row is written (the API, db:copy, a restore) is
//   indexed.
// - PostgreSQL: pg_trgm GIN indexes on the lowered columns, which serve `lower(column) LIKE '%text%'`.

const TRIGRAM_INDEXES = [
  { name: 'orders_number_trgm_idx', table: 'orders', column: 'order_number' },
  { name: 'orders_customer_name_trgm_idx', table: 'orders', column: 'customer_name' },
  { name: 'orders_customer_email_trgm_idx', table: 'orders', column: 'customer_email' },
  { name: 'products_name_trgm_idx', table: 'products', column: 'name' },
  { name: 'products_sku_trgm_idx', table: 'products', column: 'sku' },
  { name: 'products_description_trgm_idx', table: 'products', column: 'description' },
  { name: 'product_variants_sku_trgm_idx', table: 'product_variants', column: 'sku' },
] as const

/** The product's row of products_search, from the product and its variants. */
const PRODUCT_SEARCH_ROW = (id: string) => `
  delete from products_search where rowid = ${id};
  insert into products_search (rowid, name, sku, description, variant_skus)
    select id, name, sku, description,
      coalesce((select group_concat(sku, ' ') from product_variants where product_id = products.id), '')
    from products where id = ${id};`

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // The extension is one per database: processes (and test schemas) migrating at once take turns, and it lives
    // in `public`, named in full, whichever schema the shop uses.
    await sql`select pg_advisory_xact_lock(hashtext('shop:create extension pg_trgm'))`.execute(db)
    await sql`create extension if not exists pg_trgm with schema public`.execute(db)
    for (const index of TRIGRAM_INDEXES) {
      await sql`create index ${sql.id(index.name)} on ${sql.table(index.table)} using gin (lower(${sql.ref(index.column)}) public.gin_trgm_ops)`.execute(
        db,
      )
    }
  } else {
    await sql`create virtual table orders_search using fts5(
      order_number, customer_name, customer_email, content='orders', content_rowid='id', tokenize='trigram')`.execute(
      db,
    )
    await sql`insert into orders_search (orders_search) values ('rebuild')`.execute(db)
    await sql`create trigger orders_search_insert after insert on orders begin
      insert into orders_search (rowid, order_number, customer_name, customer_email)
        values (new.id, new.order_number, new.customer_name, new.customer_email);
    end`.execute(db)
    await sql`create trigger orders_search_delete after delete on orders begin
      insert into orders_search (orders_search, rowid, order_number, customer_name, customer_email)
        values ('delete', old.id, old.order_number, old.customer_name, old.customer_email);
    end`.execute(db)
    await sql`create trigger orders_search_update after update of order_number, customer_name, customer_email on orders begin
      insert into orders_search (orders_search, rowid, order_number, customer_name, customer_email)
        values ('delete', old.id, old.order_number, old.customer_name, old.customer_email);
      insert into orders_search (rowid, order_number, customer_name, customer_email)
        values (new.id, new.order_number, new.customer_name, new.customer_email);
    end`.execute(db)

    await sql`create virtual table products_search using fts5(
      name, sku, description, variant_skus, tokenize='trigram')`.execute(db)
    await sql`insert into products_search (rowid, name, sku, description, variant_skus)
      select id, name, sku, description,
        coalesce((select group_concat(sku, ' ') from product_variants where product_id = products.id), '')
      from products`.execute(db)
    await sql
      .raw(`create trigger products_search_insert after insert on products begin
      ${PRODUCT_SEARCH_ROW('new.id')}
    end`)
      .execute(db)
    await sql
      .raw(`create trigger products_search_update after update of name, sku, description on products begin
      ${PRODUCT_SEARCH_ROW('new.id')}
    end`)
      .execute(db)
    await sql`create trigger products_search_delete after delete on products begin
      delete from products_search where rowid = old.id;
    end`.execute(db)
    for (const [event, row] of [
      ['insert', 'new'],
      ['update of sku, product_id', 'new'],
      ['delete', 'old'],
    ] as const) {
      await sql
        .raw(`create trigger ${`product_variants_search_${event.split(' ')[0]}`} after ${event} on product_variants begin
        ${PRODUCT_SEARCH_ROW(`${row}.product_id`)}
      end`)
        .execute(db)
    }
  }
  // The admin's order list filters by status and sorts by date or total.
  await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_at']).execute()
  await db.schema.createIndex('orders_total_idx').on('orders').columns(['total_cents', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_total_idx').execute()
  await db.schema.dropIndex('orders_status_created_idx').execute()
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const index of TRIGRAM_INDEXES) await db.schema.dropIndex(index.name).execute()
    return
  }
  for (const trigger of [
    'orders_search_insert',
    'orders_search_delete',
    'orders_search_update',
    'products_search_insert',
    'products_search_update',
    'products_search_delete',
    'product_variants_search_insert',
    'product_variants_search_update',
    'product_variants_search_delete',
  ]) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db)
  }
  await sql`drop table products_search`.execute(db)
  await sql`drop table orders_search`.execute(db)
}
