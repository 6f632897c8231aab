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
  return sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
    select ${jsonColumns(columns.length)} from json_each(${JSON.stringify(rows)}) where true`
}
