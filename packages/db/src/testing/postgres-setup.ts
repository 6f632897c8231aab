/**
 * Vitest global setup of the PostgreSQL test project: checks that the server answers, gives the run an id that
 * every test schema carries, and drops the run's schemas at the end (also those of a test that failed before
 * its own cleanup).
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { POSTGRES_TEST_URL } from './vitest-projects'

async function onServer(run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const url = POSTGRES_TEST_URL
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
  } catch (error) {
    throw new Error(
      `PostgreSQL does not answer at ${url} (${(error as Error).message}). Start it, or point TEST_POSTGRES_URL at one.`,
    )
  }
  try {
    await run(client)
  } finally {
    await client.end()
  }
}

export async function setup(): Promise<() => Promise<void>> {
  const runId = randomBytes(3).toString('hex')
  // Workers start after the global setup and inherit this.
  process.env.SHOP_TEST_RUN = runId
  await onServer(async () => undefined)
  return () =>
    onServer(async (client) => {
      const { rows } = await client.query<{ name: string }>(
        `select nspname as name from pg_namespace where nspname like $1`,
        [`shop_test_${runId}_%`],
      )
      for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`)
    })
}
