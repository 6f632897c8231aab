import type { Db } from '@shop/db/client'
import type { Config } from './env'
import type { Mailer } from './features/auth/mailer'

/** What services and procedures need from the running app. */
export interface AppDeps {
  db: Db
  config: Config
  mailer: Mailer
}
