/**
 * The invoice part of pnpm bench: renders one five-line order in this process, over and over after a warm-up, and
 * reports the time per invoice and the size of the PDF. The order mixes the scripts the invoice fonts cover, so
 * every typeface and the right-to-left layout are part of the figure.
 */
import { goodsOnlyCharges, type Order } from '@shop/schema/orders'
import { noPayment } from '@shop/schema/payments'
import { type InvoiceShop, renderInvoicePdf } from '../features/invoices/invoice-pdf'

const SHOP: InvoiceShop = {
  name: 'Grace & Gold Jewelry',
  phone: '(555) 010-7788',
  email: 'hello@graceandgold.example',
  address: '12 Chapel Lane, Springfield, IL 62701, USA',
}

const LINES: Array<[name: string, sku: string, price: string, quantity: number]> = [
  ['Sterling Silver Cross Necklace', 'NEC-001', '49.00', 2],
  ['Ἰησοῦς Χριστός icon pendant', 'PEN-014', '120.00', 1],
  ['Жанна Иванова engraved ring', 'RNG-203', '310.00', 1],
  ['שרשרת כסף ישוע המשיח', 'NEC-077', '85.50', 3],
  ['Hand-stamped faith bracelet with a long engraved inscription inside the band', 'BRA-310', '64.25', 4],
]

const ORDER: Order = {
  id: 1,
  orderNumber: 'ORD-1001',
  customerName: 'Łukasz Zoë',
  customerEmail: 'lukasz@example.com',
  customerAddress: 'ul. Świętokrzyska 12, 00-116 Warszawa, Polska',
  status: 'processing',
  total: '1041.50',
  notes: 'Please gift wrap the necklaces separately.',
  itemCount: LINES.reduce((sum, [, , , quantity]) => sum + quantity, 0),
  createdAt: '2026-11-20T15:30:00.000Z',
  updatedAt: '2026-11-20T15:30:00.000Z',
  trackingNumber: null,
  trackingUrl: null,
  charges: goodsOnlyCharges('1041.50'),
  paymentStatus: 'unpaid',
  payment: noPayment(),
  items: LINES.map(([name, sku, price, quantity], index) => ({
    id: index + 1,
    productId: index + 1,
    variantId: index + 1,
    variantLabel: index % 2 === 0 ? 'Size 7 / Sterling silver' : null,
    personalization: index === 0 ? [{ label: 'Engraving', value: 'Ἰησοῦς ✝ José', surcharge: '10.00' }] : [],
    leadTime: index === 1 ? { minDays: 10, maxDays: 15 } : null,
    name,
    sku,
    price,
    quantity,
    imageUrl: null,
  })),
}

export type InvoiceFigures = { count: number; msPerInvoice: number; bytes: number; firstMs: number }

/** Renders `count` invoices one after another; the first one, which also loads the fonts, is timed apart. */
export async function measureInvoices(count = 200): Promise<InvoiceFigures> {
  let started = performance.now()
  const pdf = await renderInvoicePdf(ORDER, SHOP)
  const firstMs = performance.now() - started
  // Warm up the JIT and fontkit's glyph caches before measuring.
  for (let index = 0; index < 20; index++) await renderInvoicePdf(ORDER, SHOP)
  started = performance.now()
  for (let index = 0; index < count; index++) await renderInvoicePdf(ORDER, SHOP)
  return { count, msPerInvoice: (performance.now() - started) / count, bytes: pdf.length, firstMs }
}
