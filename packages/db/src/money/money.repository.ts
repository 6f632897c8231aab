import { sql } from 'kysely'
import type { Executor } from '../database'
import { fromDbBool, isOneOf, nowIso, toDbBool } from '../dialect'
import { listMethods, type StoredPaymentMethod } from '../payments/payments.repository'

/** The price basis and the currency (columns of the one shop_settings row). */
export interface StoredMoneySettings {
  currency: string
  defaultCountry: string
  pricesIncludeTax: boolean
}

export const DEFAULT_MONEY_SETTINGS: StoredMoneySettings = {
  currency: 'USD',
  defaultCountry: 'US',
  pricesIncludeTax: false,
}

export interface StoredMethod {
  id: number
  name: string
  priceCents: number
  freeOverCents: number | null
  estimate: string | null
}

export interface StoredZone {
  id: number
  name: string
  /** "US" or "US-CA", upper case. */
  areas: string[]
  methods: StoredMethod[]
}

export interface StoredTaxRate {
  id: number
  name: string
  country: string
  region: string | null
  rateBp: number
  appliesToShipping: boolean
}

export interface StoredDiscount {
  id: number
  code: string
  kind: 'percent' | 'fixed'
  /** Hundredths of a percent (percent) or cents (fixed). */
  amount: number
  minSubtotalCents: number | null
  startsAt: string | null
  endsAt: string | null
  maxUses: number | null
  oncePerEmail: boolean
  active: boolean
  uses: number
  createdAt: string
  updatedAt: string
}

/** Everything the totals need besides the cart and the code: read once, cached by the API. */
export interface MoneyRules {
  settings: StoredMoneySettings
  zones: StoredZone[]
  taxRates: StoredTaxRate[]
  /** The payment methods, enabled or not, in the checkout's order (payments.repository.ts). */
  paymentMethods: StoredPaymentMethod[]
}

export async function getSettings(db: Executor): Promise<StoredMoneySettings> {
  const row = await db
    .selectFrom('shop_settings')
    .select(['currency', 'default_country', 'prices_include_tax'])
    .where('id', '=', 1)
    .executeTakeFirst()
  if (!row) return DEFAULT_MONEY_SETTINGS
  return {
    currency: row.currency,
    defaultCountry: row.default_country,
    pricesIncludeTax: fromDbBool(row.prices_include_tax),
  }
}

/** Changes the money columns of the settings row (which the caller has made sure exists). */
export async function updateSettings(db: Executor, values: StoredMoneySettings): Promise<StoredMoneySettings> {
  await db
    .updateTable('shop_settings')
    .set({
      currency: values.currency,
      default_country: values.defaultCountry,
      prices_include_tax: toDbBool(values.pricesIncludeTax),
      updated_at: nowIso(),
    })
    .where('id', '=', 1)
    .execute()
  return getSettings(db)
}

export async function listZones(db: Executor): Promise<StoredZone[]> {
  const zones = await db.selectFrom('shipping_zones').selectAll().orderBy('id').execute()
  const methods = await db.selectFrom('shipping_methods').selectAll().orderBy('zone_id').orderBy('position').execute()
  return zones.map((zone) => ({
    id: zone.id,
    name: zone.name,
    areas: JSON.parse(zone.areas) as string[],
    methods: methods
      .filter((method) => method.zone_id === zone.id)
      .map((method) => ({
        id: method.id,
        name: method.name,
        priceCents: method.price_cents,
        freeOverCents: method.free_over_cents,
        estimate: method.estimate,
      })),
  }))
}

export interface ZoneValues {
  name: string
  areas: string[]
  methods: Array<Omit<StoredMethod, 'id'>>
}

async function insertMethods(db: Executor, zoneId: number, methods: ZoneValues['methods']): Promise<void> {
  await db
    .insertInto('shipping_methods')
    .values(
      methods.map((method, position) => ({
        zone_id: zoneId,
        position,
        name: method.name,
        price_cents: method.priceCents,
        free_over_cents: method.freeOverCents,
        estimate: method.estimate,
      })),
    )
    .execute()
}

