/**
 * Currencies, as Stripe counts them: amounts are integers in the currency's smallest unit (cents for USD, whole
 * yen for JPY). Codes travel in lowercase.
 */

/** The currencies Stripe counts without a minor unit: an amount of 500 in JPY is 500 yen. */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
])

/**
 * The smallest total Stripe accepts for a payment, in the smallest unit, for the currencies the stand-in knows.
 * Other currencies are not checked against a minimum (see the README's limits).
 */
const MINIMUM_CHARGE: Readonly<Record<string, number>> = {
  usd: 50,
  eur: 50,
  gbp: 30,
  cad: 50,
  aud: 50,
  nzd: 50,
  chf: 50,
  sgd: 50,
  jpy: 50,
  dkk: 250,
  nok: 300,
  sek: 300,
  pln: 200,
  czk: 1500,
  huf: 17500,
  hkd: 400,
  mxn: 1000,
  aed: 200,
}

/** Stripe caps an amount at eight digits in the smallest unit. */
export const MAX_AMOUNT = 99_999_999

let knownCodes: Set<string> | null = null

/** Whether `code` (lowercase) is an ISO 4217 currency that this Node knows. */
export function isCurrency(code: string): boolean {
  if (!/^[a-z]{3}$/.test(code)) return false
  if (knownCodes === null) {
    knownCodes = new Set(Intl.supportedValuesOf('currency').map((c) => c.toLowerCase()))
  }
  return knownCodes.has(code)
}

export function minimumCharge(currency: string): number | undefined {
  return MINIMUM_CHARGE[currency]
}

function digits(currency: string): number {
  return ZERO_DECIMAL.has(currency) ? 0 : 2
}

/** An amount in the smallest unit written for people: `formatAmount(2500, 'usd')` is `$25.00`. */
export function formatAmount(amount: number, currency: string): string {
  const places = digits(currency)
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  }).format(amount / 10 ** places)
}
