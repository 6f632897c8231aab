import { type Kysely, PostgresAdapter, type RawBuilder, type SqlBool, sql } from 'kysely'

/**
 * Every difference between SQLite and PostgreSQL that repositories meet lives here.
 * Booleans: SQLite stores 0/1 (better-sqlite3 cannot bind `true`); PostgreSQL has `boolean`. Writing 1/0 works on
 * both (pg sends the parameter as text '1', which PostgreSQL reads as a boolean), reading normalises.
 */
export type DbBool = number | boolean

export function toDbBool(value: boolean): number {
  return value ? 1 : 0
}

export function fromDbBool(value: DbBool): boolean
export function fromDbBool(value: DbBool | null): boolean | null
export function fromDbBool(value: DbBool | null): boolean | null {
  return value === null ? null : Boolean(value)
}

/** Aggregates come back as numbers from SQLite and as strings (bigint/numeric) from pg. */
export function toNumber(value: string | number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value)
}

// biome-ignore lint/suspicious/noExplicitAny: any database of any schema
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

export function nowIso(): string {
  return new Date().toISOString()
}

/**
 * PostgreSQL: the comment that ends a statement the database keeps prepared, one per connection, so that it is
 * parsed and planned once, with a plan that holds for any values (client.ts names it). Only for statements whose
 * text is the same whatever their values and whose best plan does not depend on them (lists as arrays, `= any(...)`,
 * `unnest(...)`, rows as JSON): each text is one prepared statement on every connection for as long as it lives.
 */
export const KEEP_PREPARED = '/* kept prepared */'

/**
 * `column` is one of `values`, in a text that is the same whatever their number, so that the statement it is part
 * of is prepared once (SQLite caches statements by their text; PostgreSQL keeps them with KEEP_PREPARED), and costs
 * the query builder one node instead of one per value: SQLite reads the values from a JSON array, PostgreSQL from
 * an array of `type`.
 */
export function isOneOf(
  db: Parameters<typeof isPostgres>[0],
  column: string,
  values: readonly number[] | readonly string[],
  type: 'integer' | 'text' = 'integer',
): RawBuilder<SqlBool> {
  return isPostgres(db)
    ? sql<SqlBool>`${sql.ref(column)} = any(cast(${[...values]} as ${sql.raw(type)}[]))`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`
}
