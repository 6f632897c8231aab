import { type Selectable, sql } from 'kysely'
import type { Executor } from '../database'
import { isOneOf, KEEP_PREPARED } from '../dialect'
import type { RateLimitsTable } from './rate-limits.table'

export interface RateLimitState {
  count: number
  resetAt: string
}

/**
 * Counts one hit in a fixed window, atomically (one upsert), so processes sharing the database share the count.
 * A window that has passed starts again at 1.
 */
export async function hit(db: Executor, key: string, now: string, resetAt: string): Promise<RateLimitState> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb
          .case()
          .when('rate_limits.reset_at', '<=', now)
          .then(1)
          .else(eb('rate_limits.count', '+', 1))
          .end(),
        reset_at: eb
          .case()
          .when('rate_limits.reset_at', '<=', now)
          .then(resetAt)
          .else(eb.ref('rate_limits.reset_at'))
          .end(),
      })),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow()
  return { count: row.count, resetAt: row.reset_at }
}

/**
 * The current windows of `keys`, read without counting a hit, by key; a key that has none, or whose window has
 * passed by `now`, is missing. The order path reads the windows its orders' clients are in, many at once: one text
 * whatever their number (isOneOf), kept prepared on PostgreSQL.
 */
export async function findWindows(
  db: Executor,
  keys: readonly string[],
  now: string,
): Promise<Map<string, RateLimitState>> {
  const { rows } = await sql<Pick<Selectable<RateLimitsTable>, 'key' | 'count' | 'reset_at'>>`
    select key, count, reset_at from rate_limits
    where ${isOneOf(db, 'key', keys, 'text')} and reset_at > ${now} ${sql.raw(KEEP_PREPARED)}`.execute(db)
  return new Map(rows.map((row) => [row.key, { count: row.count, resetAt: row.reset_at }]))
}

/** Takes one hit back from a key's current window; nothing happens when the window has passed or is at 0. */
export async function giveBack(db: Executor, key: string, now: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('reset_at', '>', now)
    .where('count', '>', 0)
    .execute()
}
