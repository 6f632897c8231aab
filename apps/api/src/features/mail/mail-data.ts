/** The shop as its mails show it (from the settings). */
export interface MailShop {
  name: string
  email: string
  phone: string
  address: string
}

/** Money is a dollar string as on the wire ('49.00'). */
export interface MailOrderLine {
  name: string
  sku: string
  quantity: number
  price: string
  lineTotal: string
}

export interface MailOrder {
  orderNumber: string
  /** ISO time. */
  createdAt: string
  customerName: string
  customerEmail: string
  shippingAddress: string | null
  notes: string | null
  items: MailOrderLine[]
  total: string
  status: 'pending' | 'processing' | 'completed' | 'cancelled'
  trackingNumber: string | null
  trackingUrl: string | null
}

export interface RenderedMail {
  subject: string
  html: string
  text: string
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** "23 November 2026". */
export function formatDate(iso: string): string {
  return DATE.format(new Date(iso))
}

/** "$1,234.50" from "1234.50". */
export function formatDollars(amount: string): string {
  const [whole = '0', cents = '00'] = amount.replace(/^-/, '').split('.')
  const sign = amount.startsWith('-') ? '-' : ''
  return `${sign}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.padEnd(2, '0')}`
}

/** Only http(s) addresses become links; anything else (javascript:, data:) is shown as text. */
export function isWebLink(url: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(url)
}

/** A header holds one line: any line break (or other control character) in a name becomes a space. */
export function oneLine(text: string): string {
  const spaced = Array.from(text, (char) => {
    const code = char.charCodeAt(0)
    return code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029 ? ' ' : char
  }).join('')
  return spaced.replace(/\s+/g, ' ').trim()
}
