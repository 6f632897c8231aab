import { type Db, isPostgres } from '@shop/db/client'
import * as rateLimitsRepo from '@shop/db/rate-limits'
import { Redis } from 'ioredis'
import { AppError } from './app-error'

/** A client's count in its current window, and when the window ends (ISO time). */
export interface RateLimitState {
  count: number
  resetAt: string
}

/**
 * Where the counters live: in the shop's database by default, or in Redis (REDIS_URL). Either way every API
 * process sees the same counts, so a client cannot multiply its attempts by the number of processes.
 */
export interface RateLimitStore {
  /** Counts one hit in a fixed window starting at the first hit, atomically, and answers the new count. */
  hit(key: string, now: number, windowMs: number): Promise<RateLimitState>
  /** The key's current window, read without counting a hit; undefined when it has none. */
  peek(key: string, now: number): Promise<RateLimitState | undefined>
  /** Takes back one hit of the key's current window (an attempt that turned out not to count). */
  giveBack(key: string, now: number): Promise<void>
  close(): Promise<void>
}

export function databaseRateLimitStore(db: Db): RateLimitStore {
  return {
    hit: (key, now, windowMs) =>
      rateLimitsRepo.hit(db, key, new Date(now).toISOString(), new Date(now + windowMs).toISOString()),
    peek: windowReader(db),
    giveBack: (key, now) => rateLimitsRepo.giveBack(db, key, new Date(now).toISOString()),
    close: async () => undefined,
  }
}

interface AskedWindow {
  key: string
  now: string
  resolve: (state: RateLimitState | undefined) => void
  reject: (error: unknown) => void
}

/**
 * The database store's peek. Every order that names a code peeks its client's count before it joins a batch, and a
 * sale's orders all name one. On PostgreSQL each read of its own was a round trip, more of them than the batches'
 * own statements: the peeks asked for in one turn of the event loop share one read. Each answer is as of its own
 * moment: the read asks for the windows open at the earliest, and a window that closed before a later one's moment
 * is none for it. On SQLite a read is a call within the process: each peek reads at once, where waiting for the
 * turn to end would put its order in the batch after the one it arrived for.
 */
function windowReader(db: Db): RateLimitStore['peek'] {
  if (!isPostgres(db)) {
    return async (key, now) => {
      const at = new Date(now).toISOString()
      return (await rateLimitsRepo.findWindows(db, [key], at)).get(key)
    }
  }
  let asked: AskedWindow[] = []
  const read = async (batch: AskedWindow[]) => {
    const earliest = batch.map((one) => one.now).sort()[0] ?? ''
    try {
      const windows = await rateLimitsRepo.findWindows(db, [...new Set(batch.map((one) => one.key))], earliest)
      for (const one of batch) {
        const window = windows.get(one.key)
        one.resolve(window && window.resetAt > one.now ? window : undefined)
      }
    } catch (error) {
      for (const one of batch) one.reject(error)
    }
  }
  return (key, now) =>
    new Promise((resolve, reject) => {
      asked.push({ key, now: new Date(now).toISOString(), resolve, reject })
      if (asked.length > 1) return
      // After the turn's I/O: every request read in this turn has asked by then.
      setImmediate(() => {
        const batch = asked
        asked = []
        void read(batch)
      })
    })
}

// INCR, and on the window's first hit its expiry, in one atomic step; answers the count and the ms left.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }
`
// The count and the ms left, in one step; nil when the key has no window.
const PEEK_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if not count then return false end
return { tonumber(count), redis.call('PTTL', KEYS[1]) }
`
// DECR only a window that still exists and has hits: a give-back after the window passed must not start a new one.
const GIVE_BACK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`
const KEY_PREFIX = 'shop:rate-limit:'

export function redisRateLimitStore(url: string): RateLimitStore {
  // Fail a request rather than hold it while Redis is away; the client reconnects on its own.
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: true })
  const resetAt = (now: number, ttlMs: number) => new Date(now + Math.max(ttlMs, 0)).toISOString()
  return {
    async hit(key, now, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `${KEY_PREFIX}${key}`, windowMs)) as [number, number]
      return { count, resetAt: resetAt(now, ttl) }
    },
    async peek(key, now) {
      const found = (await redis.eval(PEEK_SCRIPT, 1, `${KEY_PREFIX}${key}`)) as [number, number] | null
      return found ? { count: found[0], resetAt: resetAt(now, found[1]) } : undefined
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK_SCRIPT, 1, `${KEY_PREFIX}${key}`)
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}

export interface RateLimitRule {
  /** Namespace of the counter, e.g. 'login'. */
  name: string
  limit: number
  windowMs: number
  message: (minutes: number) => string
}

export const LOGIN_LIMIT: RateLimitRule = {
  name: 'login-failures',
  // 10 failed logins per client in 15 minutes: plenty for a person, useless for guessing. Every attempt is counted
  // before its password is checked and a successful one is given back, so only failures use up the window.
  limit: 10,
  windowMs: 15 * 60_000,
  message: (minutes) =>
    `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
}

