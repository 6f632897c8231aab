import { type RawBuilder, sql } from 'kysely'

/**
 * SQLite: rows written as one JSON array of arrays read by `json_each`, so that a statement's text, and the statement
 * SQLite prepared for it, is the same for one row as for many, and building it costs Kysely a few nodes instead of
 * one per value of every row.
 */

/** `value ->> 0, value ->> 1, ...`: the elements of json_each's row, an array, as columns. */
export function jsonColumns(count: number): RawBuilder<unknown> {
  return sql.raw(Array.from({ length: count }, (_, i) => `value ->> ${i}`).join(', '))
}

/**
 * `insert into <table> (<columns>) select ... from json_each(<rows>) where true`: `rows`' `columns` into the
 * table's columns of the same names. The WHERE lets the caller add an ON CONFLICT (SQLite's parser asks for it).
 */
export function insertJsonRows<R>(
  table: string,
  columns: ReadonlyArray<keyof R & string>,
  rows: readonly R[],
): RawBuilder<unknown> {
  return insertJsonArrays(
    table,
    columns,
    rows.map((row) => columns.map((column) => row[column])),
  )
}

/** insertJsonRows for rows given as arrays, their values in the order of `columns`. */
export function insertJsonArrays(
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly unknown[]>,
): RawBuilder<unknown> {
  return sql`${insertPrefix(table, columns)}${JSON.stringify(rows)}) where true`
}

// The text before the rows, per table and columns: made once, as a batch of orders writes the same ones each time.
const insertPrefixes = new Map<string, RawBuilder<unknown>>()

/** `insert into "<table>" ("<column>", ...) select value ->> 0, ... from json_each(` */
function insertPrefix(table: string, columns: readonly string[]): RawBuilder<unknown> {
  const key = `${table}(${columns.join(',')})`
  let prefix = insertPrefixes.get(key)
  if (!prefix) {
    prefix = sql.raw(
      `insert into ${quoted(table)} (${columns.map(quoted).join(', ')})
    select ${Array.from({ length: columns.length }, (_, i) => `value ->> ${i}`).join(', ')} from json_each(`,
    )
    insertPrefixes.set(key, prefix)
  }
  return prefix
}

/** An identifier of the shop's own schema (a table or column name in the code, never from a client), quoted. */
function quoted(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`)
  return `"${name}"`
}
