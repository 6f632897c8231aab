import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { madeToOrderNote, personalizationLine } from '@shop/schema/display'
import { goodsOnlyCharges, type Order, type OrderItem } from '@shop/schema/orders'
import { noPayment } from '@shop/schema/payments'
import { PDFDocument } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { type InvoiceShop, renderInvoicePdf } from './invoice-pdf'

const SHOP: InvoiceShop = {
  name: 'Grace & Gold Jewelry',
  phone: '(555) 010-7788',
  email: 'hello@graceandgold.example',
  address: '12 Chapel Lane, Springfield, IL 62701, USA',
}

function buildItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id: 1,
    productId: 1,
    variantId: 1,
    name: 'Sterling Silver Cross Necklace',
    price: '49.00',
    quantity: 1,
    sku: 'NEC-001',
    imageUrl: null,
    variantLabel: null,
    personalization: [],
    leadTime: null,
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
    trackingNumber: null,
    trackingUrl: null,
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    createdAt: '2026-11-20T15:30:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
    items,
    ...overrides,
    charges: overrides.charges ?? goodsOnlyCharges(overrides.total ?? '1387.50'),
    paymentStatus: overrides.paymentStatus ?? 'unpaid',
    payment: overrides.payment ?? noPayment(),
  }
}

const ISSUED_AT = new Date('2026-11-22T12:00:00.000Z')
// pdftotext marks right-to-left runs with embedding controls (RLE ... PDF); the tests compare the text without them.
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** Runs a poppler tool on the PDF, written to a temporary file. */
function runPoppler(tool: 'pdftotext' | 'pdffonts', bytes: Uint8Array, args: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-'))
  try {
    const file = join(dir, 'invoice.pdf')
    writeFileSync(file, bytes)
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The text of each page, laid out as on the page by pdftotext (which ends every page with a form feed). */
function readPages(bytes: Uint8Array): string[] {
  return runPoppler('pdftotext', bytes, ['-layout']).replace(BIDI_CONTROLS, '').split('\f').slice(0, -1)
}

function readText(bytes: Uint8Array): string {
  return readPages(bytes).join('\n')
}

type Word = { text: string; xMin: number; xMax: number; yMin: number }

/** Every word pdftotext finds, with its box in points from the top left of its page. */
function readWords(bytes: Uint8Array): Word[] {
  const html = runPoppler('pdftotext', bytes, ['-bbox'])
  return Array.from(
    html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g),
    ([, xMin, yMin, xMax, text]) => ({ text: text ?? '', xMin: Number(xMin), yMin: Number(yMin), xMax: Number(xMax) }),
  )
}

/** The words pdftotext finds on each page, with their boxes in points from the top left of the page. */
function readPageWords(bytes: Uint8Array): Word[][] {
  const html = runPoppler('pdftotext', bytes, ['-bbox'])
  return html
    .split('<page ')
    .slice(1)
    .map((page) =>
      Array.from(
        page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g),
        ([, xMin, yMin, xMax, text]) => ({
          text: text ?? '',
          xMin: Number(xMin),
          yMin: Number(yMin),
          xMax: Number(xMax),
        }),
      ),
    )
}

/** The words on the line of the given word, from left to right. */
function lineAround(words: Word[], text: string): string[] {
  const line = words.find((word) => word.text === text)?.yMin
  return words
    .filter((word) => line !== undefined && Math.abs(word.yMin - line) < 1)
    .sort((a, b) => a.xMin - b.xMin)
    .map((word) => word.text)
}

/** A right-to-left word as its letters stand on the page, from left to right (pdftotext -bbox gives them so). */
function drawn(word: string): string {
  return [...word].reverse().join('')
}

// Right edges of the right-aligned columns: unit price, and line total with the totals below it.
const AMOUNT_RIGHT_EDGES = [422, 552]
// Right edge of the item name column.
const NAME_RIGHT_EDGE = 244

