import type { Db } from '@shop/db/client'
import { isUniqueViolation } from '@shop/db/errors'
import * as moneyRepo from '@shop/db/money'
import { centsToMoney } from '@shop/schema/common'
import {
  type Discount,
  type DiscountValues,
  discountAmountOf,
  type MoneySettings,
  type MoneySettingsValues,
  rateText,
  type ShippingMethod,
  type ShippingZone,
  type ShippingZoneValues,
  type TaxRate,
  type TaxRateValues,
} from '@shop/schema/money'
import type { AppDeps } from '../../deps'
import type { Config } from '../../env'
import { AppError } from '../../lib/app-error'
import { getShopSettings } from '../settings/settings.service'
import { zoneFor } from './pricing'

// --- Wire shapes ----------------------------------------------------------------------------------------------

export function toMethod(method: moneyRepo.StoredMethod): ShippingMethod {
  return {
    id: method.id,
    name: method.name,
    price: centsToMoney(method.priceCents),
    freeOver: method.freeOverCents === null ? null : centsToMoney(method.freeOverCents),
    estimate: method.estimate,
  }
}

function toZone(zone: moneyRepo.StoredZone): ShippingZone {
  return { id: zone.id, name: zone.name, areas: zone.areas, methods: zone.methods.map(toMethod) }
}

function toTaxRate(rate: moneyRepo.StoredTaxRate): TaxRate {
  return {
    id: rate.id,
    name: rate.name,
    country: rate.country,
    region: rate.region,
    rate: rateText(rate.rateBp),
    appliesToShipping: rate.appliesToShipping,
  }
}

function toDiscount(discount: moneyRepo.StoredDiscount): Discount {
  return {
    id: discount.id,
    code: discount.code,
    kind: discount.kind,
    value: centsToMoney(discount.amount),
    minSubtotal: discount.minSubtotalCents === null ? null : centsToMoney(discount.minSubtotalCents),
    startsAt: discount.startsAt,
    endsAt: discount.endsAt,
    maxUses: discount.maxUses,
    oncePerEmail: discount.oncePerEmail,
    active: discount.active,
    uses: discount.uses,
    createdAt: discount.createdAt,
    updatedAt: discount.updatedAt,
  }
}

// --- Settings -------------------------------------------------------------------------------------------------

export function getMoneySettings(db: Db): Promise<MoneySettings> {
  return moneyRepo.getSettings(db)
}

export async function updateMoneySettings(
  db: Db,
  config: Pick<Config, 'shop'>,
  values: MoneySettingsValues,
): Promise<MoneySettings> {
  // The settings row exists from the first start; a database copied from an older version gets it now.
  await getShopSettings(db, config)
  return moneyRepo.updateSettings(db, values)
}

/** The spec's product page promise, "Free shipping on orders over $500", in cents. */
const SPEC_FREE_SHIPPING_OVER_CENTS = 50_000

/**
 * The free-shipping threshold the storefront promises. A shop without shipping zones ships everything free, so the
 * spec's own promise ($500) holds and is kept. Once the owner sets zones, it is the lowest free-over amount of the
 * methods of the zone that covers the shop's own country; null when there is none (the product page then promises
 * nothing, since orders there pay for shipping whatever their size).
 */
export async function freeShippingOver(deps: Pick<AppDeps, 'db' | 'moneyRules'>): Promise<string | null> {
  const rules = await deps.moneyRules.get(deps.db)
  if (rules.zones.length === 0) return centsToMoney(SPEC_FREE_SHIPPING_OVER_CENTS)
  const zone = zoneFor(rules.zones, rules.settings.defaultCountry, null)
  const thresholds = (zone?.methods ?? []).flatMap((method) =>
    method.freeOverCents === null ? [] : [method.freeOverCents],
  )
  return thresholds.length > 0 ? centsToMoney(Math.min(...thresholds)) : null
}

// --- Shipping zones -------------------------------------------------------------------------------------------

const zoneValues = (values: ShippingZoneValues): moneyRepo.ZoneValues => ({
  name: values.name,
  areas: [...new Set(values.areas)],
  methods: values.methods.map((method) => ({
    name: method.name,
    priceCents: method.price,
    freeOverCents: method.freeOver,
    estimate: method.estimate,
  })),
})

