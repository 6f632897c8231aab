import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { createDb, type Db, type DbOptions } from '../client'
import { migrateToLatest } from '../migrate'

/**
 * Tests run on SQLite unless TEST_DATABASE_URL names a PostgreSQL server (the API and db suites run once per
 * database in CI). Each test database is a fresh SQLite file in a temporary folder, or a fresh schema on the
 * server, dropped afterwards.
 */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined
}

export interface TestDatabase {
  options: DbOptions
  /** The database as the app's DATABASE_URL would name it (a postgres URL), or undefined for SQLite. */
  databaseUrl: string | undefined
  /** A temporary folder, for the SQLite file and anything else the test keeps on disk. */
  dir: string
  /** Removes the schema or the folder; close every connection first. */
  drop(): Promise<void>
}

/**
 * The server URL for one schema: its connections' search_path is the schema, so unqualified tables live there,
 * and their application_name says whose they are in pg_stat_activity.
 */
function schemaUrl(serverUrl: string, schema: string): string {
  const url = new URL(serverUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  url.searchParams.set('application_name', schema)
  return url.toString()
}

async function withServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** A new, empty database: a schema on TEST_DATABASE_URL's server, or an SQLite file to be. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'))
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true })
  const serverUrl = testDatabaseUrl()
  if (!serverUrl) {
    return {
      options: { sqliteFile: path.join(dir, 'shop.db') },
      databaseUrl: undefined,
      dir,
      drop: async () => removeDir(),
    }
  }
  const schema = `shop_test_${process.env.SHOP_TEST_RUN ?? 'adhoc'}_${randomBytes(4).toString('hex')}`
  await withServer(serverUrl, (client) => client.query(`create schema ${schema}`))
  const databaseUrl = schemaUrl(serverUrl, schema)
  return {
    options: { postgresUrl: databaseUrl, poolSize: 5 },
    databaseUrl,
    dir,
    drop: async () => {
      await withServer(serverUrl, (client) => client.query(`drop schema if exists ${schema} cascade`))
      removeDir()
    },
  }
}

export interface TestDb {
  db: Db
  /** The database's options, to open more connections to it (another "process"). */
  options: DbOptions
  dir: string
  cleanup: () => Promise<void>
}

/** A fresh, migrated database (see createTestDatabase); cleanup closes it and drops it. */
export async function createTestDb(): Promise<TestDb> {
  const database = await createTestDatabase()
  const db = createDb(database.options)
  await migrateToLatest(db)
  return {
    db,
    options: database.options,
    dir: database.dir,
    cleanup: async () => {
      await db.destroy()
      await database.drop()
    },
  }
}
