/**
 * A PostgreSQL connection lost while idle: heard by whoever holds the Db, and the pool carries on. Runs in the
 * postgres test project only.
 */
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Db, KEEP_PREPARED, onPoolError, ping } from './client'
import { createTestDb, type TestDb, testDatabaseUrl } from './testing/create-test-db'

/** Ends every connection of the test database, as a server restart or an administrator would. */
async function terminateConnections(t: TestDb): Promise<number> {
  if (!('postgresUrl' in t.options)) throw new Error('a PostgreSQL test database is needed')
  const applicationName = new URL(t.options.postgresUrl).searchParams.get('application_name')
  const admin = new pg.Client({ connectionString: testDatabaseUrl() })
  await admin.connect()
  try {
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [applicationName],
    )
    return rowCount ?? 0
  } finally {
    await admin.end()
  }
}

function nextEvent<T>(subscribe: (listener: (value: T) => void) => () => void): Promise<T> {
  return new Promise((resolve) => {
    const stop = subscribe((value) => {
      stop()
      resolve(value)
    })
  })
}

describe('PostgreSQL pool errors', () => {
  let t: TestDb
  beforeAll(async () => {
    t = await createTestDb()
  })
  afterAll(() => t?.cleanup())

  it('tells the listener when the server ends an idle connection, and the next query gets a new one', async () => {
    await ping(t.db)
    const heard = nextEvent<Error>((listener) => onPoolError(t.db, listener))
    expect(await terminateConnections(t)).toBeGreaterThan(0)
    const error = await heard
    expect(error.message).toMatch(/terminating connection due to administrator command/)
    await expect(ping(t.db)).resolves.toBeUndefined()
  })

  it('survives losing a connection lent out between two queries, and tells the listener', async () => {
    const heard = nextEvent<Error>((listener) => onPoolError(t.db, listener))
    // pg-pool listens to a connection only while it is idle in the pool; this one is lent out. pg emits the loss
    // as an error, which would be thrown and end the process if the Db did not listen itself.
    const lost = await t.db.connection().execute(async (connection) => {
      await sql`select 1`.execute(connection)
      await terminateConnections(t)
      return heard
    })
    expect(lost.message).toMatch(/terminating connection due to administrator command/)
    await expect(ping(t.db)).resolves.toBeUndefined()
  })

  it('warns through Node when nobody listens, instead of staying silent', async () => {
    await ping(t.db)
    const warned = nextEvent<Error>((listener) => {
      process.on('warning', listener)
      return () => process.off('warning', listener)
    })
    await terminateConnections(t)
    expect((await warned).message).toMatch(/terminating connection due to administrator command/)
  })

  it('stops telling a listener that stopped listening', async () => {
    await ping(t.db)
    const heard: Error[] = []
    const stop = onPoolError(t.db, (error) => heard.push(error))
    stop()
    const warned = nextEvent<Error>((listener) => {
      process.on('warning', listener)
      return () => process.off('warning', listener)
    })
    await terminateConnections(t)
    await warned
    expect(heard).toEqual([])
  })
})

describe('statements kept prepared', () => {
  let t: TestDb
  let db: Db
  beforeAll(async () => {
    t = await createTestDb()
    if (!('postgresUrl' in t.options)) throw new Error('a PostgreSQL test database is needed')
    // One connection, so that every statement below meets the same session.
    db = createDb({ postgresUrl: t.options.postgresUrl, poolSize: 1 })
  })
  afterAll(async () => {
    await db?.destroy()
    await t?.cleanup()
  })

  const kept = (n: number) => sql<{ next: number }>`select cast(${n} as integer) + 1 as next ${sql.raw(KEEP_PREPARED)}`
  const planModeWith = async (n: number) =>
    (
      await sql<{
        mode: string
        n: number
      }>`select current_setting('plan_cache_mode') as mode, cast(${n} as integer) as n`.execute(db)
    ).rows[0]?.mode
  const plans = async () =>
    (
      await sql<{ generic_plans: number; custom_plans: number }>`select generic_plans, custom_plans
        from pg_prepared_statements where statement like ${`%${KEEP_PREPARED}`}`.execute(db)
    ).rows

  it('are planned once, where the server left to itself planned them on every run', async () => {
    for (let i = 0; i < 7; i++) expect((await kept(i).execute(db)).rows[0]?.next).toBe(i + 1)
    expect(await plans()).toEqual([{ generic_plans: 7, custom_plans: 0 }])
  })

  it("leave every other statement with parameters to the server's own plan_cache_mode", async () => {
    await kept(1).execute(db)
    expect(await planModeWith(1)).toBe('auto')
    await kept(2).execute(db)
    expect(await planModeWith(2)).toBe('auto')
  })

  it("leave them so after a rollback undid the connection's change of mode", async () => {
    await kept(1).execute(db)
    await db
      .transaction()
      .execute(async (trx) => {
        // Back to the server's mode inside the transaction: the rollback undoes it, to force_generic_plan.
        await sql`select cast(${1} as integer)`.execute(trx)
        throw new Error('rolled back')
      })
      .catch(() => undefined)
    expect(await planModeWith(3)).toBe('auto')
  })
})
