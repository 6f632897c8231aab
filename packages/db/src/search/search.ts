import { type Expression, type SqlBool, sql } from 'kysely'
import { inTransaction } from '../client'
import type { Executor } from '../database'
import { isPostgres } from '../dialect'

/**
 * The shop's text search, in one place: a case-insensitive substring of what a person types, answered through an
 * index on each database (migration 2026_11_25_1200_create_search_indexes). On SQLite an FTS5 trigram table finds
 * any text of three characters or more; shorter text is looked for row by row, which is quick for what it can
 * find. On PostgreSQL, pg_trgm GIN indexes serve `lower(column) LIKE`. Letter case is folded in every alphabet;
 * accents are kept ("José" finds "José", not "Jose"); `%`, `_` and quotes are plain characters.
 */

/**
 * SQLite's search tables (FTS5, with their shadow tables) and how far the orders' index has come: indexes the shop
 * keeps, not data to copy. A copy's target indexes its orders itself (indexNewOrders).
 */
export const SEARCH_TABLES = ['orders_search', 'products_search', 'search_marks'] as const

// The trigram tokenizer indexes three characters at a time: shorter text has no trigram to look up.
const MIN_INDEXED_LENGTH = 3

/** A LIKE pattern for a substring: `%` and `_` and `\` in the text are escaped (used with ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** An FTS5 phrase: the whole text, quotes doubled, matched as one substring by the trigram tokenizer. */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`
}

function anyColumnLike(columns: readonly string[], text: string): Expression<SqlBool> {
  const pattern = likePattern(text)
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`
}

function isIndexable(text: string): boolean {
  return [...text].length >= MIN_INDEXED_LENGTH
}

/**
 * The word of a text to ask the trigram index for, when asking for the whole text would cost more than checking
 * rows: text of plain ASCII made of several words (an e-mail address, most often) has trigrams that nearly every
 * row shares ("@gm", "ail", ".co"), and FTS5 reads each trigram's whole list. Its longest word is rarer; each row
 * it finds is then checked for the whole text with LIKE, which folds ASCII letters as the index does.
 */
function longestWordOf(text: string): string | undefined {
  if (!/^[\x20-\x7e]+$/.test(text)) return undefined
  const words = text.split(/[^A-Za-z0-9]+/).filter((word) => word.length >= MIN_INDEXED_LENGTH)
  if (words.length < 2 && words[0] === text) return undefined
  return words.reduce<string | undefined>(
    (longest, word) => (word.length > (longest?.length ?? 0) ? word : longest),
    undefined,
  )
}

const ORDER_COLUMNS = ['orders.order_number', 'orders.customer_name', 'orders.customer_email'] as const

/** Orders indexed per transaction: the write lock is let go between chunks, so orders arriving meanwhile wait little. */
const INDEX_CHUNK = 1000

/**
 * Brings SQLite's search index of orders up to date: the orders written since the last time (their ids are above
 * `search_marks.indexed_to`, ids only grow) go into the index a chunk per transaction, in id order, and the mark
 * moves past them in the same transaction. Orders are not indexed as they are written: one insert of many rows into
 * FTS5 costs far less than one per order (docs/decisions/0036-order-search-indexed-after-the-orders.md). Every
 * search of orders calls this first, so it finds every order committed before it; the server also calls it once a
 * second. Safe to run at any time from any process. Nothing to do on PostgreSQL, whose indexes are written with
 * the row. Returns how many orders it indexed.
 */
export async function indexNewOrders(db: Executor): Promise<number> {
  if (isPostgres(db)) return 0
  let indexed = 0
  for (;;) {
    const chunk = await inTransaction(db, async (tx) => {
      // A write first, so the transaction holds the write lock from its first statement on: what it reads cannot
      // change before it commits.
      const { numAffectedRows } =
        await sql`insert into orders_search (rowid, order_number, customer_name, customer_email)
        select id, order_number, customer_name, customer_email from orders
        where id > (select indexed_to from search_marks where name = 'orders')
        order by id limit ${INDEX_CHUNK}`.execute(tx)
      const rows = Number(numAffectedRows ?? 0)
      if (rows > 0) {
        await sql`update search_marks set indexed_to = (select max(id) from (
            select id from orders where id > search_marks.indexed_to order by id limit ${INDEX_CHUNK}))
          where name = 'orders'`.execute(tx)
      }
      return rows
    })
    indexed += chunk
    if (chunk < INDEX_CHUNK) return indexed
  }
}

/**
 * Throws when SQLite's search index of orders differs from the orders themselves (FTS5's integrity check against
 * its content table); run it after indexNewOrders, which leaves no order out. Nothing to check on PostgreSQL.
 */
export async function checkOrderSearchIndex(db: Executor): Promise<void> {
  if (isPostgres(db)) return
  await sql`insert into orders_search (orders_search, rank) values ('integrity-check', 1)`.execute(db)
}

/** Orders whose number, customer name or customer e-mail contains `text`. */
export function orderMatches(db: Executor, text: string): Expression<SqlBool> {
  if (isPostgres(db) || !isIndexable(text)) return anyColumnLike(ORDER_COLUMNS, text)
  const word = longestWordOf(text)
  if (word) {
    return sql<SqlBool>`(orders.id in (select rowid from orders_search where orders_search match ${ftsPhrase(word)})
      and ${anyColumnLike(ORDER_COLUMNS, text)})`
  }
  return sql<SqlBool>`orders.id in (select rowid from orders_search where orders_search match ${ftsPhrase(text)})`
}

/** Products whose name, SKU, description or a variant's SKU contains `text`. */
export function productMatches(db: Executor, text: string): Expression<SqlBool> {
  if (isPostgres(db) || !isIndexable(text)) {
    const pattern = likePattern(text)
    return sql<SqlBool>`(${anyColumnLike(['products.name', 'products.sku', 'products.description'], text)}
      or exists (select 1 from product_variants where product_variants.product_id = products.id
        and lower(product_variants.sku) like ${pattern} escape '\\'))`
  }
  return sql<SqlBool>`products.id in (select rowid from products_search where products_search match ${ftsPhrase(text)})`
}

// Categories and testimonials are few by nature (tens, perhaps hundreds): a row-by-row LIKE is quick, and they
// have no search index to keep. Both databases fold case through lower(), which on SQLite folds ASCII letters only.

/** Categories whose name, slug or description contains `text`. */
export function categoryMatches(text: string): Expression<SqlBool> {
  return anyColumnLike(['categories.name', 'categories.slug', 'categories.description'], text)
}

/** Testimonials whose name, content or location contains `text`. */
export function testimonialMatches(text: string): Expression<SqlBool> {
  return anyColumnLike(['testimonials.name', 'testimonials.content', 'testimonials.location'], text)
}
