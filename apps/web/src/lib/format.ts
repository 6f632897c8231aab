// Amounts are written by @shop/schema/money-format, the one way the web app, the invoice and the mails write money.
export { currencyFormatter, formatMoney, formatMoneyIn } from '@shop/schema/money-format'

let shortDate: Intl.DateTimeFormat | undefined

/** "Nov 22, 2026" */
export function formatDate(iso: string): string {
  shortDate ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
  return shortDate.format(new Date(iso))
}

let dateTime: Intl.DateTimeFormat | undefined

/** "Nov 22, 2026, 3:05 PM" */
export function formatDateTime(iso: string): string {
  dateTime ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
  return dateTime.format(new Date(iso))
}