/** Amounts end exactly on their column's edge, and item names stay inside their column. */
function expectColumnsKept(words: Word[]) {
  const amounts = words.filter((word) => word.text.startsWith('$'))
  expect(amounts.length).toBeGreaterThan(0)
  for (const amount of amounts) {
    const distance = Math.min(...AMOUNT_RIGHT_EDGES.map((edge) => Math.abs(edge - amount.xMax)))
    expect(distance, `${amount.text} ends at ${amount.xMax}`).toBeLessThan(0.01)
  }
  const tableTop = words.find((word) => word.text === 'ITEM')?.yMin ?? 0
  const tableBottom = words.find((word) => word.text === 'Subtotal')?.yMin ?? 0
  for (const word of words) {
    if (word.yMin <= tableTop || word.yMin >= tableBottom || word.xMin >= NAME_RIGHT_EDGE) continue
    expect(word.xMax, `${word.text} ends at ${word.xMax}`).toBeLessThanOrEqual(NAME_RIGHT_EDGE + 0.01)
  }
}

/** An order in the scripts customers and admins type: Polish, Greek, Cyrillic and Hebrew. */
function buildUnicodeOrder(): Order {
  return buildOrder({
    customerName: 'Łukasz Zoë',
    customerAddress: 'ul. Świętokrzyska 12, Warszawa',
    items: [
      buildItem({ id: 1, name: 'Ἰησοῦς Χριστός icon pendant', price: '49.00', quantity: 2, sku: 'PEN-GR1' }),
      buildItem({ id: 2, name: 'Жанна Иванова engraved ring', price: '1234.00', quantity: 1, sku: 'RNG-RU2' }),
      buildItem({ id: 3, productId: null, name: 'ישוע המשיח שרשרת כסף', price: '18.50', quantity: 3, sku: 'NEC-HE3' }),
    ],
    notes: 'שלום Shalom 12\nA gift for ישוע המשיח from Łukasz (wrapped)',
  })
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
    const text = readText(await renderInvoicePdf(buildOrder(), SHOP, { issuedAt: ISSUED_AT }))

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
    const text = readText(
      await renderInvoicePdf(buildOrder({ customerAddress: null, notes: null }), SHOP, { issuedAt: ISSUED_AT }),
    )

    expect(text).toContain('No address provided')
    expect(text).not.toContain('NOTES')
  })

  it('lays the text out readably for pdftotext', async () => {
    const bytes = await renderInvoicePdf(buildOrder(), SHOP, { issuedAt: ISSUED_AT })
    const text = readText(bytes)

    for (const expected of ['ORD-1001', 'Maria Hernandez', 'NEC-001', 'BRA-014', 'ROS-203', '$0.00', '$1,387.50']) {
      expect(text).toContain(expected)
    }
    expect(text).toMatch(/Subtotal\s+\$1,387\.50/)
    expectColumnsKept(readWords(bytes))
  })

  it('continues a long order on further pages, repeating the table header', async () => {
    const items = Array.from({ length: 60 }, (_, index) =>
      buildItem({ id: index + 1, name: `Prayer Bead Bracelet No. ${index + 1}`, sku: `BRA-${index + 1}` }),
    )
    const order = buildOrder({ items, total: '2940.00' })
    const bytes = await renderInvoicePdf(order, SHOP, { issuedAt: ISSUED_AT })

    const pages = readPages(bytes)
    expect(pages.length).toBeGreaterThan(1)
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(pages.length)
    const text = pages.join('\n')
    for (const item of items) expect(text).toMatch(new RegExp(`\\b${item.sku}\\b`))
    for (const page of pages) expect(page.match(/LINE TOTAL/g)).toHaveLength(1)
    for (const page of pages.slice(1)) expect(page).toContain('Invoice ORD-1001 (continued)')
    expect(pages.at(-1)).toContain('BRA-60')
    expect(pages.at(-1)).toContain('$2,940.00')
    expect(pages.map((page) => page.match(/Page \d+ of \d+/)?.[0])).toEqual(
      pages.map((_, index) => `Page ${index + 1} of ${pages.length}`),
    )
  })

  it('draws a visible ? for what no font has, instead of throwing', async () => {
    const order = buildOrder({
      customerName: 'Zoë “Joy” Müller 😊',
      items: [buildItem({ name: 'Cross pendant 🙏 十字架 ✝', sku: 'NEC-十' })],
      total: '49.00',
      // Arabic needs shaping that the invoice does not do: it has no font, and must not break the invoice.
      notes: 'Line one\r\nLine two\twith a tab 🎁\nمرحبا\nWith ❤️ from Łódź',
    })
    const text = readText(await renderInvoicePdf(order, SHOP, { issuedAt: ISSUED_AT }))

    expect(text).toContain('Zoë “Joy” Müller ?')
    expect(text).toContain('Cross pendant ? ??? ✝')
    expect(text).toContain('NEC-?')
    expect(text).toContain('Line one')
    expect(text).toContain('Line two with a tab ?')
    expect(text).toMatch(/^\s*\?{5}$/m)
    // The variation selector that makes the heart an emoji is invisible, and Noto Sans Symbols 2 has the heart.
    expect(text).toContain('With ❤ from Łódź')
  })

  it('prints Polish, Greek, Cyrillic and Hebrew text that pdftotext reads back', async () => {
    const bytes = await renderInvoicePdf(buildUnicodeOrder(), SHOP, { issuedAt: ISSUED_AT })
    const text = readText(bytes)

    for (const expected of [
      'Łukasz Zoë',
      'ul. Świętokrzyska 12, Warszawa',
      'Ἰησοῦς Χριστός icon pendant',
      'Жанна Иванова engraved ring',
      // pdftotext turns right-to-left text drawn in visual order back into logical order: letters drawn in the
      // wrong order would come back reversed ('חישמה עושי').
      'ישוע המשיח שרשרת כסף',
    ]) {
      expect(text).toContain(expected)
    }
    expect(text).not.toContain('?')
    // pdftotext -layout misplaces spaces around right-to-left runs in mixed lines, so these are checked word by
    // word as they stand on the page. A line of a left-to-right paragraph keeps its Hebrew words in place...
    const words = readWords(bytes)
    expect(lineAround(words, 'gift')).toEqual([
      'A',
      'gift',
      'for',
      drawn('המשיח'),
      drawn('ישוע'),
      'from',
      'Łukasz',
      '(wrapped)',
    ])
    // ...while a paragraph that starts in Hebrew runs right to left: 'Shalom 12' stands left of 'שלום'.
    expect(lineAround(words, 'Shalom')).toEqual(['Shalom', '12', drawn('שלום')])
    expectColumnsKept(words)
  })

  it('embeds only subsets of the Unicode fonts it uses, and stays small', async () => {
    const bytes = await renderInvoicePdf(buildUnicodeOrder(), SHOP, { issuedAt: ISSUED_AT })
    const fonts = runPoppler('pdffonts', bytes)
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const columns = line.trim().split(/\s+/)
        // name, type (two words), encoding, emb, sub, uni, object number, generation
        return { name: columns[0] ?? '', embedded: columns.at(-5), subset: columns.at(-4) }
      })

    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'NotoSans-Bold',
      'NotoSans-Regular',
      'NotoSansHebrew-Regular',
      'NotoSerif-Regular',
    ])
    for (const font of fonts) expect(font).toMatchObject({ embedded: 'yes', subset: 'yes' })
    // The full Noto Sans alone is 629 kB.
    expect(bytes.length).toBeLessThan(150_000)
  })

  it('renders the same bytes for the same order, also with several invoices at once', async () => {
    const render = (order: Order) => renderInvoicePdf(order, SHOP, { issuedAt: ISSUED_AT })
    const alone = Buffer.from(await render(buildUnicodeOrder()))

    const together = await Promise.all([buildUnicodeOrder(), buildOrder(), buildUnicodeOrder()].map(render))

    expect(Buffer.from(together[0] ?? []).equals(alone)).toBe(true)
    expect(Buffer.from(together[2] ?? []).equals(alone)).toBe(true)
    expect(readText(together[1] ?? new Uint8Array())).toContain('Maria Hernandez')
  })

  it('keeps a letter readable that an earlier invoice drew only as part of an accented letter', async () => {
    // Noto Sans draws 'ӂ' from the glyphs of 'ж' and a breve, and subsetting the first invoice loads that 'ж'
    // without its character: the later invoice must still map its own 'ж' back to text.
    await renderInvoicePdf(buildOrder({ customerName: 'Аӂа Ӂ' }), SHOP, { issuedAt: ISSUED_AT })

    const text = readText(await renderInvoicePdf(buildOrder({ customerName: 'Жужжа' }), SHOP, { issuedAt: ISSUED_AT }))

    expect(text).toContain('Жужжа')
  })

  it('wraps a long Hebrew address line by line, each line right to left', async () => {
    // Only words: pdftotext splits right-to-left lines at numbers and punctuation and writes the pieces from the left.
    const address = 'רחוב הרצל בשכונת נווה צדק בעיר תל אביב יפו במחוז תל אביב במדינת ישראל ליד בית הכנסת הגדול של העיר'
    const bytes = await renderInvoicePdf(buildOrder({ customerName: 'ישוע המשיח', customerAddress: address }), SHOP, {
      issuedAt: ISSUED_AT,
    })
    const lines = readText(bytes)
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /\p{Script=Hebrew}/u.test(line))

    expect(lines[0]).toBe('ישוע המשיח')
    const addressLines = lines.slice(1)
    expect(addressLines.length).toBeGreaterThan(1)
    expect(addressLines.join(' ')).toBe(address)
    const words = readWords(bytes)
    for (const word of words.filter((candidate) => /\p{Script=Hebrew}/u.test(candidate.text))) {
      expect(word.xMin).toBeGreaterThanOrEqual(54)
      expect(word.xMax).toBeLessThanOrEqual(54 + 300 + 0.01)
    }
  })

  it('wraps a long SKU, name and engraving in their columns, every character printed and none cut', async () => {
    const order = buildOrder({
      items: [buildItem({ name: LONGEST_NAME, sku: LONGEST_SKU, personalization: [LONG_ENGRAVING] })],
      total: '49.00',
    })
    const bytes = await renderInvoicePdf(order, SHOP, { issuedAt: ISSUED_AT })

    expect(readText(bytes)).not.toContain('…')
    const pages = readPageWords(bytes)
    expect(pages).toHaveLength(1)
    const [words = []] = pages
    const table = tableWordsOf(words)
    expect(table.sku.length, 'the SKU is wrapped').toBeGreaterThan(1)
    expect(joined(table.sku)).toBe(LONGEST_SKU)
    expect(joined(table.item)).toBe(withoutSpaces(`${LONGEST_NAME}Engraving: ${LONG_ENGRAVING.value}`))
    // The name and the engraving are wrapped, not run on into the SKU column.
    expect(table.item.map((word) => word.yMin).filter(isNewLine).length).toBeGreaterThan(6)
    expectColumnsKept(words)
  })

  it('moves wrapped rows to further pages, and splits a row taller than a page between its lines', async () => {
    const skus = Array.from({ length: 9 }, (_, index) => `${LONGEST_SKU.slice(0, 62)}${String(index).padStart(2, '0')}`)
    const items = skus.map((sku, index) =>
      buildItem({ id: index + 1, name: LONGEST_NAME, sku, personalization: [LONG_ENGRAVING] }),
    )
    // Every field of a line as long as the schema allows, in the widest letters: a row taller than a page.
    const wide = (length: number) => 'W'.repeat(length)
    items[4] = buildItem({
      id: 5,
      name: `Tall ${wide(195)}`,
      sku: skus[4],
      variantLabel: [wide(40), wide(40), wide(40)].join(' / '),
      personalization: [1, 2, 3].map(() => ({ label: wide(40), value: wide(200), surcharge: null })),
      leadTime: { minDays: 10, maxDays: 15 },
    })
    const order = buildOrder({ items, total: '441.00' })
    const bytes = await renderInvoicePdf(order, SHOP, { issuedAt: ISSUED_AT })

    const text = readPages(bytes)
    expect(text.join('\n')).not.toContain('…')
    const pages = readPageWords(bytes)
    expect(pages.length).toBeGreaterThan(2)
    for (const [index, page] of text.entries()) {
      expect(page.match(/LINE TOTAL/g), `page ${index + 1}`).toHaveLength(1)
    }
    expect(text.at(-1)).toContain('$441.00')
    // Page after page, top to bottom, each column holds every line's text in order, nothing left out or repeated.
    const tables = pages.map(tableWordsOf)
    expect(tables.map((table) => joined(table.sku)).join('')).toBe(skus.join(''))
    const itemText = items.map((item) =>
      [
        item.name,
        item.variantLabel ?? '',
        ...item.personalization.map(personalizationLine),
        item.leadTime ? madeToOrderNote(item.leadTime) : '',
      ].join(''),
    )
    expect(tables.map((table) => joined(table.item)).join('')).toBe(withoutSpaces(itemText.join('')))
    // The tall row starts on one page and ends on the next.
    const pageOf = (text: string) => pages.findIndex((words) => words.some((word) => word.text === text))
    expect(pageOf('Tall')).toBeGreaterThanOrEqual(0)
    expect(pageOf('business')).toBe(pageOf('Tall') + 1)
    for (const [index, table] of tables.entries()) {
      // Nothing of the table reaches the thank-you line and the footer at the bottom of the page...
      const lowest = Math.max(...[...table.item, ...table.sku].map((word) => word.yMin))
      expect(lowest, `page ${index + 1}`).toBeLessThan(PAGE_HEIGHT - CONTENT_BOTTOM)
      // ...and no line runs over its column's padding into the next one.
      for (const word of table.item) expect(word.xMax, word.text).toBeLessThanOrEqual(NAME_RIGHT_EDGE + 0.01)
      for (const word of table.sku) expect(word.xMax, word.text).toBeLessThanOrEqual(SKU_COLUMN.right - 6 + 0.01)
    }
  })
})

