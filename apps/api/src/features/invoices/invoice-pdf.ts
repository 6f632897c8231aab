import { chargeRows } from '@shop/schema/charges'
import { moneyToCents } from '@shop/schema/common'
import { madeToOrderNote, personalizationLine } from '@shop/schema/display'
import { lineTotalCents, type Order, type OrderItem } from '@shop/schema/orders'
import { PAYMENT_STATUS_LABELS } from '@shop/schema/payments'
import type { ShopInfo } from '@shop/schema/shop'

/** Who issues the invoice, and in which currency (ISO 4217; USD unless the shop's settings say otherwise). */
export type InvoiceShop = Pick<ShopInfo, 'name' | 'phone' | 'email' | 'address'> & { currency?: string }

import type { Color, PDFPage } from 'pdf-lib'
import { PDFDocument, rgb } from 'pdf-lib'
import { formatCents } from '../../lib/money'
import { loadInvoiceFonts } from './invoice-fonts'
import { cleanText, type TextStyle, Typesetter } from './invoice-text'

// US Letter in PDF points (1/72 inch), with 0.75 inch side margins.
const PAGE_WIDTH = 612
const PAGE_HEIGHT = 792
const MARGIN_X = 54
const MARGIN_TOP = 54
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X
const RIGHT_EDGE = PAGE_WIDTH - MARGIN_X
// Content stops here; below it sit the thank-you line and the footer.
const CONTENT_BOTTOM = 96
const THANK_YOU_Y = 70
const FOOTER_RULE_Y = 52
const FOOTER_Y = 38

const INK = rgb(0.13, 0.13, 0.15)
const MUTED = rgb(0.42, 0.42, 0.45)
const RULE = rgb(0.84, 0.84, 0.86)
const ACCENT = rgb(0.62, 0.5, 0.3)
const HEADER_FILL = rgb(0.96, 0.95, 0.93)

const BODY_SIZE = 9.5
// The variant, personalisation and made-to-order lines under an item's name.
const DETAIL_SIZE = 8.5
const ROW_LINE_HEIGHT = 12
const ROW_PADDING_Y = 7
const CELL_PADDING_X = 6
const MAX_ADDRESS_LINES = 5
// Numbers are never truncated: they shrink down to this size instead.
const MIN_NUMBER_SIZE = 6

type Align = 'left' | 'right'
type Column = { label: string; width: number; align: Align }

const COLUMNS = {
  name: { label: 'Item', width: 196, align: 'left' },
  sku: { label: 'SKU', width: 100, align: 'left' },
  price: { label: 'Unit price', width: 78, align: 'right' },
  quantity: { label: 'Qty', width: 42, align: 'right' },
  lineTotal: { label: 'Line total', width: 88, align: 'right' },
} satisfies Record<string, Column>
const COLUMN_ORDER = ['name', 'sku', 'price', 'quantity', 'lineTotal'] as const

// A continuation page: the baseline of its header line, and where its content starts, below the header's rule.
const CONTINUATION_HEADER_Y = PAGE_HEIGHT - MARGIN_TOP - 14
const CONTINUATION_TOP = CONTINUATION_HEADER_Y - 30
const TABLE_HEADER_HEIGHT = 22
// The height a continuation page has for rows, below the column labels.
const PAGE_ROWS_HEIGHT = CONTINUATION_TOP - TABLE_HEADER_HEIGHT - CONTENT_BOTTOM

/** One line of text in a cell of the lines table. */
type CellLine = { text: string; size: number; color: Color }
/** An order line laid out: the item column (name, then what the buyer chose), the SKU column, and the amounts. */
type RowLayout = {
  item: CellLine[]
  sku: CellLine[]
  amounts: { price: string; quantity: string; lineTotal: string }
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})

type TextOptions = {
  x: number
  y: number
  style: TextStyle
  size: number
  maxWidth: number
  color?: Color
  align?: Align | 'center'
}