export const TWO_FACTOR_LIMIT: RateLimitRule = {
  name: 'two-factor-failures',
  // As the password: 10 wrong codes per client, and per admin, in 15 minutes; right ones are given back.
  limit: 10,
  windowMs: 15 * 60_000,
  message: (minutes) =>
    `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
}

export const FORGOT_PASSWORD_LIMIT: RateLimitRule = {
  name: 'forgot-password',
  limit: 5,
  windowMs: 15 * 60_000,
  message: (minutes) =>
    `Too many password reset requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
}

export const ORDER_LOOKUP_LIMIT: RateLimitRule = {
  name: 'order-lookup',
  // A buyer who mistyped tries a few times; guessing order numbers against an address needs thousands.
  limit: 10,
  windowMs: 15 * 60_000,
  message: (minutes) => `Too many order look-ups. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
}

export const DISCOUNT_CODE_LIMIT: RateLimitRule = {
  name: 'discount-code-misses',
  // 10 codes the shop does not have, per client in 15 minutes, as for logins: a buyer who mistypes a code gets a
  // few more tries, while guessing slows from thousands of codes a second to under a thousand a day per address.
  // Only codes that turn out unknown count, each once (features/money/discount-code-limit.ts).
  limit: 10,
  windowMs: 15 * 60_000,
  message: (minutes) =>
    `Too many wrong discount codes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or continue without a code.`,
}

export const TEST_MAIL_LIMIT: RateLimitRule = {
  name: 'test-mail',
  limit: 5,
  windowMs: 10 * 60_000,
  message: (minutes) => `Too many test e-mails. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
}

function tooMany(rule: RateLimitRule, resetAt: string, now: number): AppError {
  const seconds = Math.max(1, Math.ceil((Date.parse(resetAt) - now) / 1000))
  return new AppError('TOO_MANY_REQUESTS', rule.message(Math.ceil(seconds / 60)), { 'retry-after': String(seconds) })
}

/**
 * Counts one request of the client before the work it limits is done; refuses (429) once it goes past the limit.
 * Counting first, atomically, is what makes the limit hold for concurrent requests: reading the count, doing the
 * work and counting afterwards would let 40 requests sent at once all read "0 so far" and all be served.
 */
export async function countRequest(store: RateLimitStore, rule: RateLimitRule, client: string): Promise<void> {
  const now = Date.now()
  const state = await store.hit(`${rule.name}:${client}`, now, rule.windowMs)
  if (state.count > rule.limit) throw tooMany(rule, state.resetAt, now)
}

/**
 * Refuses (429) a client whose window is used up, without counting this request: for a limit that counts only the
 * requests that turn out to fail (countRequest afterwards), so that a request that succeeds costs a read and never
 * a write. `pending` is how many more of the client's requests are still being decided (this one included): they
 * are taken as failures until they are decided, so requests sent at once cannot all pass while the count is low.
 */
export async function checkRequest(
  store: RateLimitStore,
  rule: RateLimitRule,
  client: string,
  pending = 1,
): Promise<void> {
  const now = Date.now()
  const state = await store.peek(`${rule.name}:${client}`, now)
  // A count at the limit refuses the next request, as countRequest would once it had counted it.
  if ((state?.count ?? 0) + pending > rule.limit) {
    throw tooMany(rule, state?.resetAt ?? new Date(now + rule.windowMs).toISOString(), now)
  }
}

/** Gives back a request counted by countRequest that turned out not to count (a successful login). */
export async function uncountRequest(store: RateLimitStore, rule: RateLimitRule, client: string): Promise<void> {
  await store.giveBack(`${rule.name}:${client}`, Date.now())
}
