import type { Db } from '@shop/db/client'
import type { Config } from './env'
import type { Mailer } from './features/auth/mailer'
import type { RateLimitStore } from './features/auth/rate-limit'
import type { MoneyRulesCache } from './features/money/money-cache'
import type { MailSender } from './features/outbox/mail-sender'
import type { BackgroundTasks } from './lib/background-tasks'

/** What services and procedures need from the running app. */
export interface AppDeps {
  db: Db
  config: Config
  mailer: Mailer
  /** Login and password-reset counters, shared by every API process (database, or Redis with REDIS_URL). */
  rateLimits: RateLimitStore
  /** Work done after the answer (mail); drained when the app closes. */
  background: BackgroundTasks
  /** Delivers the mail outbox; `kick()` after committing a change that queued mail. */
  mailSender: MailSender
  /** Shipping zones, tax rates, price basis and currency, cached in memory (features/money/money-cache.ts). */
  moneyRules: MoneyRulesCache
}
