import * as adminsRepo from '@shop/db/admins'
import type { Db } from '@shop/db/client'
import { isUniqueViolation } from '@shop/db/errors'
import { INITIAL_MIGRATION, migrateToLatest } from '@shop/db/migrate'
import { isEmpty, seedDemo } from '@shop/db/seed'
import type { Config } from './env'
import { getShopSettings } from './features/settings/settings.service'
import { generatePassword, hashPassword } from './lib/crypto'

export interface BootstrapResult {
  migrations: string[]
  seeded: boolean
  /** Set when this start created the first admin; the password is shown once. */
  createdAdmin?: { username: string; password: string; isGenerated: boolean }
}

/**
 * Brings a database up to date: migrations, the demo catalogue on a new database, the shop's settings, and the
 * first admin.
 */
export async function bootstrap(db: Db, config: Config): Promise<BootstrapResult> {
  const migrations = await migrateToLatest(db)
  let seeded = false
  // Only a brand-new database gets the demo: a shop whose owner deleted everything must stay empty.
  const isNewDatabase = migrations.includes(INITIAL_MIGRATION)
  if (!config.skipSeed && isNewDatabase && (await isEmpty(db))) {
    await seedDemo(db, { uploadsDir: config.uploadsDir })
    seeded = true
  }
  // The shop's settings start from the SHOP_* environment; from then on the settings screen rules.
  await getShopSettings(db, config)
  const result: BootstrapResult = { migrations, seeded }
  if ((await adminsRepo.count(db)) === 0) {
    const password = config.admin.password ?? generatePassword()
    try {
      await adminsRepo.insert(db, {
        username: config.admin.username,
        email: config.admin.email,
        name: config.admin.name,
        passwordHash: await hashPassword(password),
      })
      result.createdAdmin = { username: config.admin.username, password, isGenerated: !config.admin.password }
    } catch (error) {
      // Several API processes starting together on one new PostgreSQL database: another one created it first.
      if (!isUniqueViolation(error)) throw error
    }
  }
  return result
}
