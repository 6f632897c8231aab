const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** "$1,234.50" from cents: how the shop writes an amount to people (invoices, messages). */
export function formatCents(cents: number): string {
  return USD.format(cents / 100)
}
