import type { Db } from '@shop/db/client'
import * as rateLimitsRepo from '@shop/db/rate-limits'
import { AppError } from '../../lib/app-error'

export interface RateLimitRule {
  /** Namespace of the counter, e.g. 'login'. */
  name: string
  limit: number
  windowMs: number
  message: (minutes: number) => string
}

export const LOGIN_LIMIT: RateLimitRule = {
  name: 'login-failures',
  // 10 failed logins per client in 15 minutes: plenty for a person, useless for guessing.
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

function tooMany(rule: RateLimitRule, resetAt: string, now: number): AppError {
  const seconds = Math.max(1, Math.ceil((Date.parse(resetAt) - now) / 1000))
  return new AppError('TOO_MANY_REQUESTS', rule.message(Math.ceil(seconds / 60)), { 'retry-after': String(seconds) })
}

/** Refuses (429) when the client has used up its window, without counting this request. */
export async function assertNotLimited(db: Db, rule: RateLimitRule, client: string): Promise<void> {
  const now = Date.now()
  const state = await rateLimitsRepo.find(db, `${rule.name}:${client}`, new Date(now).toISOString())
  if (state && state.count >= rule.limit) throw tooMany(rule, state.resetAt, now)
}

/** Counts one request of the client; refuses (429) once it goes past the limit. */
export async function countRequest(db: Db, rule: RateLimitRule, client: string): Promise<void> {
  const now = Date.now()
  const state = await rateLimitsRepo.hit(
    db,
    `${rule.name}:${client}`,
    new Date(now).toISOString(),
    new Date(now + rule.windowMs).toISOString(),
  )
  if (state.count > rule.limit) throw tooMany(rule, state.resetAt, now)
}
