/**
 * Several processes on one PostgreSQL database: the prune lock. Each Db here is its own pool, as another API
 * process would have. Runs in the postgres test project only; an SQLite file is served by one process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sessionsRepo from './auth/sessions.repository'
import { createDb, type Db } from './client'
import { tryPruneExpired, tryWithPruneLock } from './housekeeping'
import { createTestDb, type TestDb } from './testing/create-test-db'
import { insertAdmin } from './testing/factories'

const NOW = '2026-11-22T09:00:00.000Z'
const HOUR_AGO = '2026-11-22T08:00:00.000Z'

async function addExpiredSessions(db: Db, prefix: string, count: number): Promise<void> {
  const admin = await insertAdmin(db, { username: `${prefix}-owner`, email: `${prefix}@example.com` })
  for (let i = 0; i < count; i += 1) {
    await sessionsRepo.insert(db, { tokenHash: `${prefix}-${i}`, adminId: admin.id, expiresAt: HOUR_AGO })
  }
}

async function sessionCount(db: Db): Promise<number> {
  return (await db.selectFrom('sessions').select('id').execute()).length
}

describe('the prune lock on PostgreSQL', () => {
  let shop: TestDb
  let otherShop: TestDb
  let secondProcess: Db
  beforeAll(async () => {
    shop = await createTestDb()
    otherShop = await createTestDb()
    secondProcess = createDb(shop.options)
  })
  afterAll(async () => {
    await secondProcess?.destroy()
    await shop?.cleanup()
    await otherShop?.cleanup()
  })

  it('skips the prune while another process prunes the same database, and prunes once it is done', async () => {
    await addExpiredSessions(shop.db, 'first', 3)

    const held = await tryWithPruneLock(shop.db, async () => {
      expect(await tryPruneExpired(secondProcess, NOW)).toBeUndefined()
      expect(await sessionCount(shop.db)).toBe(3)
      // Nor can a third party take it.
      expect(await tryWithPruneLock(secondProcess, async () => 'ran')).toBeUndefined()
      return 'held'
    })
    expect(held).toEqual({ result: 'held' })

    expect(await tryPruneExpired(secondProcess, NOW)).toEqual({
      sessions: 3,
      password_reset_tokens: 0,
      rate_limits: 0,
      login_challenges: 0,
      audit_log: 0,
      stripe_events: 0,
    })
    expect(await sessionCount(shop.db)).toBe(0)
  })

  it('lets the lock go when the work under it fails', async () => {
    await expect(
      tryWithPruneLock(shop.db, async () => {
        throw new Error('broken prune')
      }),
    ).rejects.toThrow('broken prune')
    expect(await tryWithPruneLock(secondProcess, async () => 'ran')).toEqual({ result: 'ran' })
  })

  it('does not make a shop in another schema of the server wait', async () => {
    await addExpiredSessions(otherShop.db, 'other', 2)
    await tryWithPruneLock(shop.db, async () => {
      expect(await tryPruneExpired(otherShop.db, NOW)).toEqual({
        sessions: 2,
        password_reset_tokens: 0,
        rate_limits: 0,
        login_challenges: 0,
        audit_log: 0,
        stripe_events: 0,
      })
    })
  })
})
