const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/** "$1,234.00" from a number or the API's money string. */
export function formatMoney(value: number | string): string {
  return money.format(typeof value === 'string' ? Number(value) : value)
}

/** "Nov 22, 2026" */
export function formatDate(iso: string): string {
  return shortDate.format(new Date(iso))
}
