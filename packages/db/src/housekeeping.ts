/**
 * Data retention of the shop's short-lived rows: which sessions, reset tokens and rate-limit windows are stale,
 * and deleting them. The rule lives here, in the db package, because it is the complement of what the
 * repositories' reads accept (a session counts while `expires_at > now`, a reset token while it is unused and
 * unexpired, a rate-limit window while `reset_at > now`): a stale row can never be read again, so deleting it
 * changes nothing anyone sees. Who runs it and when (the API on a schedule, `pnpm db:prune`) is the caller's.
 */
import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import type { Database, Db } from './database'
import { isPostgres } from './dialect'

/**
 * Rows deleted per statement. Each batch is its own short transaction, so a backlog of millions never holds a
 * long lock (on SQLite, the one write lock every order needs) and PostgreSQL's vacuum keeps up; 5,000 rows of
 * these narrow tables take a few milliseconds.
 */
export const PRUNE_BATCH_SIZE = 5000

/** Rows deleted, per table. */
export type PruneCounts = Record<
  'sessions' | 'password_reset_tokens' | 'rate_limits' | 'login_challenges' | 'audit_log' | 'stripe_events',
  number
>

/**
 * Days a Stripe event's id is kept after it was taken: Stripe sends an event again for up to three days, so an id
 * older than this cannot come back (and a payment or refund is kept once by its own Stripe id in any case).
 */
export const STRIPE_EVENT_RETENTION_DAYS = 30

/** How long the audit log keeps an entry unless told otherwise (AUDIT_RETENTION_DAYS). */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365

export interface PruneOptions {
  /** Rows per DELETE statement; PRUNE_BATCH_SIZE unless a test wants to see several batches. */
  batchSize?: number
  /** Audit entries older than this many days are deleted; DEFAULT_AUDIT_RETENTION_DAYS unless set. */
  auditRetentionDays?: number
}

/** findAdminByTokenHash accepts a session only while it has not expired. */
function isStaleSession(now: string) {
  return (eb: ExpressionBuilder<Database, 'sessions'>) => eb('expires_at', '<=', now)
}

/** consume accepts a reset token once, and only before it expires: a used or an expired one opens nothing. */
function isStaleResetToken(now: string) {
  return (eb: ExpressionBuilder<Database, 'password_reset_tokens'>) =>
    eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)])
}

/** A login challenge opens nothing once expired. */
function isStaleChallenge(now: string) {
  return (eb: ExpressionBuilder<Database, 'login_challenges'>) => eb('expires_at', '<=', now)
}

/** An audit entry is kept for the retention period, then deleted. */
function isStaleAuditEntry(before: string) {
  return (eb: ExpressionBuilder<Database, 'audit_log'>) => eb('created_at', '<', before)
}

/** hit starts a window that has passed again at 1, and giveBack ignores it: the row counts for nothing. */
function isStaleRateLimit(now: string) {
  return (eb: ExpressionBuilder<Database, 'rate_limits'>) => eb('reset_at', '<=', now)
}

/** Runs one batch after another until a batch deletes fewer rows than it could; gives the total. */
async function deleteInBatches(batchSize: number, deleteBatch: () => Promise<bigint>): Promise<number> {
  let total = 0
  for (;;) {
    const deleted = Number(await deleteBatch())
    total += deleted
    if (deleted < batchSize) return total
  }
}

/**
 * Deletes expired sessions, used or expired reset tokens and passed rate-limit windows, in batches of
 * PRUNE_BATCH_SIZE, and gives the rows deleted per table. Safe beside a running shop and beside another prune
 * (each DELETE only takes stale rows); tryPruneExpired keeps several processes from doing the same work at once.
 */
