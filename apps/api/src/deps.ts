import type { Db } from '@shop/db/client'
import type Stripe from 'stripe'
import type { Config } from './env'
import type { BackgroundTasks } from './lib/background-tasks'
import type { Mailer } from './lib/mailer'
import type { MoneyRulesCache } from './lib/money-cache'
import type { RateLimitStore } from './lib/rate-limit'

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
  /** Shipping zones, tax rates, price basis and currency, cached in memory (lib/money-cache.ts). */
  moneyRules: MoneyRulesCache
  /** Stripe's API (lib/stripe.ts); undefined without the keys, when card is not offered. */
  stripe: Stripe | undefined
}

/** Delivers the mail outbox (features/mail-delivery/mail-sender.ts). */
export interface MailSender {
  /** Mail was queued: send it now rather than at the next poll. */
  kick(): void
  start(): void
  /** Stops polling and waits for the mail being sent. */
  stop(): Promise<void>
  /** Sends every due mail, then resolves (tests, and the poll). */
  drain(): Promise<void>
}
