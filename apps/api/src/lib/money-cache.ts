import type { Db, Executor } from '@shop/db/client'
import type { MoneyRules } from '@shop/db/money'
import * as moneyRepo from '@shop/db/money'

/** A shop with no money settings stored: no zones (free shipping everywhere), no tax, US dollars, no payment methods. */
export const EMPTY_RULES: MoneyRules = {
  settings: moneyRepo.DEFAULT_MONEY_SETTINGS,
  zones: [],
  taxRates: [],
  paymentMethods: [],
}

/** Rules kept in memory, with the count of published changes read just before them (PostgreSQL; see getKept). */
export interface KeptRules {
  rules: MoneyRules
  publishedChanges: number | undefined
}

/**
 * The shipping zones, tax rates, price basis, currency and payment methods, kept in memory: every quote and every order needs them,
 * and an order must stay cheap (the group commit takes thousands a second). Emptied like the catalog cache: by a
 * successful write of a `writesCatalog` route in this process, and by the change feed when another process writes
 * (plugins/catalog-cache.ts wires both). Before serving from memory on PostgreSQL, `get` makes sure every notice
 * sent so far has been heard (a round trip); when the feed is not listening, the rules are read from the database.
 * The order batch asks `getKept` instead, which skips that round trip: it checks the count of published changes
 * itself, in the statement that reads its stock, and reads the rules again when the count moved.
 */
export interface MoneyRulesCache {
  get(db: Db): Promise<MoneyRules>
  /**
   * The rules in memory (read when there are none), without making sure every notice sent so far was heard, with
   * the count of published changes read before them (undefined where nothing counts them: SQLite's one process
   * empties its memory before a change is answered). The caller must compare that count with the database's in a
   * later statement, and `read` the rules again when it moved.
   */
  getKept(db: Db): Promise<KeptRules>
  /** The rules as the database has them now, through `db` (a transaction's executor too); not kept. */
  read(db: Executor): Promise<MoneyRules>
  invalidate(): void
  /**
   * Set by the catalog cache: `isFresh` resolves false when memory may be stale (the change feed is reconnecting);
   * `countChanges`, where processes share a database, reads the count of published changes.
   */
  setFreshness(isFresh: () => Promise<boolean>, countChanges?: (db: Db) => Promise<number>): void
}

/**
 * Card is offered only where the server has Stripe's keys (`isCardAvailable`): without them the rules hold it as off,
 * whatever the owner saved, so the checkout, quotes and orders never offer or take it.
 */
export function createMoneyRulesCache(options: { isCardAvailable?: boolean } = {}): MoneyRulesCache {
  let cached: Promise<KeptRules> | undefined
  let generation = 0
  let isFresh: () => Promise<boolean> = async () => true
  let countChanges: ((db: Db) => Promise<number>) | undefined
  const read = async (db: Executor): Promise<MoneyRules> => {
    const rules = await moneyRepo.getRules(db)
    if (options.isCardAvailable) return rules
    return {
      ...rules,
      paymentMethods: rules.paymentMethods.map((method) =>
        method.kind === 'card' ? { ...method, enabled: false } : method,
      ),
    }
  }
  // The count first: rules read after it hold every change it counts (a change is counted after it is written).
  const load = async (db: Db): Promise<KeptRules> => {
    const publishedChanges = countChanges ? await countChanges(db) : undefined
    return { rules: await read(db), publishedChanges }
  }
  const keep = (db: Db): Promise<KeptRules> => {
    if (cached) return cached
    const started = generation
    const loading = load(db)
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
  }
  return {
    async get(db) {
      if (!(await isFresh())) return read(db)
      return (await keep(db)).rules
    },
    getKept: keep,
    read,
    invalidate() {
      generation += 1
      cached = undefined
    },
    setFreshness(check, count) {
      isFresh = check
      countChanges = count
    },
  }
}
