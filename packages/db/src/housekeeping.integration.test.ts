/**
 * What the prune deletes, on SQLite and (postgres project) PostgreSQL: exactly the rows no read accepts any more.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as auditRepo from './audit/audit-log.repository'
import * as resetTokensRepo from './auth/reset-tokens.repository'
import * as sessionsRepo from './auth/sessions.repository'
import * as twoFactorRepo from './auth/two-factor.repository'
import type { Db } from './client'
import { pruneExpired, tryPruneExpired } from './housekeeping'
import * as rateLimitsRepo from './rate-limits/rate-limits.repository'
import { createTestDb, type TestDb } from './testing/create-test-db'
import { insertAdmin } from './testing/factories'

const NOW = '2026-11-22T09:00:00.000Z'
const minutesFromNow = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString()

async function tokenHashes(db: Db, table: 'sessions' | 'password_reset_tokens'): Promise<string[]> {
  const rows = await db.selectFrom(table).select('token_hash').orderBy('token_hash').execute()
  return rows.map((row) => row.token_hash)
}

async function rateLimitKeys(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('rate_limits').select('key').orderBy('key').execute()
  return rows.map((row) => row.key)
}

describe('pruneExpired', () => {
  let t: TestDb
  let adminId: number
  beforeEach(async () => {
    t = await createTestDb()
    const admin = await insertAdmin(t.db, { username: 'owner', email: 'owner@example.com' })
    adminId = admin.id
  })
  afterEach(() => t.cleanup())

  const addSession = (tokenHash: string, expiresInMinutes: number) =>
    sessionsRepo.insert(t.db, { tokenHash, adminId, expiresAt: minutesFromNow(expiresInMinutes) })
  const addResetToken = (tokenHash: string, expiresInMinutes: number) =>
    resetTokensRepo.insert(t.db, { tokenHash, adminId, expiresAt: minutesFromNow(expiresInMinutes) })

  it("deletes Stripe events' ids past their retention in batches, but keeps the newest whatever its age", async () => {
    const daysAgo = (days: number) => new Date(Date.parse(NOW) - days * 86_400_000).toISOString()
    for (const days of [90, 45, 31, 29, 1]) {
      await t.db
        .insertInto('stripe_events')
        .values({ id: `evt_${days}`, type: 'checkout.session.completed', received_at: daysAgo(days) })
        .execute()
    }
    expect(await pruneExpired(t.db, NOW, { batchSize: 2 })).toMatchObject({ stripe_events: 3 })
    const left = await t.db.selectFrom('stripe_events').select('id').orderBy('id').execute()
    expect(left.map((row) => row.id)).toEqual(['evt_1', 'evt_29'])
    // Months without an event: the last one is still there for the settings screen.
    expect(await pruneExpired(t.db, daysAgo(-400))).toMatchObject({ stripe_events: 1 })
    const newest = await t.db.selectFrom('stripe_events').select('id').execute()
    expect(newest.map((row) => row.id)).toEqual(['evt_1'])
  })

  it('deletes expired login challenges, and audit entries older than the retention, in batches', async () => {
    await twoFactorRepo.insertChallenge(t.db, {
      tokenHash: 'challenge-expired',
      adminId,
      expiresAt: minutesFromNow(-1),
    })
    await twoFactorRepo.insertChallenge(t.db, { tokenHash: 'challenge-live', adminId, expiresAt: minutesFromNow(4) })
    const daysAgo = (days: number) => new Date(Date.parse(NOW) - days * 86_400_000).toISOString()
    const entry = { adminId, actor: 'owner', ip: '127.0.0.1', action: 'updated', entity: 'product' }
    for (const days of [400, 31, 30.5, 29, 0]) await auditRepo.insert(t.db, { ...entry, entityId: days }, daysAgo(days))
    const counts = await pruneExpired(t.db, NOW, { auditRetentionDays: 30, batchSize: 2 })
    expect(counts).toMatchObject({ login_challenges: 1, audit_log: 3 })
    const left = await t.db.selectFrom('audit_log').select('entity_id').orderBy('id').execute()
    expect(left.map((row) => row.entity_id)).toEqual(['29', '0'])
    const challenges = await t.db.selectFrom('login_challenges').select('token_hash').execute()
    expect(challenges.map((row) => row.token_hash)).toEqual(['challenge-live'])
    // The default keeps a year.
    await auditRepo.insert(t.db, { ...entry, entityId: 'old' }, daysAgo(366))
    expect((await pruneExpired(t.db, NOW)).audit_log).toBe(1)
  })

  it('deletes expired sessions, used or expired reset tokens and passed rate-limit windows, and keeps the rest', async () => {
    await addSession('session-expired-yesterday', -24 * 60)
    await addSession('session-expiring-now', 0)
    await addSession('session-live', 60)

    await addResetToken('reset-expired', -1)
    await addResetToken('reset-used', 10)
    expect(await resetTokensRepo.consume(t.db, 'reset-used', minutesFromNow(-5))).toMatchObject({ adminId })
    await addResetToken('reset-used-and-expired', -10)
    expect(await resetTokensRepo.consume(t.db, 'reset-used-and-expired', minutesFromNow(-20))).toMatchObject({
      adminId,
    })
    await addResetToken('reset-live', 15)

    await rateLimitsRepo.hit(t.db, 'login:passed', minutesFromNow(-30), minutesFromNow(-15))
    await rateLimitsRepo.hit(t.db, 'login:ending-now', minutesFromNow(-15), NOW)
    await rateLimitsRepo.hit(t.db, 'login:current', minutesFromNow(-5), minutesFromNow(10))

    expect(await pruneExpired(t.db, NOW)).toEqual({
      sessions: 2,
      password_reset_tokens: 3,
      rate_limits: 2,
      login_challenges: 0,
      audit_log: 0,
      stripe_events: 0,
    })

    expect(await tokenHashes(t.db, 'sessions')).toEqual(['session-live'])
    expect(await tokenHashes(t.db, 'password_reset_tokens')).toEqual(['reset-live'])
    expect(await rateLimitKeys(t.db)).toEqual(['login:current'])
    // What is left still works: the live session signs in, the live token resets once, the window keeps counting.
    expect(await sessionsRepo.findAdminByTokenHash(t.db, 'session-live', NOW)).toMatchObject({ id: adminId })
    expect(await resetTokensRepo.consume(t.db, 'reset-live', NOW)).toMatchObject({ adminId })
    expect(await rateLimitsRepo.hit(t.db, 'login:current', NOW, minutesFromNow(15))).toEqual({
      count: 2,
      resetAt: minutesFromNow(10),
    })
  })

  it('deletes a backlog larger than a batch in several batches, down to the last row', async () => {
    for (let i = 0; i < 12; i += 1) await addSession(`session-expired-${String(i).padStart(2, '0')}`, -60 - i)
    await addSession('session-live', 60)
    for (let i = 0; i < 10; i += 1) {
      await rateLimitsRepo.hit(t.db, `login:10.0.0.${i}`, minutesFromNow(-30), minutesFromNow(-15))
    }

    // 12 sessions in batches of 5 end on a short batch; 10 windows end on an empty one.
    expect(await pruneExpired(t.db, NOW, { batchSize: 5 })).toEqual({
      sessions: 12,
      password_reset_tokens: 0,
      rate_limits: 10,
      login_challenges: 0,
      audit_log: 0,
      stripe_events: 0,
    })
    expect(await tokenHashes(t.db, 'sessions')).toEqual(['session-live'])
    expect(await rateLimitKeys(t.db)).toEqual([])
  })

  it('finds nothing to delete when it runs again', async () => {
    await addSession('session-expired', -1)
    await addResetToken('reset-expired', -1)
    expect(await pruneExpired(t.db, NOW)).toEqual({
      sessions: 1,
      password_reset_tokens: 1,
      rate_limits: 0,
      login_challenges: 0,
      audit_log: 0,
      stripe_events: 0,
    })
    expect(await pruneExpired(t.db, NOW)).toEqual({
      sessions: 0,
      password_reset_tokens: 0,
      rate_limits: 0,
      login_challenges: 0,
      audit_log: 0,
      stripe_events: 0,
    })
  })

  it('prunes through tryPruneExpired when no other process is pruning', async () => {
    await addSession('session-expired', -1)
    await addSession('session-live', 1)
    expect(await tryPruneExpired(t.db, NOW)).toEqual({
      sessions: 1,
      password_reset_tokens: 0,
      rate_limits: 0,
      login_challenges: 0,
      audit_log: 0,
      stripe_events: 0,
    })
    expect(await tokenHashes(t.db, 'sessions')).toEqual(['session-live'])
  })
})
