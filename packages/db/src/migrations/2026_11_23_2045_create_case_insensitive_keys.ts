import { type Kysely, sql } from 'kysely'

// SKUs and slugs are unique regardless of letter case: 'NEC-1042' and 'nec-1042' name the same piece to whoever
// reads an invoice or types a search. The exact-case UNIQUE constraints of the first migration stay; these
// expression indexes, which SQLite and PostgreSQL both support, are the stricter rule.

const KEYS = [
  { table: 'products', column: 'sku', index: 'products_sku_lower_key', what: 'products', noun: 'SKU' },
  { table: 'categories', column: 'slug', index: 'categories_slug_lower_key', what: 'categories', noun: 'slug' },
] as const

/** Groups of rows whose value differs only in letter case, each as "'NEC-1042' (id 3), 'nec-1042' (id 7)". */
async function caseDuplicates(db: Kysely<any>, table: string, column: string): Promise<string[]> {
  const value = sql.ref(column)
  const { rows } = await sql<{ id: number; value: string; folded: string }>`
    select id, ${value} as value, lower(${value}) as folded from ${sql.table(table)}
    where lower(${value}) in (select lower(${value}) from ${sql.table(table)} group by lower(${value}) having count(*) > 1)
  `.execute(db)
  const groups = new Map<string, Array<{ id: number; value: string }>>()
  for (const row of rows) groups.set(row.folded, [...(groups.get(row.folded) ?? []), row])
  return [...groups.keys()].sort().map((folded) =>
    (groups.get(folded) ?? [])
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((row) => `'${row.value}' (id ${row.id})`)
      .join(', '),
  )
}

export async function up(db: Kysely<any>): Promise<void> {
  // A shop whose data already breaks the rule is not changed behind its owner's back (which SKU is the right
  // one is theirs to say): the migration stops before creating anything and names every clash.
  const problems: string[] = []
  for (const key of KEYS) {
    const groups = await caseDuplicates(db, key.table, key.column)
    if (groups.length > 0) {
      problems.push(`These ${key.what} share a ${key.noun} that differs only in letter case: ${groups.join('; ')}.`)
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `SKUs and slugs must now be unique regardless of letter case, and this database holds duplicates. ` +
        `${problems.join(' ')} Rename all but one of each (the previous version of the shop still runs on this ` +
        `database, unchanged), then start the shop again.`,
    )
  }
  for (const key of KEYS) {
    await db.schema
      .createIndex(key.index)
      .on(key.table)
      .unique()
      .expression(sql`lower(${sql.ref(key.column)})`)
      .execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const key of KEYS) await db.schema.dropIndex(key.index).execute()
}
