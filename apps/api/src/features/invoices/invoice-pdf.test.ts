import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inflateSync } from 'node:zlib'
import type { Order, OrderItem } from '@shop/schema/orders'
import type { ShopInfo } from '@shop/schema/shop'
import type { PDFPage } from 'pdf-lib'
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { renderInvoicePdf } from './invoice-pdf'

const SHOP: ShopInfo = {
  name: 'Grace & Gold Jewelry',
  phone: '(555) 010-7788',
  email: 'hello@graceandgold.example',
  address: '12 Chapel Lane, Springfield, IL 62701, USA',
}

function buildItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id: 1,
    productId: 1,
    name: 'Sterling Silver Cross Necklace',
    price: '49.00',
    quantity: 1,
    sku: 'NEC-001',
    imageUrl: null,
    ...overrides,
  }
}

function buildOrder(overrides: Partial<Order> = {}): Order {
  const items = overrides.items ?? [
    buildItem({ id: 1, name: 'Sterling Silver Cross Necklace', price: '49.00', quantity: 2, sku: 'NEC-001' }),
    buildItem({ id: 2, name: 'Hand-Stamped Faith Bracelet', price: '1234.00', quantity: 1, sku: 'BRA-014' }),
    buildItem({ id: 3, productId: null, name: 'Olive Wood Rosary', price: '18.50', quantity: 3, sku: 'ROS-203' }),
  ]
  return {
    id: 7,
    orderNumber: 'ORD-1001',
    customerName: 'Maria Hernandez',
    customerEmail: 'maria@example.com',
    customerAddress: '48 Elm Street, Austin, TX 78701, USA',
    status: 'processing',
    total: '1387.50',
    notes: 'Please gift wrap the rosary.',
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    createdAt: '2026-11-20T15:30:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
    items,
    ...overrides,
  }
}

const ISSUED_AT = new Date('2026-11-22T12:00:00.000Z')
// The standard fonts encode text as WinAnsi (windows-1252). Node's TextDecoder decodes that label as latin1,
// so the 0x80-0x9f range, where windows-1252 differs, is mapped here.
const WIN_ANSI_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'

function decodeWinAnsi(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) =>
    byte >= 0x80 && byte <= 0x9f ? (WIN_ANSI_80_9F[byte - 0x80] ?? '') : String.fromCharCode(byte),
  ).join('')
}

/** The strings a page draws, read from its content streams (pdf-lib writes them as `<hex> Tj`). */
function readPageText(pdf: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents()
  const entries = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : []
  const strings: string[] = []
  for (const entry of entries) {
    const stream = pdf.context.lookup(entry)
    if (!(stream instanceof PDFRawStream)) continue
    const isFlate = stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode')
    const source = Buffer.from(isFlate ? inflateSync(stream.contents) : stream.contents).toString('latin1')
    for (const match of source.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj/g)) {
      strings.push(decodeWinAnsi(Buffer.from((match[1] ?? '').replace(/\s/g, ''), 'hex')))
    }
  }
  return strings.join('\n')
}

