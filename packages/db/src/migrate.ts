import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely'
import type { Db } from './database'
import { isPostgres } from './dialect'
import * as m0001 from './migrations/2026_11_22_0900_create_shop_tables'
import * as m0002 from './migrations/2026_11_23_2045_create_case_insensitive_keys'
import * as m0003 from './migrations/2026_11_24_0900_create_order_mail_tables'
import * as m0004 from './migrations/2026_11_25_0900_create_product_variants'
import * as m0005 from './migrations/2026_11_25_1200_create_search_indexes'
import * as m0006 from './migrations/2026_11_25_1500_create_sales_summary'
import * as m0007 from './migrations/2026_11_25_1600_index_order_pages'
import * as m0008 from './migrations/2026_11_25_1700_create_order_status_days'
import * as m0009 from './migrations/2026_11_26_0100_create_money_tables'
import * as m0010 from './migrations/2026_11_26_0200_create_admin_accounts'
import * as m0011 from './migrations/2026_11_26_0300_create_payments'
import * as m0012 from './migrations/2026_11_27_0900_add_reset_token_purpose'
import * as m0013 from './migrations/2026_11_27_1000_key_order_keys_by_order'
import * as m0014 from './migrations/2026_11_27_1200_create_card_payments'
import * as m0015 from './migrations/2026_11_28_0600_index_pending_mails'
import * as m0016 from './migrations/2026_11_29_1100_index_orders_search_in_batches'

/** Migrations are listed here, not read from a folder, so they survive bundling. Append, never edit. */
const migrations: Record<string, Migration> = {
  '2026_11_22_0900_create_shop_tables': m0001,
  '2026_11_23_2045_create_case_insensitive_keys': m0002,
  '2026_11_24_0900_create_order_mail_tables': m0003,
  '2026_11_25_0900_create_product_variants': m0004,
  '2026_11_25_1200_create_search_indexes': m0005,
  '2026_11_25_1500_create_sales_summary': m0006,
  '2026_11_25_1600_index_order_pages': m0007,
  '2026_11_25_1700_create_order_status_days': m0008,
  '2026_11_26_0100_create_money_tables': m0009,
  '2026_11_26_0200_create_admin_accounts': m0010,
  '2026_11_26_0300_create_payments': m0011,
  '2026_11_27_0900_add_reset_token_purpose': m0012,
  '2026_11_27_1000_key_order_keys_by_order': m0013,
  '2026_11_27_1200_create_card_payments': m0014,
  '2026_11_28_0600_index_pending_mails': m0015,
  '2026_11_29_1100_index_orders_search_in_batches': m0016,
}

/** Applied only when a database is created: a start that applies it runs on a brand-new database. */
export const INITIAL_MIGRATION = '2026_11_22_0900_create_shop_tables'

const provider: MigrationProvider = { getMigrations: async () => migrations }

export async function migrateToLatest(db: Db): Promise<string[]> {
  // On PostgreSQL the migrator looks for its own tables in every schema it can see; name the one in use, so a
  // database holding several shops (or test schemas) keeps one migration history per schema.
  const migrationTableSchema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`)
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
