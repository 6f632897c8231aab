import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, sql } from 'kysely'
import type { Database, Db } from './database'
import { CachedSqliteDialect } from './sqlite-dialect'

export type { Db, Executor } from './database'

export interface DbOptions {
  /** Path of the SQLite database file; its folder is created when missing. */
  sqliteFile: string
}

/**
 * Opens the shop's database. Only this file knows the dialect; migrations and repositories use portable
 * Kysely queries, so a PostgreSQL dialect slots in here without touching them.
 */
export function createDb(options: DbOptions): Db {
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

/** Resolves when the database answers a trivial query. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db)
}
