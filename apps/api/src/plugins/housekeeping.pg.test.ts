/**
 * The housekeeping plugin with several processes on one PostgreSQL database, and the connections PostgreSQL
 * drops. Each app has its own pool, as another API process would. Runs in the postgres test project only.
 */
import { createDb, type Db, ping } from '@shop/db/client'
import { type PruneCounts, tryWithPruneLock } from '@shop/db/housekeeping'
import * as sessionsRepo from '@shop/db/sessions'
import { createTestDb, type TestDb, testDatabaseUrl } from '@shop/db/testing'
import { insertAdmin } from '@shop/db/testing/factories'
import Fastify, { type FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type HousekeepingOptions, housekeeping } from './housekeeping'

interface LogLine {
  level: number
  msg: string
  deleted?: PruneCounts
  err?: { message: string }
}
const ERROR = 50

interface StartedApp {
  app: FastifyInstance
  lines: LogLine[]
}

async function startApp(options: HousekeepingOptions): Promise<StartedApp> {
  const lines: LogLine[] = []
  const app = Fastify({
    logger: { level: 'debug', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  })
  await app.register(housekeeping, options)
  await app.ready()
  return { app, lines }
}

const SKIPPED = 'another process is pruning expired rows; skipped'
const deletedSessions = (started: StartedApp) =>
  started.lines.reduce((sum, line) => sum + (line.deleted?.sessions ?? 0), 0)

describe('the housekeeping plugin on PostgreSQL', () => {
  let t: TestDb
  const opened: Db[] = []
  const apps: FastifyInstance[] = []
  beforeEach(async () => {
    t = await createTestDb()
  })
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close()
    for (const db of opened.splice(0)) await db.destroy()
    await t.cleanup()
  })

  /** Another process's pool on the same database. */
  function openProcessDb(): Db {
    const db = createDb(t.options)
    opened.push(db)
    return db
  }

  it('logs each connection PostgreSQL drops, at error level', async () => {
    const started = await startApp({ db: t.db })
    apps.push(started.app)
    await ping(t.db)

    if (!('postgresUrl' in t.options)) throw new Error('a PostgreSQL test database is needed')
    const applicationName = new URL(t.options.postgresUrl).searchParams.get('application_name')
    const admin = new pg.Client({ connectionString: testDatabaseUrl() })
    await admin.connect()
    try {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
        applicationName,
      ])
    } finally {
      await admin.end()
    }

    await vi.waitFor(() =>
      expect(started.lines).toContainEqual(
        expect.objectContaining({
          level: ERROR,
          msg: 'the database dropped a connection; the pool opens a new one when needed',
          err: expect.objectContaining({ message: 'terminating connection due to administrator command' }),
        }),
      ),
    )
    await expect(ping(t.db)).resolves.toBeUndefined()
  })

  it('lets one of two apps on one database prune at a time: both skip while another process prunes', async () => {
    const admin = await insertAdmin(t.db, { username: 'owner', email: 'owner@example.com' })
    const expiredAt = new Date(Date.now() - 60_000).toISOString()
    for (let i = 0; i < 4; i += 1) {
      await sessionsRepo.insert(t.db, { tokenHash: `expired-${i}`, adminId: admin.id, expiresAt: expiredAt })
    }
    const countSessions = async () => (await t.db.selectFrom('sessions').select('id').execute()).length

    const schedule = { firstPruneAfterMs: 0, pruneEveryMs: 20 }
    const skips = (started: StartedApp) => started.lines.filter((line) => line.msg === SKIPPED).length
    // A third process holds the lock, as if it were in the middle of a prune.
    const held = await tryWithPruneLock(openProcessDb(), async () => {
      const first = await startApp({ db: openProcessDb(), ...schedule })
      apps.push(first.app)
      const second = await startApp({ db: openProcessDb(), ...schedule })
      apps.push(second.app)
      await vi.waitFor(() => {
        expect(skips(first)).toBeGreaterThanOrEqual(2)
        expect(skips(second)).toBeGreaterThanOrEqual(2)
      })
      expect(await countSessions()).toBe(4)
      return { first, second }
    })
    if (!held) throw new Error('the test could not take the prune lock')
    const { first, second } = held.result

    await vi.waitFor(async () => expect(await countSessions()).toBe(0))
    // Each row was deleted once, by whichever app took the lock first.
    await vi.waitFor(() => expect(deletedSessions(first) + deletedSessions(second)).toBe(4))
    expect([...first.lines, ...second.lines].filter((line) => line.level >= ERROR)).toEqual([])
  })
})