export async function listZones(db: Db): Promise<ShippingZone[]> {
  return (await moneyRepo.listZones(db)).map(toZone)
}

async function zoneById(db: Db, id: number): Promise<ShippingZone> {
  const zone = (await moneyRepo.listZones(db)).find((candidate) => candidate.id === id)
  if (!zone) throw new AppError('NOT_FOUND', `Shipping zone ${id} not found`)
  return toZone(zone)
}

export async function createZone(db: Db, values: ShippingZoneValues): Promise<ShippingZone> {
  const id = await db.transaction().execute((tx) => moneyRepo.insertZone(tx, zoneValues(values)))
  return zoneById(db, id)
}

export async function updateZone(db: Db, id: number, values: ShippingZoneValues): Promise<ShippingZone> {
  const found = await db.transaction().execute((tx) => moneyRepo.updateZone(tx, id, zoneValues(values)))
  if (!found) throw new AppError('NOT_FOUND', `Shipping zone ${id} not found`)
  return zoneById(db, id)
}

export async function deleteZone(db: Db, id: number): Promise<void> {
  if (!(await moneyRepo.removeZone(db, id))) throw new AppError('NOT_FOUND', `Shipping zone ${id} not found`)
}

// --- Tax rates ------------------------------------------------------------------------------------------------

const taxValues = (values: TaxRateValues): moneyRepo.TaxRateValues => ({
  name: values.name,
  country: values.country,
  region: values.region,
  rateBp: values.rate,
  appliesToShipping: values.appliesToShipping,
})

export async function listTaxRates(db: Db): Promise<TaxRate[]> {
  return (await moneyRepo.listTaxRates(db)).map(toTaxRate)
}

async function taxRateById(db: Db, id: number): Promise<TaxRate> {
  const rate = (await moneyRepo.listTaxRates(db)).find((candidate) => candidate.id === id)
  if (!rate) throw new AppError('NOT_FOUND', `Tax rate ${id} not found`)
  return toTaxRate(rate)
}

export async function createTaxRate(db: Db, values: TaxRateValues): Promise<TaxRate> {
  return taxRateById(db, await moneyRepo.insertTaxRate(db, taxValues(values)))
}

export async function updateTaxRate(db: Db, id: number, values: TaxRateValues): Promise<TaxRate> {
  if (!(await moneyRepo.updateTaxRate(db, id, taxValues(values)))) {
    throw new AppError('NOT_FOUND', `Tax rate ${id} not found`)
  }
  return taxRateById(db, id)
}

export async function deleteTaxRate(db: Db, id: number): Promise<void> {
  if (!(await moneyRepo.removeTaxRate(db, id))) throw new AppError('NOT_FOUND', `Tax rate ${id} not found`)
}

// --- Discount codes -------------------------------------------------------------------------------------------

const discountValues = (values: DiscountValues): moneyRepo.DiscountValues => ({
  code: values.code,
  kind: values.kind,
  // The schema refused anything else.
  amount: discountAmountOf(values.value) ?? 0,
  minSubtotalCents: values.minSubtotal,
  startsAt: values.startsAt,
  endsAt: values.endsAt,
  maxUses: values.maxUses,
  oncePerEmail: values.oncePerEmail,
  active: values.active,
})

function codeTaken(error: unknown, code: string): never {
  if (isUniqueViolation(error)) throw new AppError('CONFLICT', `A discount code '${code}' already exists`)
  throw error
}

export async function listDiscounts(db: Db): Promise<Discount[]> {
  return (await moneyRepo.listDiscounts(db)).map(toDiscount)
}

export async function createDiscount(db: Db, values: DiscountValues): Promise<Discount> {
  try {
    return toDiscount(await moneyRepo.insertDiscount(db, discountValues(values)))
  } catch (error) {
    codeTaken(error, values.code)
  }
}

/** Editing keeps the uses so far; deactivating is `active: false`. */
export async function updateDiscount(db: Db, id: number, values: DiscountValues): Promise<Discount> {
  let updated: moneyRepo.StoredDiscount | undefined
  try {
    updated = await moneyRepo.updateDiscount(db, id, discountValues(values))
  } catch (error) {
    codeTaken(error, values.code)
  }
  if (!updated) throw new AppError('NOT_FOUND', `Discount code ${id} not found`)
  return toDiscount(updated)
}
