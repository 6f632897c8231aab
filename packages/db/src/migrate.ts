import { type Migration, type MigrationProvider, Migrator } from 'kysely'
import type { Db } from './database'
import * as m0001 from './migrations/2026_11_22_0900_create_shop_tables'

/** Migrations are listed here, not read from a folder, so they survive bundling. Append, never edit. */
const migrations: Record<string, Migration> = {
  '2026_11_22_0900_create_shop_tables': m0001,
}

/** Applied only when a database is created: a start that applies it runs on a brand-new database. */
export const INITIAL_MIGRATION = '2026_11_22_0900_create_shop_tables'

const provider: MigrationProvider = { getMigrations: async () => migrations }

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`)
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
