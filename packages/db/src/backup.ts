import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import type { Db } from './database'
import { isPostgres } from './dialect'

/** The backup was not taken, and nothing was written. */
export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError'
}

export interface BackupResult {
  /** Absolute path of the backup file. */
  file: string
  bytes: number
}

/**
 * Writes a copy of the SQLite database to a new file while the shop keeps serving. VACUUM INTO reads the whole
 * database in one read transaction: the copy is a consistent snapshot, and in WAL mode writers are not held up,
 * so it finishes under constant writes. The copy is compacted and needs nothing else (no -wal file) to be opened.
 * PostgreSQL has pg_dump for this.
 */
export async function backupSqlite(db: Db, toFile: string): Promise<BackupResult> {
  if (isPostgres(db)) {
    throw new BackupRefusedError('The shop uses PostgreSQL: back it up with pg_dump.')
  }
  const file = path.resolve(toFile)
  if (fs.existsSync(file)) throw new BackupRefusedError(`${file} already exists; choose a new file name.`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  await sql`vacuum into ${file}`.execute(db)
  return { file, bytes: fs.statSync(file).size }
}
