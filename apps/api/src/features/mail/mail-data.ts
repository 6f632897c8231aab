import { moneyToCents } from '@shop/schema/common'
import { type LeadTime, webLinkOf } from '@shop/schema/display'
import type { OrderCharges } from '@shop/schema/orders'
import type { PaymentMethodKind, PaymentStatus } from '@shop/schema/payments'
import { formatCents } from '../../lib/money'
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
  /** "Size 7 / Sterling silver". */
  variantLabel: string | null
  /** The buyer's text, exactly as typed. */
  personalization: Array<{ label: string; value: string }>
  leadTime: LeadTime | null
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
  /** Subtotal, discount, shipping and tax as charged. */
  charges: OrderCharges
  /** ISO 4217; USD when left out. */
  currency?: string
  status: 'pending' | 'processing' | 'completed' | 'cancelled'
  trackingNumber: string | null
  trackingUrl: string | null
  /**
   * How to pay: the method chosen and the owner's instructions; left out or null: none. The method's kind and the
   * payment status, when given, say whether it is paid (a card order's mails, the owner's notification).
   */
  payment?: {
    methodName: string | null
    instructions: string | null
    method?: PaymentMethodKind | null
    status?: PaymentStatus
  }
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

/** "$1,234.50" from "1234.50": the shop's one way of writing an amount to people (lib/money.ts). */
export function formatDollars(amount: string, currency = 'USD'): string {
  return formatCents(moneyToCents(amount), currency)
}

/** Only http(s) addresses become links; anything else (javascript:, data:) is shown as text (webLinkOf). */
export function isWebLink(url: string): boolean {
  return webLinkOf(url) !== undefined
}

/** A header holds one line: any line break (or other control character) in a name becomes a space. */
export function oneLine(text: string): string {
  const spaced = Array.from(text, (char) => {
    const code = char.charCodeAt(0)
    return code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029 ? ' ' : char
  }).join('')
  return spaced.replace(/\s+/g, ' ').trim()
}
