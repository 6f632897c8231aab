/**
 * The prune schedule inside the server, on SQLite and (postgres project) PostgreSQL: the real plugin on a bare
 * Fastify app whose log the test reads, with turns of milliseconds instead of an hour.
 */
import type { Db } from '@shop/db/client'
import type { PruneCounts } from '@shop/db/housekeeping'
import * as rateLimitsRepo from '@shop/db/rate-limits'
import * as resetTokensRepo from '@shop/db/reset-tokens'
import * as sessionsRepo from '@shop/db/sessions'
import { createTestDb, type TestDb } from '@shop/db/testing'
import { insertAdmin } from '@shop/db/testing/factories'
import Fastify, { type FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type HousekeepingOptions, housekeeping } from './housekeeping'

interface LogLine {
  level: number
  msg: string
  task?: string
  deleted?: PruneCounts
  err?: { message: string }
}
const INFO = 30
const ERROR = 50

/** An app with only the housekeeping plugin, logging as JSON lines into `lines`. */
async function startApp(options: HousekeepingOptions): Promise<{ app: FastifyInstance; lines: LogLine[] }> {
  const lines: LogLine[] = []
  const app = Fastify({
    logger: { level: 'debug', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  })
  await app.register(housekeeping, options)
  await app.ready()
  return { app, lines }
}

const prunes = (lines: LogLine[]) => lines.filter((line) => line.msg === 'pruned expired rows')
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()

async function sessionHashes(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('sessions').select('token_hash').orderBy('token_hash').execute()
  return rows.map((row) => row.token_hash)
}

describe('the housekeeping plugin', () => {
  let t: TestDb
  let adminId: number
  let app: FastifyInstance | undefined
  beforeEach(async () => {
    t = await createTestDb()
    const admin = await insertAdmin(t.db, { username: 'owner', email: 'owner@example.com' })
    adminId = admin.id
  })
  afterEach(async () => {
    await app?.close()
    app = undefined
    await t.cleanup()
  })

  const addSession = (tokenHash: string, expiresInMinutes: number) =>
    sessionsRepo.insert(t.db, { tokenHash, adminId, expiresAt: minutesFromNow(expiresInMinutes) })

  it('prunes stale rows soon after start and again at every turn, logging only turns that deleted something', async () => {
    await addSession('expired-1', -60)
    await addSession('expired-2', -1)
    await addSession('live', 60)
    await resetTokensRepo.insert(t.db, { tokenHash: 'reset-expired', adminId, expiresAt: minutesFromNow(-1) })
    await rateLimitsRepo.hit(t.db, 'login:10.0.0.1', minutesFromNow(-30), minutesFromNow(-15))

    const started = await startApp({ db: t.db, firstPruneAfterMs: 0, pruneEveryMs: 20 })
    app = started.app
    await vi.waitFor(() => expect(prunes(started.lines)).toHaveLength(1))
    expect(prunes(started.lines)[0]).toMatchObject({
      level: INFO,
      task: 'housekeeping',
      deleted: {
        sessions: 2,
        password_reset_tokens: 1,
        rate_limits: 1,
        login_challenges: 0,
        audit_log: 0,
        stripe_events: 0,
      },
    })
    expect(await sessionHashes(t.db)).toEqual(['live'])

    await addSession('expired-3', -1)
    await vi.waitFor(() => expect(prunes(started.lines)).toHaveLength(2))
    expect(prunes(started.lines)[1]?.deleted).toEqual({
      sessions: 1,
      password_reset_tokens: 0,
      rate_limits: 0,
      login_challenges: 0,
      audit_log: 0,
      stripe_events: 0,
    })
    expect(await sessionHashes(t.db)).toEqual(['live'])

    // Ten more turns find nothing and say nothing at info level.
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(prunes(started.lines)).toHaveLength(2)
    expect(started.lines.filter((line) => line.level >= INFO && line.msg !== 'pruned expired rows')).toEqual([])
  })

  it('logs a failed prune at error level and prunes again at the next turn', async () => {
    // A table the prune cannot find stands for any failure of the database.
    await sql`alter table rate_limits rename to rate_limits_away`.execute(t.db)

    const started = await startApp({ db: t.db, firstPruneAfterMs: 0, pruneEveryMs: 20 })
    app = started.app
    await vi.waitFor(() =>
      expect(started.lines).toContainEqual(
        expect.objectContaining({ level: ERROR, msg: 'pruning expired rows failed; trying again at the next turn' }),
      ),
    )

    await sql`alter table rate_limits_away rename to rate_limits`.execute(t.db)
    await rateLimitsRepo.hit(t.db, 'login:10.0.0.1', minutesFromNow(-30), minutesFromNow(-15))
    await vi.waitFor(() => expect(prunes(started.lines)).toHaveLength(1))
    expect(prunes(started.lines)[0]?.deleted).toEqual({
      sessions: 0,
      password_reset_tokens: 0,
      rate_limits: 1,
      login_challenges: 0,
      audit_log: 0,
      stripe_events: 0,
    })
  })

  it('waits for a running prune when the app closes, and starts no other', async () => {
    await addSession('expired-1', -1)
    const started = await startApp({ db: t.db, firstPruneAfterMs: 0, pruneEveryMs: 1 })
    await vi.waitFor(() => expect(prunes(started.lines)).toHaveLength(1))
    // Turns follow each other closely, so the close meets one running or about to start.
    await started.app.close()

    await addSession('expired-after-close', -1)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await sessionHashes(t.db)).toEqual(['expired-after-close'])
    expect(started.lines.filter((line) => line.level >= ERROR)).toEqual([])
  })

  it('does not prune before its first turn', async () => {
    await addSession('expired-1', -1)
    const started = await startApp({ db: t.db })
    app = started.app
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await sessionHashes(t.db)).toEqual(['expired-1'])
  })
})