/** Call inside a transaction. */
export async function insertZone(db: Executor, values: ZoneValues): Promise<number> {
  const { id } = await db
    .insertInto('shipping_zones')
    .values({ name: values.name, areas: JSON.stringify(values.areas), created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow()
  await insertMethods(db, id, values.methods)
  return id
}

/**
 * Replaces the zone's name, areas and methods; false when there is no such zone. A method keeps its id when it
 * keeps its place in the list, so a checkout that chose it still finds it. Call inside a transaction.
 */
export async function updateZone(db: Executor, id: number, values: ZoneValues): Promise<boolean> {
  const updated = await db
    .updateTable('shipping_zones')
    .set({ name: values.name, areas: JSON.stringify(values.areas) })
    .where('id', '=', id)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) return false
  const existing = await db
    .selectFrom('shipping_methods')
    .select(['id', 'position'])
    .where('zone_id', '=', id)
    .orderBy('position')
    .execute()
  const kept = values.methods.slice(0, existing.length)
  for (const [i, method] of kept.entries()) {
    const row = existing[i]
    if (!row) continue
    await db
      .updateTable('shipping_methods')
      .set({
        position: i,
        name: method.name,
        price_cents: method.priceCents,
        free_over_cents: method.freeOverCents,
        estimate: method.estimate,
      })
      .where('id', '=', row.id)
      .execute()
  }
  const gone = existing.slice(values.methods.length).map((row) => row.id)
  if (gone.length > 0) await db.deleteFrom('shipping_methods').where('id', 'in', gone).execute()
  const added = values.methods.slice(existing.length)
  if (added.length > 0) {
    await db
      .insertInto('shipping_methods')
      .values(
        added.map((method, i) => ({
          zone_id: id,
          position: existing.length + i,
          name: method.name,
          price_cents: method.priceCents,
          free_over_cents: method.freeOverCents,
          estimate: method.estimate,
        })),
      )
      .execute()
  }
  return true
}

export async function removeZone(db: Executor, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('shipping_zones').where('id', '=', id).executeTakeFirst()
  return Number(deleted.numDeletedRows) > 0
}

export async function listTaxRates(db: Executor): Promise<StoredTaxRate[]> {
  const rows = await db.selectFrom('tax_rates').selectAll().orderBy('country').orderBy('region').orderBy('id').execute()
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    country: row.country,
    region: row.region,
    rateBp: row.rate_bp,
    appliesToShipping: fromDbBool(row.applies_to_shipping),
  }))
}

export type TaxRateValues = Omit<StoredTaxRate, 'id'>

const taxRow = (values: TaxRateValues) => ({
  name: values.name,
  country: values.country,
  region: values.region,
  rate_bp: values.rateBp,
  applies_to_shipping: toDbBool(values.appliesToShipping),
})

