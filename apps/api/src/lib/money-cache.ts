import type { Db } from '@shop/db/client'
import type { MoneyRules } from '@shop/db/money'
import * as moneyRepo from '@shop/db/money'

/** A shop with no money settings stored: no zones (free shipping everywhere), no tax, US dollars, no payment methods. */
export const EMPTY_RULES: MoneyRules = {
  settings: moneyRepo.DEFAULT_MONEY_SETTINGS,
  zones: [],
  taxRates: [],
  paymentMethods: [],
}

/**
 * The shipping zones, tax rates, price basis, currency and payment methods, kept in memory: every quote and every order needs them,
 * and an order must stay cheap (the group commit takes thousands a second). Emptied like the catalog cache: by a
 * successful write of a `writesCatalog` route in this process, and by the change feed when another process writes
 * (plugins/catalog-cache.ts wires both). Before serving from memory on PostgreSQL, `isFresh` makes sure every
 * notice sent so far has been heard; when the feed is not listening, the rules are read from the database.
 */
export interface MoneyRulesCache {
  get(db: Db): Promise<MoneyRules>
  invalidate(): void
  /** Set by the catalog cache: resolves false when memory may be stale (the change feed is reconnecting). */
  setFreshness(check: () => Promise<boolean>): void
}

/**
 * Card is offered only where the server has Stripe's keys (`isCardAvailable`): without them the rules hold it as off,
 * whatever the owner saved, so the checkout, quotes and orders never offer or take it.
 */
export function createMoneyRulesCache(options: { isCardAvailable?: boolean } = {}): MoneyRulesCache {
  let cached: Promise<MoneyRules> | undefined
  let generation = 0
  let isFresh: () => Promise<boolean> = async () => true
  const read = async (db: Db): Promise<MoneyRules> => {
    const rules = await moneyRepo.getRules(db)
    if (options.isCardAvailable) return rules
    return {
      ...rules,
      paymentMethods: rules.paymentMethods.map((method) =>
        method.kind === 'card' ? { ...method, enabled: false } : method,
      ),
    }
  }
  return {
    async get(db) {
      if (!(await isFresh())) return read(db)
      if (cached) return cached
      const started = generation
      const loading = read(db)
      // A read that started before a write is not kept: it may hold what the write replaced.
      cached = loading
      loading.then(
        () => {
          if (generation !== started && cached === loading) cached = undefined
        },
        () => {
          if (cached === loading) cached = undefined
        },
      )
      return loading
    },
    invalidate() {
      generation += 1
      cached = undefined
    },
    setFreshness(check) {
      isFresh = check
    },
  }
}
