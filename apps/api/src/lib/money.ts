import { formatMoneyIn } from '@shop/schema/money-format'

/**
 * "$1,234.50" from cents: how the shop writes an amount to people (invoices, messages), in the shop's currency
 * (ISO 4217, USD by default), by the same formatter as the web app. Amounts are cents of the currency: the shop's
 * currencies have two decimal places.
 */
export function formatCents(cents: number, currency = 'USD'): string {
  return formatMoneyIn(cents / 100, currency)
}