export async function insertTaxRate(db: Executor, values: TaxRateValues): Promise<number> {
  const { id } = await db
    .insertInto('tax_rates')
    .values({ ...taxRow(values), created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

export async function updateTaxRate(db: Executor, id: number, values: TaxRateValues): Promise<boolean> {
  const updated = await db.updateTable('tax_rates').set(taxRow(values)).where('id', '=', id).executeTakeFirst()
  return Number(updated.numUpdatedRows) > 0
}

export async function removeTaxRate(db: Executor, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('tax_rates').where('id', '=', id).executeTakeFirst()
  return Number(deleted.numDeletedRows) > 0
}

export async function getRules(db: Executor): Promise<MoneyRules> {
  const [settings, zones, taxRates, paymentMethods] = await Promise.all([
    getSettings(db),
    listZones(db),
    listTaxRates(db),
    listMethods(db),
  ])
  return { settings, zones, taxRates, paymentMethods }
}

// --- Discount codes -------------------------------------------------------------------------------------------

type DiscountRow = {
  id: number
  code: string
  kind: string
  amount: number
  min_subtotal_cents: number | null
  starts_at: string | null
  ends_at: string | null
  max_uses: number | null
  once_per_email: number | boolean
  active: number | boolean
  uses: number
  created_at: string
  updated_at: string
}

export function toDiscount(row: DiscountRow): StoredDiscount {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as StoredDiscount['kind'],
    amount: row.amount,
    minSubtotalCents: row.min_subtotal_cents,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    maxUses: row.max_uses,
    oncePerEmail: fromDbBool(row.once_per_email),
    active: fromDbBool(row.active),
    uses: Number(row.uses),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

export type DiscountValues = Omit<StoredDiscount, 'id' | 'uses' | 'createdAt' | 'updatedAt'>

const discountRow = (values: DiscountValues) => ({
  code: values.code.toUpperCase(),
  kind: values.kind,
  amount: values.amount,
  min_subtotal_cents: values.minSubtotalCents,
  starts_at: values.startsAt,
  ends_at: values.endsAt,
  max_uses: values.maxUses,
  once_per_email: toDbBool(values.oncePerEmail),
  active: toDbBool(values.active),
})

/** The most recent first; a shop has tens of codes, not thousands. */
export async function listDiscounts(db: Executor, limit = 500): Promise<StoredDiscount[]> {
  const rows = await db.selectFrom('discount_codes').selectAll().orderBy('id', 'desc').limit(limit).execute()
  return rows.map(toDiscount)
}

export async function findDiscountsByCode(db: Executor, codes: string[]): Promise<Map<string, StoredDiscount>> {
  if (codes.length === 0) return new Map()
  // A text rather than the query builder: a batch of orders reads its codes with it.
  const upper = codes.map((code) => code.toUpperCase())
  const { rows } =
    await sql<DiscountRow>`select * from discount_codes where ${isOneOf(db, 'code', upper, 'text')}`.execute(db)
  return new Map(rows.map((row) => [row.code, toDiscount(row)]))
}

/** Throws the database's unique violation when the code is taken (the caller maps it to 409). */
export async function insertDiscount(db: Executor, values: DiscountValues): Promise<StoredDiscount> {
  const now = nowIso()
  const row = await db
    .insertInto('discount_codes')
    .values({ ...discountRow(values), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow()
  return toDiscount(row)
}

export async function updateDiscount(
  db: Executor,
  id: number,
  values: DiscountValues,
): Promise<StoredDiscount | undefined> {
  const row = await db
    .updateTable('discount_codes')
    .set({ ...discountRow(values), updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
  return row && toDiscount(row)
}

/** Which of these (code id, lower-cased e-mail) pairs have used their once-per-e-mail code already. */
export async function findEmailUses(
  db: Executor,
  pairs: Array<{ codeId: number; email: string }>,
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set()
  const rows = await db
    .selectFrom('discount_email_uses')
    .select(['code_id', 'email'])
    .where(
      'code_id',
      'in',
      pairs.map((pair) => pair.codeId),
    )
    .where(
      'email',
      'in',
      pairs.map((pair) => pair.email),
    )
    .execute()
  return new Set(rows.map((row) => emailUseKey(row.code_id, row.email)))
}

export function emailUseKey(codeId: number, email: string): string {
  return `${codeId}:${email.toLowerCase()}`
}

/**
 * Takes `count` uses of the code if it still has them: one conditional UPDATE, which is what decides a race for the
 * last use on both databases (PostgreSQL re-checks the condition on the row it waited for). False: not enough left.
 */
export async function takeUses(db: Executor, codeId: number, count: number): Promise<boolean> {
  const updated = await sql`update discount_codes set uses = uses + ${count}
    where id = ${codeId} and (max_uses is null or uses <= max_uses - ${count})`.execute(db)
  return Number(updated.numAffectedRows) === 1
}

/**
 * Gives back the use an order took of its code (the order was cancelled before it was paid): one use less, and the
 * address may use a once-per-e-mail code again. Nothing when the code is gone or has no use to give back.
 */
export async function giveBackUse(db: Executor, code: string, email: string): Promise<void> {
  const row = await db
    .updateTable('discount_codes')
    .set((eb) => ({ uses: eb('uses', '-', 1) }))
    .where('code', '=', code.toUpperCase())
    .where('uses', '>', 0)
    .returning('id')
    .executeTakeFirst()
  if (!row) return
  await db
    .deleteFrom('discount_email_uses')
    .where('code_id', '=', row.id)
    .where('email', '=', email.toLowerCase())
    .execute()
}

/** Records a once-per-e-mail use; false when the address has used the code already (another process, meanwhile). */
export async function recordEmailUse(db: Executor, codeId: number, email: string): Promise<boolean> {
  const inserted = await db
    .insertInto('discount_email_uses')
    .values({ code_id: codeId, email: email.toLowerCase() })
    .onConflict((oc) => oc.columns(['code_id', 'email']).doNothing())
    .returning('code_id')
    .executeTakeFirst()
  return inserted !== undefined
}
