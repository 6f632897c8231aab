import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createDb, type Db } from '../client'
import { migrateToLatest } from '../migrate'

export interface TestDb {
  db: Db
  dir: string
  file: string
  cleanup: () => Promise<void>
}

/** A fresh, migrated SQLite file in its own temporary folder; cleanup closes it and removes the folder. */
export async function createTestDb(): Promise<TestDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'))
  const file = path.join(dir, 'shop.db')
  const db = createDb({ sqliteFile: file })
  await migrateToLatest(db)
  return {
    db,
    dir,
    file,
    cleanup: async () => {
      await db.destroy()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
