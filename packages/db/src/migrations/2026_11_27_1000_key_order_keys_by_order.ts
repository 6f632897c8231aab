import { type Kysely, PostgresAdapter, sql } from 'kysely'

// A guest page key is found by its order (the order number in the link) and its hash; keys were kept in the order
// of their hash, a random place for each new key, so every order written rewrote a page of that index somewhere in
// it. They are now kept by order, then hash: a new order's keys go at the end, next to the last order's, and the
// separate index by order is no longer needed. The hash of a random 256-bit key stays unique without a constraint
// of its own; a key still opens only its own order's page (order-keys.repository.ts looks it up with the order).

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table order_keys drop constraint order_keys_pkey`.execute(db)
    await sql`alter table order_keys add constraint order_keys_pkey primary key (order_id, key_hash)`.execute(db)
    await db.schema.dropIndex('order_keys_order_id_idx').execute()
    return
  }
  // SQLite cannot change a primary key: a new table in key order (WITHOUT ROWID: the rows are the key's b-tree,
  // one structure to write instead of a table and two indexes), the keys copied over, the old one dropped; all or
  // nothing, so a failure halfway leaves the old table as it was for the next start to migrate again.
  await inSavepoint(db, async () => {
    await sql`create table order_keys_by_order (
    order_id integer not null references orders (id) on delete cascade,
    key_hash text not null,
    created_at text not null,
    primary key (order_id, key_hash)
  ) without rowid`.execute(db)
    await sql`insert into order_keys_by_order (order_id, key_hash, created_at)
      select order_id, key_hash, created_at from order_keys`.execute(db)
    await sql`drop table order_keys`.execute(db)
    await sql`alter table order_keys_by_order rename to order_keys`.execute(db)
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table order_keys drop constraint order_keys_pkey`.execute(db)
    await sql`alter table order_keys add constraint order_keys_pkey primary key (key_hash)`.execute(db)
    await db.schema.createIndex('order_keys_order_id_idx').on('order_keys').column('order_id').execute()
    return
  }
  await inSavepoint(db, async () => {
    await sql`create table order_keys_by_hash (
    key_hash text primary key,
    order_id integer not null references orders (id) on delete cascade,
    created_at text not null
  )`.execute(db)
    await sql`insert into order_keys_by_hash (key_hash, order_id, created_at)
      select key_hash, order_id, created_at from order_keys`.execute(db)
    await sql`drop table order_keys`.execute(db)
    await sql`alter table order_keys_by_hash rename to order_keys`.execute(db)
    await db.schema.createIndex('order_keys_order_id_idx').on('order_keys').column('order_id').execute()
  })
}

/** Runs SQLite's steps as one unit: the migrator gives SQLite no transaction (its DDL runs on one connection). */
async function inSavepoint(db: Kysely<any>, steps: () => Promise<void>): Promise<void> {
  await sql`savepoint order_keys_by_order`.execute(db)
  try {
    await steps()
  } catch (error) {
    await sql`rollback to savepoint order_keys_by_order`.execute(db)
    await sql`release savepoint order_keys_by_order`.execute(db)
    throw error
  }
  await sql`release savepoint order_keys_by_order`.execute(db)
}
