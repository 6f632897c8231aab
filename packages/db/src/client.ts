import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import type { Database, Db } from './database'
import { CachedSqliteDialect } from './sqlite-dialect'

export type { Db, Executor } from './database'

export type DbOptions =
  | {
      /** Path of the SQLite database file; its folder is created when missing. */
      sqliteFile: string
    }
  | {
      /** postgres://user:password@host:port/database (`?options=-c search_path=name` picks a schema) */
      postgresUrl: string
      /** Connections per process; several processes share the server's max_connections. */
      poolSize?: number
    }

/** The pool size of one API process unless told otherwise: enough for bursts, small enough for many processes. */
const DEFAULT_POOL_SIZE = 10

/** Connection settings of pg for a URL; the change listener opens its client with the same. */
export function postgresConfig(url: string): pg.ClientConfig {
  return {
    connectionString: url,
    // Read COUNT/SUM's bigint as a number, as SQLite gives it; a shop's counts stay far below 2^53.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  }
}

/**
 * Opens the shop's database: PostgreSQL for a postgres URL, else the SQLite file. Only this file knows the
 * drivers; migrations and repositories use portable Kysely queries, and the few differences they meet live in
 * dialect.ts and errors.ts.
 */
export function createDb(options: DbOptions): Db {
  if ('postgresUrl' in options) {
    const pool = new pg.Pool({
      ...postgresConfig(options.postgresUrl),
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
    })
    // An idle client that loses its server (restart, network) must not crash the process; the pool replaces it.
    pool.on('error', () => undefined)
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  }
  fs.mkdirSync(path.dirname(path.resolve(options.sqliteFile)), { recursive: true })
  const sqlite = new SQLite(options.sqliteFile)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  // Wait for a concurrent writer (another process, the backup) instead of failing with SQLITE_BUSY at once.
  sqlite.pragma('busy_timeout = 5000')
  // With WAL, NORMAL stays consistent after a crash and only risks the last commits on power loss.
  sqlite.pragma('synchronous = NORMAL')
  return new Kysely<Database>({ dialect: new CachedSqliteDialect(sqlite) })
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\/\S+$/.test(url)
}

/** How a database is named to people: the SQLite file, or the PostgreSQL URL without its password. */
export function describeDatabase(options: DbOptions): string {
  if ('sqliteFile' in options) return options.sqliteFile
  const url = new URL(options.postgresUrl)
  if (url.password) url.password = '***'
  return url.toString()
}

/** Resolves when the database answers a trivial query. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db)
}
