import type { MoneyRules, StoredDiscount, StoredMethod, StoredTaxRate, StoredZone } from '@shop/db/money'
import { regionCodeOf, regionProblem } from '@shop/schema/regions'
import { AppError } from '../../lib/app-error'
import { formatCents } from '../../lib/money'
import { computeTotals, discountCentsOf, shippingCentsOf, type Totals, type TotalsLine } from './totals'

/**
 * What an address, a method choice and a code make of a cart: the shop's shipping, tax and discount rules around the pure totals
 * (totals.ts). Pure: the caller reads the settings, the code and its uses.
 */

/**
 * A state as the shop compares it: its ISO 3166-2 code when `text` names one of the country's states by code or by
 * name ("California" and "ca" are "CA"), else the text in capitals. Orders carry codes; a zone area or a tax rate
 * an owner typed by name, or saved before orders carried codes, still matches them.
 */
function stateKey(country: string, text: string): string {
  return regionCodeOf(country, text) ?? text.trim().toUpperCase()
}

/** The zone that covers the address: a zone naming its state beats one naming only its country; then the first. */
export function zoneFor(zones: readonly StoredZone[], country: string, region: string | null): StoredZone | undefined {
  const state = region ? stateKey(country, region) : undefined
  const scoreOf = (area: string) => {
    if (area === country) return 1
    const prefix = `${country}-`
    return state !== undefined && area.startsWith(prefix) && stateKey(country, area.slice(prefix.length)) === state
      ? 2
      : 0
  }
  let best: StoredZone | undefined
  let bestScore = 0
  for (const zone of zones) {
    const score = zone.areas.reduce((top, area) => Math.max(top, scoreOf(area)), 0)
    if (score > bestScore) {
      best = zone
      bestScore = score
    }
  }
  return best
}

/** The rate of the address's state if there is one, else its country's; none: no tax. */
export function taxRateFor(
  rates: readonly StoredTaxRate[],
  country: string,
  region: string | null,
): StoredTaxRate | undefined {
  const state = region ? stateKey(country, region) : undefined
  const ofCountry = rates.filter((rate) => rate.country === country)
  return (
    (state ? ofCountry.find((rate) => rate.region !== null && stateKey(country, rate.region) === state) : undefined) ??
    ofCountry.find((rate) => rate.region === null)
  )
}

export interface DiscountState {
  /** The code as stored, or undefined when no code of that name exists. */
  discount: StoredDiscount | undefined
  /** Uses the orders before this one (in the same batch) have taken. */
  usesTakenBefore: number
  /** The buyer's address has used this once-per-e-mail code already. */
  usedByEmail: boolean
}

/** Why the code does not apply, in the buyer's words; undefined when it does. */
export function discountProblem(
  code: string,
  state: DiscountState,
  subtotalCents: number,
  now: string,
  currency: string,
): string | undefined {
  const { discount } = state
  if (!discount) return `Code ${code} does not exist`
  if (!discount.active) return `Code ${code} is no longer active`
  if (discount.startsAt && now < discount.startsAt) return `Code ${code} is not valid yet`
  if (discount.endsAt && now >= discount.endsAt) return `Code ${code} has expired`
  if (discount.maxUses !== null && discount.uses + state.usesTakenBefore >= discount.maxUses) {
    return `Code ${code} has been used up`
  }
  if (discount.oncePerEmail && state.usedByEmail) return `Code ${code} has already been used with this e-mail address`
  if (discount.minSubtotalCents !== null && subtotalCents < discount.minSubtotalCents) {
    return `Code ${code} needs a subtotal of at least ${formatCents(discount.minSubtotalCents, currency)}`
  }
  return undefined
}

export interface PricingRequest {
  lines: readonly TotalsLine[]
  country: string | undefined
  region: string | undefined
  shippingMethodId: number | undefined
  code: string | undefined
  discount: DiscountState
  now: string
}

export interface Priced extends Totals {
  country: string
  region: string | null
  zone: StoredZone | undefined
  method: StoredMethod | undefined
  /** The zone's methods with what each would cost this order. */
  methodCosts: Array<StoredMethod & { costCents: number }>
  taxRate: StoredTaxRate | undefined
  /** The code applied (upper case), or null. */
  discountCode: string | null
  discountApplied: boolean
  /** "Code applied: -$12.00", or why not; null without a code. */
  discountMessage: string | null
  /** The code's id when applied: its use is taken when the order is written. */
  discountId: number | null
}

/**
 * Prices the cart for the address. Refuses (400) a region that is not a state of the address's country, an address
 * no zone covers, when the shop has zones (a shop with none ships everywhere free, as a new shop does), and a
 * method the zone does not offer. A code that does not apply is an answer (discountMessage), not an error: the
 * quote shows it, and order creation refuses it.
 */
export function priceCart(rules: MoneyRules, request: PricingRequest): Priced | AppError {
  const { settings } = rules
  const country = request.country ?? settings.defaultCountry
  const named = request.region?.trim()
  // The schema refuses a region that is not a state of the country the client names; here the same rule covers
  // the shop's default country too. The region is then one code ("CA" for "ca", "US-CA" or "California"): the
  // zone, the tax rate and the stored order all use this one value.
  const problem = named ? regionProblem(country, named) : undefined
  if (problem) return new AppError('BAD_REQUEST', problem)
  const region = named ? (regionCodeOf(country, named) ?? null) : null
  const zone = zoneFor(rules.zones, country, region)
  if (rules.zones.length > 0 && !zone) {
    return new AppError(
      'BAD_REQUEST',
      region
        ? `We do not ship to ${region}, ${country} yet. Please choose another address.`
        : `We do not ship to ${country} yet. Please choose another address.`,
    )
  }
  let method: StoredMethod | undefined
  if (zone) {
    method =
      request.shippingMethodId === undefined
        ? zone.methods[0]
        : zone.methods.find((candidate) => candidate.id === request.shippingMethodId)
    if (!method) {
      return new AppError('BAD_REQUEST', `Shipping method ${request.shippingMethodId} is not offered for this address`)
    }
  }
  const subtotalCents = request.lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0)
  let discountMessage: string | null = null
  let applied: StoredDiscount | undefined
  if (request.code) {
    const problem = discountProblem(request.code, request.discount, subtotalCents, request.now, settings.currency)
    if (problem) discountMessage = problem
    else applied = request.discount.discount
  }
  const taxRate = taxRateFor(rules.taxRates, country, region)
  const totals = computeTotals({
    lines: request.lines,
    discount: applied ? { kind: applied.kind, amount: applied.amount } : null,
    shipping: method ? { priceCents: method.priceCents, freeOverCents: method.freeOverCents } : null,
    tax: taxRate ? { rateBp: taxRate.rateBp, appliesToShipping: taxRate.appliesToShipping } : null,
    pricesIncludeTax: settings.pricesIncludeTax,
  })
  if (applied) discountMessage = `Code applied: -${formatCents(totals.discountCents, settings.currency)}`
  const goodsCents = subtotalCents - discountCentsOf(subtotalCents, applied ?? null)
  return {
    ...totals,
    country,
    region,
    zone,
    method,
    methodCosts: (zone?.methods ?? []).map((candidate) => ({
      ...candidate,
      costCents: shippingCentsOf(goodsCents, candidate),
    })),
    taxRate,
    discountCode: applied ? applied.code : null,
    discountApplied: applied !== undefined,
    discountMessage,
    discountId: applied ? applied.id : null,
  }
}
