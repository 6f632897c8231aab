/**
 * What a one-time password link is for (a reset or an invitation), on SQLite and (postgres project) PostgreSQL: kept
 * with the link, given back when it is used, and worked out for the links issued before it was kept.
 */
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as m0012 from '../migrations/2026_11_27_0900_add_reset_token_purpose'
import { createTestDb, type TestDb } from '../testing/create-test-db'
import { insertAdmin } from '../testing/factories'
import * as resetTokensRepo from './reset-tokens.repository'

const NOW = '2026-11-27T09:00:00.000Z'
const minutesFromNow = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString()

describe('the purpose of a password link', () => {
  let t: TestDb
  let adminId: number
  beforeEach(async () => {
    t = await createTestDb()
    adminId = (await insertAdmin(t.db, { username: 'owner', email: 'owner@example.com' })).id
  })
  afterEach(() => t.cleanup())

  it('keeps what a link is for, a reset unless told, and gives it back when the link is used', async () => {
    await resetTokensRepo.insert(t.db, { tokenHash: 'reset', adminId, expiresAt: minutesFromNow(15) })
    await resetTokensRepo.insert(t.db, {
      tokenHash: 'invite',
      adminId,
      purpose: 'invite',
      expiresAt: minutesFromNow(7 * 24 * 60),
    })
    expect(await resetTokensRepo.consume(t.db, 'reset', NOW)).toEqual({ adminId, purpose: 'reset' })
    expect(await resetTokensRepo.consume(t.db, 'invite', NOW)).toEqual({ adminId, purpose: 'invite' })
    expect(await resetTokensRepo.consume(t.db, 'invite', NOW)).toBeUndefined()
  })

  it('takes the unused links issued before it for invitations when they last longer than an hour', async () => {
    // The table as it was before the column.
    await m0012.down(t.db)
    const link = (tokenHash: string, lastsMinutes: number, usedAt: string | null = null) =>
      sql`insert into password_reset_tokens (token_hash, admin_id, expires_at, used_at, created_at)
        values (${tokenHash}, ${adminId}, ${minutesFromNow(lastsMinutes)}, ${usedAt}, ${NOW})`.execute(t.db)
    await link('old-reset', 15)
    await link('old-invite', 7 * 24 * 60)
    await link('old-invite-used', 7 * 24 * 60, NOW)
    await m0012.up(t.db)
    const rows = await t.db
      .selectFrom('password_reset_tokens')
      .select(['token_hash', 'purpose'])
      .orderBy('token_hash')
      .execute()
    expect(rows).toEqual([
      { token_hash: 'old-invite', purpose: 'invite' },
      // A used link opens nothing any more; what it was for no longer matters.
      { token_hash: 'old-invite-used', purpose: 'reset' },
      { token_hash: 'old-reset', purpose: 'reset' },
    ])
  })
})
