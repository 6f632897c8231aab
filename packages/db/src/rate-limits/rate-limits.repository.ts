import type { Executor } from '../database'

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

/** A key's current window, read without counting a hit; undefined when it has none or its window has passed. */
export async function findWindow(db: Executor, key: string, now: string): Promise<RateLimitState | undefined> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'reset_at'])
    .where('key', '=', key)
    .where('reset_at', '>', now)
    .executeTakeFirst()
  return row ? { count: row.count, resetAt: row.reset_at } : undefined
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
