// How the shop writes an amount to people, for the web app, the invoice and the mails alike. No zod here: screens
// that only show amounts must not download the validation library.

// The first `Intl.NumberFormat` with a currency costs 20-50 ms of a phone's main thread (its locale data is loaded on
// demand), in the middle of the first render; US dollars are simple enough to write by hand.
const USD = { style: 'currency', currency: 'USD' } as const
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g
// Past this, or in exponent form, a number's shortest decimal form is not plain digits: Intl writes those.
const MAX_PLAIN_AMOUNT = 1e12

const formatters = new Map<string, Intl.NumberFormat>()

/**
 * An amount in the shop's currency (ISO 4217, its money setting): US dollars as formatMoney writes them, another
 * currency as Intl writes it ("€1,234.00").
 */
export function formatMoneyIn(value: number | string, currency: string | undefined): string {
  if (!currency || currency === 'USD') return formatMoney(value)
  return currencyFormatter(currency).format(typeof value === 'string' ? Number(value) : value)
}

/** Intl's formatter of an ISO 4217 currency, made once per currency. */
export function currencyFormatter(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency)
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency })
    formatters.set(currency, formatter)
  }
  return formatter
}

/** "$1,234.00" from a number or the API's money string (what `Intl.NumberFormat('en-US', USD)` writes). */
export function formatMoney(value: number | string): string {
  const amount = typeof value === 'string' ? Number(value) : value
  const decimal = String(Math.abs(amount))
  if (!(Math.abs(amount) < MAX_PLAIN_AMOUNT) || decimal.includes('e')) {
    return new Intl.NumberFormat('en-US', USD).format(amount)
  }
  // Half up on the shortest decimal form, as Intl rounds: 1.005 is 101 cents, not 100.
  const [whole = '0', fraction = ''] = decimal.split('.')
  const cents = Number(whole + fraction.slice(0, 2).padEnd(2, '0')) + (Number(fraction[2] ?? 0) >= 5 ? 1 : 0)
  const dollars = Math.floor(cents / 100)
    .toString()
    .replace(THOUSANDS, ',')
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : ''
  return `${sign}$${dollars}.${String(cents % 100).padStart(2, '0')}`
}