// The longest SKU (64 characters) and product name (200) the shop stores, and an engraving as long as a
// personalisation field may be (200), with a word too long for the column.
const LONGEST_SKU = 'R2MONEY-MWY9ARSR-'.padEnd(64, 'WM80')
const LONGEST_NAME = 'Handcrafted sterling silver Miraculous Medal pendant WWMM '.repeat(5).slice(0, 200)
const LONG_ENGRAVING = {
  label: 'Engraving',
  value: `For Maria on her confirmation day ${'WM'.repeat(20)} with love from Łódź, Grandma and Grandpa ${'M'.repeat(84)}`,
  surcharge: null,
}
const PAGE_HEIGHT = 792
// Where the table stops, from the bottom of the page.
const CONTENT_BOTTOM = 96
// The columns' edges, from the left of the page: item 54-250, SKU 250-350.
const SKU_COLUMN = { left: 250, right: 350 }

function withoutSpaces(text: string): string {
  return text.replace(/\s+/g, '')
}

/** The words' text, top to bottom and left to right, without the spaces between them. */
function joined(words: Word[]): string {
  return withoutSpaces(words.map((word) => word.text).join(''))
}

function isNewLine(yMin: number, index: number, all: number[]): boolean {
  return index > 0 && Math.abs(yMin - (all[index - 1] ?? yMin)) > 1
}

/** The words of a page's lines table, below its header and above the totals, by column, in reading order. */
function tableWordsOf(words: Word[]): { item: Word[]; sku: Word[] } {
  const top = words.find((word) => word.text === 'ITEM')?.yMin ?? Infinity
  const bottom = words.find((word) => word.text === 'Subtotal')?.yMin ?? PAGE_HEIGHT - CONTENT_BOTTOM + 20
  const rows = words
    .filter((word) => word.yMin > top + 1 && word.yMin < bottom - 1)
    .sort((a, b) => (Math.abs(a.yMin - b.yMin) > 1 ? a.yMin - b.yMin : a.xMin - b.xMin))
  return {
    item: rows.filter((word) => word.xMax <= SKU_COLUMN.left),
    sku: rows.filter((word) => word.xMin >= SKU_COLUMN.left && word.xMax <= SKU_COLUMN.right),
  }
}