export async function pruneExpired(
  db: Kysely<Database>,
  now: string,
  options: PruneOptions = {},
): Promise<PruneCounts> {
  const batchSize = options.batchSize ?? PRUNE_BATCH_SIZE
  // Each batch picks up to batchSize keys of stale rows and deletes them, repeating the stale condition on the
  // deleted row itself: on PostgreSQL a rate-limit window that a concurrent hit() restarted between the pick and
  // the delete is checked again in its new version and kept, instead of losing that hit.
  const sessions = await deleteInBatches(batchSize, async () => {
    const result = await db
      .deleteFrom('sessions')
      .where('id', 'in', db.selectFrom('sessions').select('id').where(isStaleSession(now)).limit(batchSize))
      .where(isStaleSession(now))
      .executeTakeFirst()
    return result.numDeletedRows
  })
  const passwordResetTokens = await deleteInBatches(batchSize, async () => {
    const result = await db
      .deleteFrom('password_reset_tokens')
      .where(
        'id',
        'in',
        db.selectFrom('password_reset_tokens').select('id').where(isStaleResetToken(now)).limit(batchSize),
      )
      .where(isStaleResetToken(now))
      .executeTakeFirst()
    return result.numDeletedRows
  })
  const rateLimits = await deleteInBatches(batchSize, async () => {
    const result = await db
      .deleteFrom('rate_limits')
      .where('key', 'in', db.selectFrom('rate_limits').select('key').where(isStaleRateLimit(now)).limit(batchSize))
      .where(isStaleRateLimit(now))
      .executeTakeFirst()
    return result.numDeletedRows
  })
  const loginChallenges = await deleteInBatches(batchSize, async () => {
    const result = await db
      .deleteFrom('login_challenges')
      .where('id', 'in', db.selectFrom('login_challenges').select('id').where(isStaleChallenge(now)).limit(batchSize))
      .where(isStaleChallenge(now))
      .executeTakeFirst()
    return result.numDeletedRows
  })
  const retentionDays = options.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS
  const keepFrom = new Date(Date.parse(now) - retentionDays * 86_400_000).toISOString()
  const auditLog = await deleteInBatches(batchSize, async () => {
    const result = await db
      .deleteFrom('audit_log')
      .where('id', 'in', db.selectFrom('audit_log').select('id').where(isStaleAuditEntry(keepFrom)).limit(batchSize))
      .executeTakeFirst()
    return result.numDeletedRows
  })
  // The newest event stays whatever its age: the settings screen says when a signed event last arrived.
  const eventsFrom = new Date(Date.parse(now) - STRIPE_EVENT_RETENTION_DAYS * 86_400_000).toISOString()
  const newestEvent = db.selectFrom('stripe_events').select((eb) => eb.fn.max('received_at').as('newest'))
  const stripeEvents = await deleteInBatches(batchSize, async () => {
    const result = await db
      .deleteFrom('stripe_events')
      .where(
        'id',
        'in',
        db
          .selectFrom('stripe_events')
          .select('id')
          .where('received_at', '<', eventsFrom)
          .where('received_at', '<', newestEvent)
          .limit(batchSize),
      )
      .executeTakeFirst()
    return result.numDeletedRows
  })
  return {
    sessions,
    password_reset_tokens: passwordResetTokens,
    rate_limits: rateLimits,
    login_challenges: loginChallenges,
    audit_log: auditLog,
    stripe_events: stripeEvents,
  }
}

/**
 * First half of the PostgreSQL advisory lock key of the prune: an arbitrary number ("shop" in ASCII) that keeps it
 * apart from other advisory locks. The second half is the oid of this shop's sessions table, so that shops in
 * other schemas or databases of the same server (test schemas among them) do not wait for each other.
 */
const PRUNE_LOCK_CLASS = 0x73686f70
const pruneLockKey = sql`${sql.lit(PRUNE_LOCK_CLASS)}, 'sessions'::regclass::oid::int`

interface LockAnswer {
  isLocked: boolean
}

/**
 * Runs `run` while holding this database's prune lock, and gives its result; gives undefined without running it
 * when another connection (another process) holds the lock. On PostgreSQL the lock is a session-level advisory
 * lock on one connection, which `run` gets, rather than a transaction's, so that every batch of a prune still
 * commits on its own. On SQLite `run` simply runs: one process serves the file, and SQLite lets one writer write
 * at a time anyway.
 */
export async function tryWithPruneLock<T>(
  db: Db,
  run: (connection: Kysely<Database>) => Promise<T>,
): Promise<{ result: T } | undefined> {
  if (!isPostgres(db)) return { result: await run(db) }
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<LockAnswer>`select pg_try_advisory_lock(${pruneLockKey}) as "isLocked"`.execute(
      connection,
    )
    if (!rows[0]?.isLocked) return undefined
    try {
      return { result: await run(connection) }
    } finally {
      // If the connection broke, the server has ended its session, and the lock with it.
      await sql`select pg_advisory_unlock(${pruneLockKey})`.execute(connection)
    }
  })
}

/**
 * pruneExpired, unless another process is pruning the same database right now: then undefined at once, instead of
 * waiting to repeat the other's work.
 */
export async function tryPruneExpired(db: Db, now: string, options?: PruneOptions): Promise<PruneCounts | undefined> {
  const locked = await tryWithPruneLock(db, (connection) => pruneExpired(connection, now, options))
  return locked?.result
}