export async function renderInvoicePdf(
  order: Order,
  shop: InvoiceShop,
  options: { issuedAt?: Date } = {},
): Promise<Uint8Array> {
  const issuedAt = options.issuedAt ?? new Date()
  const pdf = await PDFDocument.create()
  pdf.setTitle(`Invoice ${order.orderNumber}`)
  pdf.setAuthor(shop.name)
  pdf.setProducer(shop.name)
  pdf.setCreator(shop.name)
  pdf.setCreationDate(issuedAt)
  pdf.setModificationDate(issuedAt)

  // pdf-lib's standard fonts only encode WinAnsi (Windows-1252): names in Polish, Greek, Cyrillic or Hebrew need
  // fonts of their own, embedded as subsets.
  const ts = new Typesetter(await loadInvoiceFonts())

  let page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT])
  let y = drawFirstPageHeader(ts, page, order, shop, issuedAt)
  y = drawBillTo(ts, page, order, y)

  const addContinuationPage = () => {
    page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT])
    return drawContinuationHeader(ts, page, order, shop)
  }

  // The lines table goes on below the column labels, repeated on the new page.
  const continueTable = () => {
    const top = addContinuationPage()
    return drawTableHeader(ts, page, top)
  }

  const totalsHeight = 6 * 18 + 24
  const currency = shop.currency ?? 'USD'
  const money = (cents: number) => formatCents(cents, currency)
  y = drawTableHeader(ts, page, y)
  for (const [index, item] of order.items.entries()) {
    const row = layOutRow(ts, item, money)
    const lineCount = Math.max(row.item.length, row.sku.length)
    const rowHeight = rowHeightOf(lineCount)
    // The last line moves along with the totals, so the totals never stand alone on a page (when a page holds both).
    const isLast = index === order.items.length - 1
    const isKeptWithTotals = isLast && rowHeight + totalsHeight <= PAGE_ROWS_HEIGHT
    const needed = rowHeight + (isKeptWithTotals ? totalsHeight : 0)
    // A row that no page could hold starts here when a line of it fits, and goes on over as many pages as it needs;
    // any other row starts on a new page when this one has no room for it.
    const isTallerThanPage = rowHeight > PAGE_ROWS_HEIGHT
    const canStartHere = isTallerThanPage ? y - rowHeightOf(1) >= CONTENT_BOTTOM : y - needed >= CONTENT_BOTTOM
    if (!canStartHere) y = continueTable()
    for (let from = 0; from < lineCount; ) {
      if (from > 0) y = continueTable()
      const fitting = Math.floor((y - CONTENT_BOTTOM - 2 * ROW_PADDING_Y) / ROW_LINE_HEIGHT)
      const to = Math.min(lineCount, from + Math.max(1, fitting))
      drawRow(ts, page, y, row, from, to)
      y -= rowHeightOf(to - from)
      from = to
    }
    page.drawLine({ start: { x: MARGIN_X, y }, end: { x: RIGHT_EDGE, y }, thickness: 0.5, color: RULE })
  }

  if (y - totalsHeight < CONTENT_BOTTOM) y = addContinuationPage()
  y = drawTotals(ts, page, y, order, currency)

  // How the order is paid and how far, when there is a method or a payment to speak of.
  const paymentLines = paymentLinesOf(order, money)
  if (paymentLines.length > 0) {
    if (y - 28 - (paymentLines.length + 1) * ROW_LINE_HEIGHT < CONTENT_BOTTOM) y = addContinuationPage()
    y -= 28
    drawText(ts, page, 'PAYMENT', { x: MARGIN_X, y, style: 'bold', size: 8, color: MUTED, maxWidth: CONTENT_WIDTH })
    y -= 16
    for (const line of paymentLines) {
      drawText(ts, page, cleanText(line), {
        x: MARGIN_X,
        y,
        style: 'regular',
        size: BODY_SIZE,
        color: INK,
        maxWidth: CONTENT_WIDTH,
      })
      y -= ROW_LINE_HEIGHT
    }
  }

  if (order.notes?.trim()) {
    const noteLines = ts.wrap(cleanText(order.notes.trim()), 'regular', BODY_SIZE, CONTENT_WIDTH)
    // Keep the heading together with at least the first line of the notes.
    if (y - 28 - 2 * ROW_LINE_HEIGHT < CONTENT_BOTTOM) y = addContinuationPage()
    y -= 28
    drawText(ts, page, 'NOTES', { x: MARGIN_X, y, style: 'bold', size: 8, color: MUTED, maxWidth: CONTENT_WIDTH })
    y -= 16
    for (const line of noteLines) {
      if (y < CONTENT_BOTTOM) y = addContinuationPage() - 6
      drawText(ts, page, line, {
        x: MARGIN_X,
        y,
        style: 'regular',
        size: BODY_SIZE,
        color: INK,
        maxWidth: CONTENT_WIDTH,
      })
      y -= ROW_LINE_HEIGHT
    }
  }

  drawText(ts, page, 'Thank you for your order. Each piece is handcrafted with care and made to be treasured.', {
    x: PAGE_WIDTH / 2,
    y: THANK_YOU_Y,
    style: 'brand',
    size: 11,
    color: INK,
    maxWidth: CONTENT_WIDTH,
    align: 'center',
  })
  drawFooters(ts, pdf.getPages(), order, shop)
  await ts.drawOnto(pdf)

  return pdf.save()
}

