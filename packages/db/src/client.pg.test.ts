/**
 * A PostgreSQL connection lost while idle: heard by whoever holds the Db, and the pool carries on. Runs in the
 * postgres test project only.
 */
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { onPoolError, ping } from './client'
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
