import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database, Db } from './database'
import { isPostgres, toDbBool } from './dialect'
import { migrateToLatest } from './migrate'

type TableKey<T extends keyof Database> = keyof Database[T] & string

/**
 * Every table of the shop, parents before children (the order the copy writes them in), with the key it pages
 * on. `satisfies` makes a table added to `Database` but not here a type error.
 */
const TABLES = {
  categories: { key: 'id' },
  products: { key: 'id' },
  product_images: { key: 'id' },
  product_variants: { key: 'id' },
  product_skus: { key: 'sku_key' },
  orders: { key: 'id' },
  order_items: { key: 'id' },
  counters: { key: 'name' },
  testimonials: { key: 'id' },
  admin_users: { key: 'id' },
  sessions: { key: 'id' },
  password_reset_tokens: { key: 'id' },
  rate_limits: { key: 'key' },
  order_keys: { key: ['order_id', 'key_hash'] },
  order_events: { key: 'id' },
  outbox: { key: 'id' },
  shop_settings: { key: 'id' },
  sales_days: { key: 'day' },
  product_sales_days: { key: ['day', 'product_id'] },
  customers: { key: 'email_key' },
  order_status_days: { key: ['status', 'day'] },
  login_challenges: { key: 'id' },
  admin_recovery_codes: { key: 'id' },
  audit_log: { key: 'id' },
  account_policy: { key: 'id' },
  shipping_zones: { key: 'id' },
  shipping_methods: { key: 'id' },
  tax_rates: { key: 'id' },
  discount_codes: { key: 'id' },
  discount_email_uses: { key: ['code_id', 'email'] },
  payment_methods: { key: 'kind' },
  order_payments: { key: 'id' },
  card_payments: { key: 'order_id' },
  stripe_events: { key: 'id' },
} as const satisfies { [T in keyof Database]: { key: TableKey<T> | readonly TableKey<T>[] } }

export type ShopTable = keyof Database

/** The shop's tables in foreign-key order. */
export const SHOP_TABLES = Object.keys(TABLES) as ShopTable[]

/** Rows read from the source and written to the target at a time. */
const DEFAULT_PAGE_SIZE = 500

/** Kysely's migration history; the target writes its own when migrated, so it is never copied. */
const MIGRATION_TABLE = 'kysely_migration'

/** The copy would lose or mix data: nothing was written to the target (beyond bringing its schema up to date). */
export class CopyRefusedError extends Error {
  override name = 'CopyRefusedError'
}

export interface CopyOptions {
  pageSize?: number
}

export interface CopyResult {
  tables: Array<{ table: ShopTable; rows: number }>
}

type Row = Record<string, unknown>
// biome-ignore lint/suspicious/noExplicitAny: raw queries on the migration table, which Database does not list
type AnyDb = Kysely<any>

async function migrationNames(db: AnyDb): Promise<string[] | undefined> {
  // migrate.ts keeps the migration table of a PostgreSQL database in its current schema.
  const lookup = isPostgres(db)
    ? sql`select 1 from information_schema.tables where table_schema = current_schema() and table_name = ${MIGRATION_TABLE}`
    : sql`select 1 from sqlite_master where type = 'table' and name = ${MIGRATION_TABLE}`
  if ((await lookup.execute(db)).rows.length === 0) return undefined
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db)
  return rows.map((row) => row.name)
}

/** Booleans come back as true/false from PostgreSQL; better-sqlite3 binds only numbers, so write 1/0 on both. */
function toWritable(value: unknown): unknown {
  return typeof value === 'boolean' ? toDbBool(value) : value
}

function insertRows(table: ShopTable, rows: Row[]): RawBuilder<unknown> {
  const columns = Object.keys(rows[0] ?? {})
  const values = rows.map((row) => sql`(${sql.join(columns.map((column) => toWritable(row[column])))})`)
  return sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) values ${sql.join(values)}`
}

async function copyTable(source: AnyDb, target: AnyDb, table: ShopTable, pageSize: number): Promise<number> {
  // A key of several columns pages on their row value: (day, product_id) > ('2026-11-22', 7).
  const keys: readonly string[] = [TABLES[table].key].flat()
  const key = sql.join(keys.map((column) => sql.ref(column)))
  let copied = 0
  let last: unknown[] | undefined
  for (;;) {
    const after = last === undefined ? sql`` : sql`where (${key}) > (${sql.join(last)})`
    const { rows } =
      await sql<Row>`select * from ${sql.table(table)} ${after} order by ${key} limit ${pageSize}`.execute(source)
    if (rows.length === 0) return copied
    await insertRows(table, rows).execute(target)
    copied += rows.length
    const lastRow = rows[rows.length - 1] ?? {}
    last = keys.map((column) => lastRow[column])
    if (rows.length < pageSize) return copied
  }
}

/** Tables keyed by an id that the database does not make: Stripe's own event ids. */
const NO_SEQUENCE: ReadonlySet<ShopTable> = new Set(['stripe_events'])

/** On PostgreSQL, explicit ids leave the identity sequences behind: move each to its table's largest id. */
async function resetIdentitySequences(target: AnyDb): Promise<void> {
  for (const table of SHOP_TABLES) {
    if (TABLES[table].key !== 'id' || NO_SEQUENCE.has(table)) continue
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 1), max(id) is not null) from ${sql.table(table)}`.execute(
      target,
    )
  }
}

/**
 * Copies the whole shop, ids included, from `source` to `target` (SQLite or PostgreSQL either side), so a shop
 * moves to another database without losing an order. The target is migrated to the latest schema and must hold
 * no shop data. The source is read in one transaction (a consistent snapshot, even while the shop serves) and
 * the target written in one, page by page: a failed copy leaves the target empty.
 */
export async function copyDatabase(source: Db, target: Db, options: CopyOptions = {}): Promise<CopyResult> {
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE
  const sourceMigrations = await migrationNames(source)
  if (!sourceMigrations) throw new CopyRefusedError('The source is not a shop database (it has no migrations).')

  await migrateToLatest(target)
  const targetMigrations = (await migrationNames(target)) ?? []
  const unknown = sourceMigrations.filter((name) => !targetMigrations.includes(name))
  if (unknown.length > 0) {
    throw new CopyRefusedError(`The source was migrated by a newer version of the shop (${unknown.join(', ')}).`)
  }
  if (sourceMigrations.length < targetMigrations.length) {
    throw new CopyRefusedError('The source database is not up to date: start the shop on it once, then copy.')
  }

  return source
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((reader) =>
      target.transaction().execute(async (writer) => {
        const filled: ShopTable[] = []
        for (const table of SHOP_TABLES) {
          const { rows } = await sql`select 1 from ${sql.table(table)} limit 1`.execute(writer)
          if (rows.length > 0) filled.push(table)
        }
        if (filled.length > 0) {
          throw new CopyRefusedError(
            `The target database already holds shop data (${filled.join(', ')}); copy into a new, empty database.`,
          )
        }
        const tables: CopyResult['tables'] = []
        for (const table of SHOP_TABLES) {
          tables.push({ table, rows: await copyTable(reader, writer, table, pageSize) })
        }
        if (isPostgres(writer)) await resetIdentitySequences(writer)
        return { tables }
      }),
    )
}