function formatDate(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value
  return Number.isNaN(date.getTime()) ? String(value) : DATE_FORMAT.format(date)
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1)
}

/** Draws one line of cleaned text, cut to maxWidth and aligned on x. */
function drawText(ts: Typesetter, page: PDFPage, value: string, options: TextOptions) {
  const { style, size, maxWidth, align = 'left' } = options
  const text = ts.fit(value, style, size, maxWidth)
  const width = ts.widthOf(text, style, size)
  const x = align === 'right' ? options.x - width : align === 'center' ? options.x - width / 2 : options.x
  ts.draw(page, text, { x, y: options.y, style, size, color: options.color ?? INK })
}

/** Draws a number or amount whole, shrinking the font when the column is too narrow. */
function drawNumber(ts: Typesetter, page: PDFPage, value: string, options: TextOptions) {
  let size = options.size
  while (size > MIN_NUMBER_SIZE && ts.widthOf(value, options.style, size) > options.maxWidth) size -= 0.5
  drawText(ts, page, value, { ...options, size })
}

function drawFirstPageHeader(ts: Typesetter, page: PDFPage, order: Order, shop: InvoiceShop, issuedAt: Date): number {
  const top = PAGE_HEIGHT - MARGIN_TOP
  const leftWidth = 270
  const metaLeft = 350

  // Shop identity, left.
  const shopName = cleanText(shop.name)
  let brandSize = 26
  while (brandSize > 16 && ts.widthOf(shopName, 'brand', brandSize) > leftWidth) brandSize -= 1
  let leftY = top - 20
  drawText(ts, page, shopName, { x: MARGIN_X, y: leftY, style: 'brand', size: brandSize, maxWidth: leftWidth })
  leftY -= 20
  const shopLines = [
    ...ts.wrap(cleanText(shop.address), 'regular', 9, leftWidth, 3),
    cleanText(shop.phone),
    cleanText(shop.email),
  ].filter((line) => line.trim())
  for (const line of shopLines) {
    drawText(ts, page, line, { x: MARGIN_X, y: leftY, style: 'regular', size: 9, color: MUTED, maxWidth: leftWidth })
    leftY -= 12
  }

  // Invoice facts, right.
  let rightY = top - 20
  drawText(ts, page, 'INVOICE', { x: RIGHT_EDGE, y: rightY, style: 'bold', size: 22, maxWidth: 200, align: 'right' })
  rightY -= 24
  const facts: [string, string][] = [
    ['Invoice number', cleanText(order.orderNumber)],
    ['Order date', formatDate(order.createdAt)],
    ['Invoice date', formatDate(issuedAt)],
    ['Status', capitalize(cleanText(order.status))],
  ]
  const labelWidth = 78
  for (const [label, value] of facts) {
    drawText(ts, page, label, { x: metaLeft, y: rightY, style: 'regular', size: 9, color: MUTED, maxWidth: labelWidth })
    drawText(ts, page, value, {
      x: RIGHT_EDGE,
      y: rightY,
      style: 'bold',
      size: 9,
      maxWidth: RIGHT_EDGE - metaLeft - labelWidth,
      align: 'right',
    })
    rightY -= 14
  }

  const bottom = Math.min(leftY, rightY) - 6
  page.drawLine({ start: { x: MARGIN_X, y: bottom }, end: { x: RIGHT_EDGE, y: bottom }, thickness: 1.2, color: ACCENT })
  return bottom
}

