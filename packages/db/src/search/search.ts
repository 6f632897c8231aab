import { type Expression, type SqlBool, sql } from 'kysely'
import type { Executor } from '../database'
import { isPostgres } from '../dialect'

/**
 * The shop's text search, in one place: a case-insensitive substring of what a person types, answered through an
 * index on each database (migration 2026_11_25_1200_create_search_indexes). On SQLite an FTS5 trigram table finds
 * any text of three characters or more; shorter text is looked for row by row, which is quick for what it can
 * find. On PostgreSQL, pg_trgm GIN indexes serve `lower(column) LIKE`. Letter case is folded in every alphabet;
 * accents are kept ("José" finds "José", not "Jose"); `%`, `_` and quotes are plain characters.
 */

/** SQLite's search tables (FTS5, with their shadow tables): indexes kept by triggers, not data to copy. */
export const SEARCH_TABLES = ['orders_search', 'products_search'] as const

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
