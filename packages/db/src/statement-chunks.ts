/**
 * `items` cut into runs of at most `size`, in order: one statement per run, so that a multi-row INSERT or UPDATE
 * stays under the databases' limits of bound values per statement (SQLite 32,766, PostgreSQL 65,535). None for
 * no items.
 */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))
}