function drawBillTo(ts: Typesetter, page: PDFPage, order: Order, top: number): number {
  const width = 300
  let y = top - 26
  drawText(ts, page, 'BILL TO', { x: MARGIN_X, y, style: 'bold', size: 8, color: MUTED, maxWidth: width })
  y -= 16
  drawText(ts, page, cleanText(order.customerName), { x: MARGIN_X, y, style: 'bold', size: 11, maxWidth: width })
  y -= 14
  const email = cleanText(order.customerEmail)
  drawText(ts, page, email, { x: MARGIN_X, y, style: 'regular', size: BODY_SIZE, maxWidth: width })
  y -= 13
  const address = order.customerAddress?.trim()
  const addressLines = address
    ? ts.wrap(cleanText(address), 'regular', BODY_SIZE, width, MAX_ADDRESS_LINES)
    : ['No address provided']
  for (const line of addressLines) {
    const color = address ? INK : MUTED
    drawText(ts, page, line, { x: MARGIN_X, y, style: 'regular', size: BODY_SIZE, color, maxWidth: width })
    y -= 13
  }
  return y - 14
}

function drawContinuationHeader(ts: Typesetter, page: PDFPage, order: Order, shop: InvoiceShop): number {
  const y = CONTINUATION_HEADER_Y
  drawText(ts, page, cleanText(shop.name), { x: MARGIN_X, y, style: 'brand', size: 16, maxWidth: 280 })
  drawText(ts, page, `Invoice ${cleanText(order.orderNumber)} (continued)`, {
    x: RIGHT_EDGE,
    y,
    style: 'regular',
    size: 9,
    color: MUTED,
    maxWidth: 200,
    align: 'right',
  })
  const bottom = y - 12
  page.drawLine({ start: { x: MARGIN_X, y: bottom }, end: { x: RIGHT_EDGE, y: bottom }, thickness: 1.2, color: ACCENT })
  return CONTINUATION_TOP
}

function drawTableHeader(ts: Typesetter, page: PDFPage, top: number): number {
  const height = TABLE_HEADER_HEIGHT
  page.drawRectangle({ x: MARGIN_X, y: top - height, width: CONTENT_WIDTH, height, color: HEADER_FILL })
  let x = MARGIN_X
  for (const key of COLUMN_ORDER) {
    const column: Column = COLUMNS[key]
    drawText(ts, page, column.label.toUpperCase(), {
      x: column.align === 'right' ? x + column.width - CELL_PADDING_X : x + CELL_PADDING_X,
      y: top - 14.5,
      style: 'bold',
      size: 7.5,
      color: MUTED,
      maxWidth: column.width - 2 * CELL_PADDING_X,
      align: column.align,
    })
    x += column.width
  }
  return top - height
}

function rowHeightOf(lineCount: number): number {
  return lineCount * ROW_LINE_HEIGHT + 2 * ROW_PADDING_Y
}

/**
 * An invoice is a legal record of what was sold: the SKU, the name and every personalisation are wrapped onto as
 * many lines as they need, never shortened, and the row grows to the tallest column.
 */
function layOutRow(ts: Typesetter, item: OrderItem, money: (cents: number) => string): RowLayout {
  const wrapIn = (column: Column, text: string, size: number, color: Color): CellLine[] =>
    ts
      .wrap(cleanText(text), 'regular', size, column.width - 2 * CELL_PADDING_X)
      .map((line) => ({ text: line, size, color }))
  // What the buyer chose, under the name: the variant, each personalisation exactly as typed, made to order.
  const details = [
    ...(item.variantLabel ? [item.variantLabel] : []),
    ...item.personalization.map(personalizationLine),
    ...(item.leadTime ? [madeToOrderNote(item.leadTime)] : []),
  ]
  return {
    item: [
      ...wrapIn(COLUMNS.name, item.name, BODY_SIZE, INK),
      ...details.flatMap((detail) => wrapIn(COLUMNS.name, detail, DETAIL_SIZE, MUTED)),
    ],
    sku: wrapIn(COLUMNS.sku, item.sku, BODY_SIZE, MUTED),
    amounts: {
      price: money(moneyToCents(item.price)),
      quantity: String(item.quantity),
      lineTotal: money(lineTotalCents(item)),
    },
  }
}