describe('renderInvoicePdf', () => {
  it('renders a PDF that pdf-lib loads back, titled after the order number', async () => {
    const bytes = await renderInvoicePdf(buildOrder(), SHOP, { issuedAt: ISSUED_AT })

    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    // updateMetadata: false keeps pdf-lib from stamping itself as producer while loading.
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
    expect(pdf.getTitle()).toBe('Invoice ORD-1001')
    expect(pdf.getAuthor()).toBe(SHOP.name)
    expect(pdf.getProducer()).toBe(SHOP.name)
    expect(pdf.getPageCount()).toBe(1)
    expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 })
  })

  it('shows the shop, the customer, every line and the totals', async () => {
    const pdf = await PDFDocument.load(await renderInvoicePdf(buildOrder(), SHOP, { issuedAt: ISSUED_AT }))
    const text = readPageText(pdf, pdf.getPage(0))

    for (const expected of [
      'Grace & Gold Jewelry',
      'INVOICE',
      'ORD-1001',
      'Nov 20, 2026',
      'Nov 22, 2026',
      'Processing',
      'Maria Hernandez',
      'maria@example.com',
      '48 Elm Street, Austin, TX 78701, USA',
      'NEC-001',
      'BRA-014',
      'ROS-203',
      'Sterling Silver Cross Necklace',
      // 2 x $49.00, 1 x $1,234.00, 3 x $18.50
      '$98.00',
      '$1,234.00',
      '$55.50',
      '$0.00',
      '$1,387.50',
      'Please gift wrap the rosary.',
    ]) {
      expect(text).toContain(expected)
    }
  })

  it('says so when the order has no address', async () => {
    const pdf = await PDFDocument.load(
      await renderInvoicePdf(buildOrder({ customerAddress: null, notes: null }), SHOP, { issuedAt: ISSUED_AT }),
    )
    const text = readPageText(pdf, pdf.getPage(0))

    expect(text).toContain('No address provided')
    expect(text).not.toContain('NOTES')
  })

  it('lays the text out readably for pdftotext', async () => {
    const bytes = await renderInvoicePdf(buildOrder(), SHOP, { issuedAt: ISSUED_AT })
    const dir = mkdtempSync(join(tmpdir(), 'invoice-'))
    try {
      const file = join(dir, 'invoice.pdf')
      writeFileSync(file, bytes)
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })

      for (const expected of ['ORD-1001', 'Maria Hernandez', 'NEC-001', 'BRA-014', 'ROS-203', '$0.00', '$1,387.50']) {
        expect(text).toContain(expected)
      }
      expect(text).toMatch(/Subtotal\s+\$1,387\.50/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('continues a long order on further pages, repeating the table header', async () => {
    const items = Array.from({ length: 60 }, (_, index) =>
      buildItem({ id: index + 1, name: `Prayer Bead Bracelet No. ${index + 1}`, sku: `BRA-${index + 1}` }),
    )
    const order = buildOrder({ items, total: '2940.00' })
    const pdf = await PDFDocument.load(await renderInvoicePdf(order, SHOP, { issuedAt: ISSUED_AT }))

    expect(pdf.getPageCount()).toBeGreaterThan(1)
    const pages = pdf.getPages().map((page) => readPageText(pdf, page))
    const text = pages.join('\n')
    for (const item of items) expect(text).toContain(item.sku)
    for (const page of pages) expect(page.match(/^LINE TOTAL$/gm)).toHaveLength(1)
    for (const page of pages.slice(1)) expect(page).toContain('Invoice ORD-1001 (continued)')
    expect(pages.at(-1)).toContain('BRA-60')
    expect(pages.at(-1)).toContain('$2,940.00')
    expect(pages.map((page) => page.match(/^Page \d+ of \d+$/m)?.[0])).toEqual(
      pages.map((_, index) => `Page ${index + 1} of ${pages.length}`),
    )
  })

  it('replaces characters the standard fonts cannot draw instead of throwing', async () => {
    const order = buildOrder({
      customerName: 'Zoë “Joy” Müller 😊',
      items: [buildItem({ name: 'Cross pendant 🙏 十字架 ✝', sku: 'NEC-十' })],
      total: '49.00',
      notes: 'Line one\r\nLine two\twith a tab 🎁',
    })
    const pdf = await PDFDocument.load(await renderInvoicePdf(order, SHOP, { issuedAt: ISSUED_AT }))
    const text = readPageText(pdf, pdf.getPage(0))

    expect(text).toContain('Zoë “Joy” Müller ?')
    expect(text).toContain('Cross pendant ? ??? ?')
    expect(text).toContain('NEC-?')
    expect(text).toContain('Line one')
    expect(text).toContain('Line two with a tab ?')
  })

  it('wraps or shortens long names to the column width', async () => {
    const longName = `Handcrafted ${'sterling silver '.repeat(20)}cross`
    const order = buildOrder({
      items: [buildItem({ name: longName, sku: 'SKU-'.padEnd(80, 'X') })],
      total: '49.00',
    })
    const pdf = await PDFDocument.load(await renderInvoicePdf(order, SHOP, { issuedAt: ISSUED_AT }))
    const text = readPageText(pdf, pdf.getPage(0))

    expect(text).toContain('Handcrafted sterling silver')
    expect(text).not.toContain(longName)
    expect(text).toContain('…')
  })
})
