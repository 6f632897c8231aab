const formatters = new Map<string, Intl.NumberFormat>()

function formatterOf(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency)
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency })
    formatters.set(currency, formatter)
  }
  return formatter
}

/**
 * "$1,234.50" from cents: how the shop writes an amount to people (invoices, messages), in the shop's currency
 * (ISO 4217, USD by default). Amounts are cents of the currency: the shop's currencies have two decimal places.
 */
export function formatCents(cents: number, currency = 'USD'): string {
  return formatterOf(currency).format(cents / 100)
}