/** Draws lines `from` to `to` of a row below `top`; its amounts stand on its first line. */
function drawRow(ts: Typesetter, page: PDFPage, top: number, row: RowLayout, from: number, to: number) {
  const baseline = top - ROW_PADDING_Y - 9
  let x = MARGIN_X
  for (const key of COLUMN_ORDER) {
    const column: Column = COLUMNS[key]
    const cellX = column.align === 'right' ? x + column.width - CELL_PADDING_X : x + CELL_PADDING_X
    const maxWidth = column.width - 2 * CELL_PADDING_X
    const base: TextOptions = {
      x: cellX,
      y: baseline,
      style: 'regular',
      size: BODY_SIZE,
      maxWidth,
      align: column.align,
    }
    if (key === 'name' || key === 'sku') {
      for (const [index, line] of row[key === 'name' ? 'item' : 'sku'].slice(from, to).entries()) {
        drawText(ts, page, line.text, {
          ...base,
          y: baseline - index * ROW_LINE_HEIGHT,
          size: line.size,
          color: line.color,
        })
      }
    } else if (from === 0) {
      drawNumber(ts, page, row.amounts[key], key === 'lineTotal' ? { ...base, style: 'bold' } : base)
    }
    x += column.width
  }
}

/** "Bank transfer: Paid", then what was paid and refunded; nothing for an order with no method and no payment. */
function paymentLinesOf(order: Order, money: (cents: number) => string): string[] {
  const { payment } = order
  const paid = moneyToCents(payment.paid)
  const refunded = moneyToCents(payment.refunded)
  if (!payment.methodName && paid === 0) return []
  const status = PAYMENT_STATUS_LABELS[payment.status]
  const lines = [payment.methodName ? `${payment.methodName}: ${status}` : status]
  if (paid > 0) lines.push(`Paid ${money(paid)}${refunded > 0 ? `, refunded ${money(refunded)}` : ''}`)
  return lines
}

/**
 * The order's money as charged and stored, in the ledger's words of the shop's one rule (@shop/schema/charges):
 * subtotal, the discount and its code, shipping and its method, tax (added, or included in the prices), total, with
 * "Shipping $0.00" and "Tax $0.00" printed when they cost nothing, as the admin's order summary shows them.
 */
function drawTotals(ts: Typesetter, page: PDFPage, top: number, order: Order, currency: string): number {
  const labelX = 300
  const labelWidth = 150
  const valueX = RIGHT_EDGE - CELL_PADDING_X
  const valueWidth = valueX - labelX - labelWidth
  let y = top - 22
  for (const row of chargeRows({ ...order.charges, total: order.total }, { audience: 'ledger', currency })) {
    if (row.kind === 'total') {
      y += 4
      page.drawLine({ start: { x: labelX, y }, end: { x: RIGHT_EDGE, y }, thickness: 0.8, color: INK })
      y -= 18
      drawText(ts, page, row.label, { x: labelX, y, style: 'bold', size: 12, maxWidth: labelWidth })
      drawNumber(ts, page, row.amount, { x: valueX, y, style: 'bold', size: 12, maxWidth: valueWidth, align: 'right' })
      continue
    }
    drawText(ts, page, cleanText(row.label), {
      x: labelX,
      y,
      style: 'regular',
      size: BODY_SIZE,
      color: MUTED,
      maxWidth: labelWidth,
    })
    drawNumber(ts, page, row.amount, {
      x: valueX,
      y,
      style: 'regular',
      size: BODY_SIZE,
      maxWidth: valueWidth,
      align: 'right',
    })
    y -= 16
  }
  return y - 6
}

function drawFooters(ts: Typesetter, pages: PDFPage[], order: Order, shop: InvoiceShop) {
  const left = `${cleanText(shop.name)}  \u00b7  Invoice ${cleanText(order.orderNumber)}`
  pages.forEach((page, index) => {
    page.drawLine({
      start: { x: MARGIN_X, y: FOOTER_RULE_Y },
      end: { x: RIGHT_EDGE, y: FOOTER_RULE_Y },
      thickness: 0.5,
      color: RULE,
    })
    const style = { y: FOOTER_Y, style: 'regular', size: 8, color: MUTED } as const
    drawText(ts, page, left, { ...style, x: MARGIN_X, maxWidth: 380 })
    drawText(ts, page, `Page ${index + 1} of ${pages.length}`, {
      ...style,
      x: RIGHT_EDGE,
      maxWidth: 100,
      align: 'right',
    })
  })
}
