import { type Kysely, PostgresAdapter, sql } from 'kysely'

// SQLite's search index of orders is brought up to date in batches after the orders are written, not by a trigger
// inside each order's insert (docs/decisions/0036-order-search-indexed-after-the-orders.md): the FTS5 work per
// order and the index segments each commit wrote cost the order path 13 to 17% of its CPU. search.ts
// (indexNewOrders) indexes the orders after `search_marks.indexed_to` before every search of orders and once a
// second in the background.
//
// The update and delete triggers stay, for the rows the index holds: an external-content FTS5 table must be told
// a row's old text to remove it, and told only of rows it holds (a 'delete' of a row it never indexed corrupts
// it). The insert trigger stays for a row written with an id at or below the mark (by hand: the shop's ids only
// grow), which no batch would reach; for every other insert its condition is one lookup of the mark.
//
// PostgreSQL's trigram indexes are ordinary indexes, written with the row, and stay as they are.

const ORDERS_MARK = `(select indexed_to from search_marks where name = 'orders')`

async function createOrderTriggers(db: Kysely<any>, guard: { insert: string; old: string }): Promise<void> {
  await sql
    .raw(`create trigger orders_search_insert after insert on orders ${guard.insert} begin
      insert into orders_search (rowid, order_number, customer_name, customer_email)
        values (new.id, new.order_number, new.customer_name, new.customer_email);
    end`)
    .execute(db)
  await sql
    .raw(`create trigger orders_search_delete after delete on orders ${guard.old} begin
      insert into orders_search (orders_search, rowid, order_number, customer_name, customer_email)
        values ('delete', old.id, old.order_number, old.customer_name, old.customer_email);
    end`)
    .execute(db)
  await sql
    .raw(`create trigger orders_search_update after update of order_number, customer_name, customer_email on orders
      ${guard.old} begin
      insert into orders_search (orders_search, rowid, order_number, customer_name, customer_email)
        values ('delete', old.id, old.order_number, old.customer_name, old.customer_email);
      insert into orders_search (rowid, order_number, customer_name, customer_email)
        values (new.id, new.order_number, new.customer_name, new.customer_email);
    end`)
    .execute(db)
}

async function dropOrderTriggers(db: Kysely<any>): Promise<void> {
  for (const trigger of ['orders_search_insert', 'orders_search_delete', 'orders_search_update']) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db)
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return
  await sql`create table search_marks (name text primary key, indexed_to integer not null)`.execute(db)
  // Every order written so far went into the index through the trigger replaced here.
  await sql`insert into search_marks (name, indexed_to) select 'orders', coalesce(max(id), 0) from orders`.execute(db)
  await dropOrderTriggers(db)
  await createOrderTriggers(db, {
    insert: `when new.id <= ${ORDERS_MARK}`,
    old: `when old.id <= ${ORDERS_MARK}`,
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return
  await dropOrderTriggers(db)
  await createOrderTriggers(db, { insert: '', old: '' })
  // The index holds the orders up to the mark; the earlier schema's triggers expect it to hold them all.
  await sql`insert into orders_search (rowid, order_number, customer_name, customer_email)
    select id, order_number, customer_name, customer_email from orders
    where id > (select indexed_to from search_marks where name = 'orders')`.execute(db)
  await sql`drop table search_marks`.execute(db)
}
