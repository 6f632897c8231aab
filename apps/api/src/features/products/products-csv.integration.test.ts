/**
 * The products CSV through the API, on SQLite and PostgreSQL: the export read back as a spreadsheet
 * program would, an export imported again changing nothing, dry runs and applies, and files that must be refused
 * without a change.
 */
import { Readable } from 'node:stream'
import * as productsRepo from '@shop/db/products'
import { insertCategory } from '@shop/db/testing/factories'
import type { Product, ProductInput } from '@shop/schema/products'
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_MESSAGES,
  type ProductCsvColumn,
  type ProductImportRefusal,
  type ProductImportResult,
} from '@shop/schema/products-csv'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importProductsCsv, multipartForm, productsCsvOf } from '../../testing/products-csv'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let token: string
let rosaries: { id: number; slug: string }
let rings: { id: number; slug: string }

beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
  rosaries = await insertCategory(t.db, { name: 'Rosaries', slug: 'rosaries-csv' })
  rings = await insertCategory(t.db, { name: 'Rings', slug: 'rings-csv' })
})
afterAll(async () => {
  await t.close()
})

type CsvRecord = Record<ProductCsvColumn, string>

function importCsv(file: string | Buffer, mode: string, options: { token?: string | null } = {}) {
  return importProductsCsv(t, options.token === undefined ? token : options.token, file, mode)
}

function exportCsv(query = '', options: { token?: string | null } = {}) {
  const bearer = options.token === undefined ? token : options.token
  return t.request({ method: 'GET', url: `/api/admin/products/export${query}`, ...(bearer ? { token: bearer } : {}) })
}

/** The export's rows, read as a spreadsheet program reads the file (the byte order mark tells it UTF-8). */
function recordsOf(body: string): CsvRecord[] {
  return parse(body, { bom: true, columns: true })
}

const csvOf = productsCsvOf

/** Every product as the admin sees it, for "nothing changed". */
async function everyProduct(): Promise<Product[]> {
  return productsRepo.findMany(t.db, { sort: 'name' })
}

async function createProduct(input: ProductInput): Promise<Product> {
  const response = await t.request({ method: 'POST', url: '/api/admin/products', token, json: input })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Product>()
}

async function adminProduct(id: number): Promise<Product> {
  return (await t.request({ method: 'GET', url: `/api/admin/products/${id}`, token })).json<Product>()
}

function medal(sku: string, overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    name: 'Médaille Miraculeuse "Ōtsu"',
    description: 'Médaille en or, gravée à la main: Ἰησοῦς, שָׁלוֹם.',
    price: 1234.5,
    categoryId: rosaries.id,
    imageUrls: ['/uploads/demo/medal.svg', 'https://images.example.com/medal-back.jpg'],
    sku,
    stock: 7,
    minStock: 2,
    featured: true,
    ...overrides,
  }
}

function ring(sku: string, overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    name: 'Gold Cross Ring',
    description: 'A gold ring with a cross, made by hand in our studio.',
    price: 1,
    categoryId: rings.id,
    imageUrls: ['/uploads/demo/ring.svg'],
    sku,
    stock: 0,
    minStock: 1,
    options: [
      { name: 'Ring size', values: ['5', '6', '7', '8'] },
      { name: 'Metal', values: ['Gold', 'Silver'] },
    ],
    variants: [
      { options: ['5', 'Gold'], sku: `${sku}-5G`, price: 120, stock: 2, minStock: 1 },
      { options: ['6', 'Gold'], sku: `${sku}-6G`, price: 110.25, stock: 3, minStock: 1, imageUrl: '/uploads/r6.svg' },
      {
        options: ['7', 'Silver'],
        sku: `${sku}-7S`,
        price: 95,
        stock: 0,
        minStock: 2,
        active: false,
        leadTime: { minDays: 10, maxDays: 15 },
      },
    ],
    personalization: [{ label: 'Engraving', maxLength: 12, required: false, surcharge: 15 }],
    ...overrides,
  }
}

describe('GET /api/admin/products/export', () => {
  it('writes RFC 4180 with a byte order mark, one row per variant, accents intact and plain decimal amounts', async () => {
    const pendant = await createProduct(medal('CSV-MEDAL'))
    await createProduct(ring('CSV-RING'))

    const response = await exportCsv('?q=CSV-')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(response.headers['cache-control']).toContain('no-store')
    const bytes = response.rawPayload
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.toString('utf8')
    expect(text.slice(1, text.indexOf('\r\n'))).toBe(PRODUCT_CSV_COLUMNS.join(','))

    const records = recordsOf(text)
    expect(records.map((record) => record.variant_sku).sort()).toEqual(
      ['CSV-MEDAL', 'CSV-RING-5G', 'CSV-RING-6G', 'CSV-RING-7S'].sort(),
    )
    const medalRow = records.find((record) => record.product_sku === 'CSV-MEDAL')
    expect(medalRow).toEqual({
      product_sku: 'CSV-MEDAL',
      name: 'Médaille Miraculeuse "Ōtsu"',
      description: 'Médaille en or, gravée à la main: Ἰησοῦς, שָׁלוֹם.',
      category: rosaries.slug,
      product_active: 'true',
      featured: 'true',
      option1_name: '',
      option1_value: '',
      option2_name: '',
      option2_value: '',
      option3_name: '',
      option3_value: '',
      variant_sku: 'CSV-MEDAL',
      price: '1234.50',
      stock: '7',
      min_stock: '2',
      variant_active: 'true',
      lead_min_days: '',
      lead_max_days: '',
      variant_image_url: '',
      image_urls: pendant.imageUrls.join(' '),
    })
    const silver = records.find((record) => record.variant_sku === 'CSV-RING-7S')
    expect(silver).toMatchObject({
      product_sku: 'CSV-RING',
      option1_name: 'Ring size',
      option1_value: '7',
      option2_name: 'Metal',
      option2_value: 'Silver',
      price: '95.00',
      variant_active: 'false',
      lead_min_days: '10',
      lead_max_days: '15',
    })
    expect(records.find((record) => record.variant_sku === 'CSV-RING-6G')).toMatchObject({
      price: '110.25',
      variant_image_url: '/uploads/r6.svg',
    })
  })

  it('exports the filters and sort of the products list, every page of them', async () => {
    // More products than one read of the export takes, so the rows come from several chunks.
    const records = Array.from({ length: 450 }, (_, i) => ({
      product_sku: `BULK-${String(i).padStart(4, '0')}`,
      name: `Bulk Medal ${String((i * 7919) % 450).padStart(3, '0')}`,
      description: 'A medal made in quantity for a test.',
      category: rosaries.slug,
      price: `${(i % 50) + 10}.00`,
      stock: '3',
      min_stock: '1',
      image_urls: '/uploads/demo/bulk.svg',
      product_active: i % 3 === 0 ? 'false' : 'true',
    }))
    const applied = await importCsv(csvOf(records), 'apply')
    expect(applied.statusCode, applied.body).toBe(200)

    for (const query of [
      '?q=Bulk%20Medal&sort=name',
      '?q=BULK-&sort=price-desc',
      `?categoryId=${rosaries.id}&status=inactive`,
    ]) {
      const listed: string[] = []
      for (let page = 1; ; page += 1) {
        const response = await t.request({
          method: 'GET',
          url: `/api/admin/products${query}&page=${page}&pageSize=200`,
          token,
        })
        const products = response.json<Product[]>()
        listed.push(...products.map((product) => product.sku))
        if (products.length < 200) break
      }
      const exported = await exportCsv(query)
      expect(exported.statusCode).toBe(200)
      expect(
        recordsOf(exported.body).map((record) => record.product_sku),
        query,
      ).toEqual(listed)
    }
    const inactive = recordsOf((await exportCsv('?status=inactive&q=BULK-')).body)
    expect(inactive).toHaveLength(150)
    expect(inactive.every((record) => record.product_active === 'false')).toBe(true)
  })

  it('writes text a spreadsheet would run as a formula with an apostrophe, and reads it back as it was', async () => {
    await createProduct(medal('CSV-FORMULA', { name: '=HYPERLINK("x") Medal', description: '+Blessed medal of hope' }))
    const [record] = recordsOf((await exportCsv('?q=CSV-FORMULA')).body)
    expect(record).toMatchObject({ name: `'=HYPERLINK("x") Medal`, description: "'+Blessed medal of hope" })
    const dryRun = await importCsv((await exportCsv('?q=CSV-FORMULA')).body, 'dry-run')
    expect(dryRun.json<ProductImportResult>().rows.map((row) => row.action)).toEqual(['unchanged'])
  })

  it('writes a name that starts with a minus and a formula with an apostrophe, and imports it unchanged', async () => {
    const name = "-2+3+cmd|' /C calc'!A0"
    const description = "-.5+cmd|' /C calc'!A0 (a probe's medal)"
    await createProduct(medal('CSV-MINUS', { name, description, price: 45 }))
    const file = (await exportCsv('?q=CSV-MINUS')).body
    const [record] = recordsOf(file)
    // Amounts stay numbers; text a spreadsheet would run as a formula gets the apostrophe.
    expect(record).toMatchObject({ name: `'${name}`, description: `'${description}`, price: '45.00', stock: '7' })

    const dryRun = await importCsv(file, 'dry-run')
    expect(dryRun.statusCode, dryRun.body).toBe(200)
    expect(dryRun.json<ProductImportResult>().rows).toEqual([{ line: 2, sku: 'CSV-MINUS', name, action: 'unchanged' }])
    // The exported row under a new SKU: the product it creates has the name and description as they were typed.
    const copy = await importCsv(
      csvOf([{ ...record, product_sku: 'CSV-MINUS-COPY', variant_sku: 'CSV-MINUS-COPY' }]),
      'apply',
    )
    expect(copy.statusCode, copy.body).toBe(200)
    const [created] = (await t.request({ method: 'GET', url: '/api/admin/products?q=CSV-MINUS-COPY', token })).json<
      Product[]
    >()
    expect(created).toMatchObject({ sku: 'CSV-MINUS-COPY', name, description })
  })

  it('refuses a filter it does not know with 400, and a request without a session with 401', async () => {
    const bad = await exportCsv('?status=sold-out')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'Status must be active or inactive' })
    expect((await exportCsv('', { token: null })).statusCode).toBe(401)
  })
})

describe('POST /api/admin/products/import', () => {
  it('imports an export unchanged: every row is "unchanged" and nothing is written', async () => {
    const before = await everyProduct()
    const file = (await exportCsv()).rawPayload
    const dryRun = await importCsv(file, 'dry-run')
    expect(dryRun.statusCode, dryRun.body).toBe(200)
    const report = dryRun.json<ProductImportResult>()
    expect(report.errors).toEqual([])
    expect(report.rows.length).toBeGreaterThan(450)
    expect(report.summary).toEqual({ create: 0, update: 0, unchanged: report.rows.length })

    const applied = await importCsv(file, 'apply')
    expect(applied.statusCode, applied.body).toBe(200)
    expect(applied.json<ProductImportResult>().summary.unchanged).toBe(report.rows.length)
    expect(await everyProduct()).toEqual(before)
  })

  it('answers a dry run row by row without changing anything', async () => {
    const existing = await createProduct(medal('CSV-DRY'))
    const before = await everyProduct()
    const file = csvOf([
      { ...recordsOf((await exportCsv('?q=CSV-DRY')).body)[0], price: '99.00' },
      {
        product_sku: 'CSV-DRY-NEW',
        name: 'Saint Benedict Medal',
        description: 'A new medal, only in the dry run.',
        category: rosaries.slug,
        price: '45.00',
        stock: '4',
        min_stock: '1',
        image_urls: '/uploads/demo/benedict.svg',
      },
    ])
    const response = await importCsv(file, 'dry-run')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<ProductImportResult>()).toEqual({
      rows: [
        { line: 2, sku: 'CSV-DRY', name: existing.name, action: 'update' },
        { line: 3, sku: 'CSV-DRY-NEW', name: 'Saint Benedict Medal', action: 'create' },
      ],
      errors: [],
      summary: { create: 1, update: 1, unchanged: 0 },
    })
    expect(await everyProduct()).toEqual(before)
  })

  it('applies creates and updates in one go, and applying the same file again changes nothing', async () => {
    const locket = await createProduct(ring('CSV-LOCKET', { name: 'Heart Locket' }))
    const [five, six, seven] = recordsOf((await exportCsv('?q=CSV-LOCKET')).body)
    // A new price for size 6, a new variant, size 7 left out of the file (it stays), and a new product.
    const file = csvOf([
      { ...five },
      { ...six, price: '130.00', stock: '9' },
      { ...five, option1_value: '8', option2_value: 'Silver', variant_sku: 'CSV-LOCKET-8S', price: '140.00' },
      {
        product_sku: 'CSV-ROSARY',
        name: 'Olive Wood Rosary',
        description: 'Olive wood beads from Bethlehem, knotted by hand.',
        category: rosaries.slug,
        product_active: 'true',
        featured: 'false',
        option1_name: 'Length',
        option1_value: '45 cm',
        variant_sku: 'CSV-ROSARY-45',
        price: '35.00',
        stock: '12',
        min_stock: '3',
        image_urls: '/uploads/demo/rosary.svg /uploads/demo/rosary-2.svg',
      },
      {
        product_sku: 'csv-rosary',
        option1_value: '60 cm',
        variant_sku: 'CSV-ROSARY-60',
        price: '38.50',
        stock: '0',
        min_stock: '1',
        lead_min_days: '5',
        lead_max_days: '9',
      },
    ])
    expect(seven?.variant_sku).toBe('CSV-LOCKET-7S')

    const applied = await importCsv(file, 'apply')
    expect(applied.statusCode, applied.body).toBe(200)
    expect(applied.json<ProductImportResult>().rows.map((row) => [row.line, row.sku, row.action])).toEqual([
      [2, 'CSV-LOCKET-5G', 'unchanged'],
      [3, 'CSV-LOCKET-6G', 'update'],
      [4, 'CSV-LOCKET-8S', 'create'],
      [5, 'CSV-ROSARY-45', 'create'],
      [6, 'CSV-ROSARY-60', 'create'],
    ])

    const updated = await adminProduct(locket.id)
    expect(updated.variants.map((variant) => [variant.id, variant.sku, variant.price, variant.stock])).toEqual([
      [locket.variants[0]?.id, 'CSV-LOCKET-5G', '120.00', 2],
      [locket.variants[1]?.id, 'CSV-LOCKET-6G', '130.00', 9],
      [locket.variants[2]?.id, 'CSV-LOCKET-7S', '95.00', 0],
      [expect.any(Number), 'CSV-LOCKET-8S', '140.00', 2],
    ])
    // Totals are the active variants' (7S is switched off); the personalisation is kept.
    expect(updated).toMatchObject({ price: '120.00', stock: 13 })
    expect(updated.personalization).toEqual(locket.personalization)
    expect(updated.options).toEqual([
      { name: 'Ring size', values: ['5', '6', '7', '8'] },
      { name: 'Metal', values: ['Gold', 'Silver'] },
    ])

    const [rosary] = (await t.request({ method: 'GET', url: '/api/admin/products?q=Olive%20Wood', token })).json<
      Product[]
    >()
    expect(rosary).toMatchObject({
      sku: 'CSV-ROSARY',
      categoryId: rosaries.id,
      price: '35.00',
      stock: 12,
      imageUrls: ['/uploads/demo/rosary.svg', '/uploads/demo/rosary-2.svg'],
      options: [{ name: 'Length', values: ['45 cm', '60 cm'] }],
    })
    expect(rosary?.variants[1]).toMatchObject({ sku: 'CSV-ROSARY-60', leadTime: { minDays: 5, maxDays: 9 } })
    // The public sees it at once: the import emptied the catalog cache.
    const shown = await t.request({ method: 'GET', url: `/api/products/${rosary?.id}` })
    expect(shown.json()).toMatchObject({ name: 'Olive Wood Rosary', price: '35.00' })

    // The audit log says who imported what.
    const [entry] = (await t.request({ method: 'GET', url: '/api/admin/audit-log?pageSize=1', token })).json()
    expect(entry).toMatchObject({
      action: 'imported',
      entity: 'product',
      changes: { created: ['CSV-LOCKET-8S', 'CSV-ROSARY-45', 'CSV-ROSARY-60'], updated: ['CSV-LOCKET-6G'] },
    })

    const before = await everyProduct()
    const again = await importCsv(file, 'apply')
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json<ProductImportResult>().summary).toEqual({ create: 0, update: 0, unchanged: 5 })
    expect(await everyProduct()).toEqual(before)
    // Nothing written, nothing audited.
    const [last] = (await t.request({ method: 'GET', url: '/api/admin/audit-log?pageSize=1', token })).json()
    expect(last.id).toBe(entry.id)
  })

  it('updates a product the public has in its cache, which then sees the new price', async () => {
    const product = await createProduct(medal('CSV-CACHED'))
    expect((await t.request({ method: 'GET', url: `/api/products/${product.id}` })).json()).toMatchObject({
      price: '1234.50',
    })
    const [record] = recordsOf((await exportCsv('?q=CSV-CACHED')).body)
    const applied = await importCsv(csvOf([{ ...record, price: '999.99' }]), 'apply')
    expect(applied.statusCode, applied.body).toBe(200)
    expect((await t.request({ method: 'GET', url: `/api/products/${product.id}` })).json()).toMatchObject({
      price: '999.99',
    })
  })

  describe('refuses a bad file with its line, column and message, and changes nothing', () => {
    const goodRow: Partial<CsvRecord> = {
      product_sku: 'CSV-BAD-1',
      name: 'Carmel Scapular',
      description: 'Brown wool scapular, sewn by the sisters.',
      category: 'rosaries-csv',
      price: '25.00',
      stock: '5',
      min_stock: '1',
      image_urls: '/uploads/demo/scapular.svg',
    }

    async function expectRefused(
      file: string | Buffer,
      status: number,
      errors: ProductImportRefusal['errors'],
    ): Promise<ProductImportRefusal> {
      const before = await everyProduct()
      const response = await importCsv(file, 'apply')
      expect(response.statusCode, response.body).toBe(status)
      const body = response.json<ProductImportRefusal>()
      expect(body.errors).toEqual(errors)
      expect(body.code).toBe(status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST')
      expect(await everyProduct()).toEqual(before)
      return body
    }

    it('that is not UTF-8', async () => {
      const latin1 = Buffer.concat([
        Buffer.from(csvOf([goodRow])),
        Buffer.from('CSV-BAD-2,M'),
        Buffer.from([0xe9]), // "é" in Latin-1
        Buffer.from('daille,x\r\n'),
      ])
      await expectRefused(latin1, 400, [{ line: 3, column: null, message: PRODUCT_CSV_MESSAGES.notUtf8 }])
    })

    it('that holds a NUL character', async () => {
      const [header, row] = csvOf([goodRow]).split('\n')
      const file = `${header}\r\n${row}\r\n${row?.replace('Carmel', 'Car\u0000mel')}\r\n`
      await expectRefused(file, 400, [{ line: 3, column: null, message: PRODUCT_CSV_MESSAGES.nul }])
    })

    it('that lacks a column', async () => {
      const columns = PRODUCT_CSV_COLUMNS.filter((column) => column !== 'price')
      const body = await expectRefused(csvOf([goodRow], columns), 400, [
        { line: 1, column: 'price', message: "The column 'price' is missing from the header row" },
      ])
      expect(body.message).toBe("Line 1, price: The column 'price' is missing from the header row")
    })

    it('with a quote left open', async () => {
      const file = `${csvOf([goodRow])}CSV-BAD-3,"Open quote,${','.repeat(19)}\r\n`
      await expectRefused(file, 400, [{ line: 3, column: 'name', message: PRODUCT_CSV_MESSAGES.quoteNotClosed }])
    })

    /** A file of 10.5 MB of good rows. */
    function tooLargeFile(): string {
      const row = `${csvOf([goodRow]).split('\n')[1]}\n`
      return csvOf([goodRow]) + row.repeat(Math.ceil((10.5 * 1024 * 1024) / row.length))
    }

    it('that is too large', async () => {
      await expectRefused(tooLargeFile(), 413, [{ line: null, column: null, message: PRODUCT_CSV_MESSAGES.tooLarge }])
    })

    it('that is too large, sent without announcing its length', async () => {
      const before = await everyProduct()
      const { payload, headers } = multipartForm([
        { name: 'mode', data: 'apply' },
        { name: 'file', data: tooLargeFile(), filename: 'products.csv' },
      ])
      // Streamed in pieces, without Content-Length: the multipart limit stops the file at 10 MB.
      const pieces = Array.from({ length: Math.ceil(payload.length / 65_536) }, (_, i) =>
        payload.subarray(i * 65_536, (i + 1) * 65_536),
      )
      const response = await t.request({
        method: 'POST',
        url: '/api/admin/products/import',
        token,
        headers,
        payload: Readable.from(pieces),
      })
      expect(response.statusCode, response.body).toBe(413)
      expect(response.json<ProductImportRefusal>().errors).toEqual([
        { line: null, column: null, message: PRODUCT_CSV_MESSAGES.tooLarge },
      ])
      expect(await everyProduct()).toEqual(before)
    })

    it('that gives one SKU twice', async () => {
      const file = csvOf([goodRow, { ...goodRow, product_sku: 'CSV-BAD-4', variant_sku: 'csv-bad-1' }])
      const dryRun = await importCsv(file, 'dry-run')
      expect(dryRun.statusCode).toBe(200)
      const errors = [{ line: 3, column: 'variant_sku', message: "SKU 'csv-bad-1' is already on line 2" }]
      expect(dryRun.json<ProductImportResult>().errors).toEqual(errors)
      await expectRefused(file, 400, errors)
    })

    it('that gives a SKU another product uses', async () => {
      const owner = await createProduct(medal('CSV-OWNED'))
      const file = csvOf([
        { ...goodRow, product_sku: 'CSV-BAD-5' },
        { ...goodRow, product_sku: 'csv-owned-x', variant_sku: 'Csv-Owned' },
      ])
      await expectRefused(file, 400, [
        {
          line: 3,
          column: 'variant_sku',
          message: `SKU 'Csv-Owned' is already used by another product: '${owner.name}' (CSV-OWNED)`,
        },
      ])
    })

    it('with a bad price, stock, category and yes/no', async () => {
      const file = csvOf([
        goodRow,
        { ...goodRow, product_sku: 'CSV-BAD-6', price: '12,50' },
        { ...goodRow, product_sku: 'CSV-BAD-7', price: '0', stock: '-1', category: 'nowhere', featured: 'maybe' },
      ])
      await expectRefused(file, 400, [
        { line: 3, column: 'price', message: 'Price must be a number' },
        { line: 4, column: 'category', message: "No category has the slug 'nowhere'" },
        { line: 4, column: 'featured', message: "Write true or false, not 'maybe'" },
        { line: 4, column: 'price', message: 'Price must be positive' },
        { line: 4, column: 'stock', message: 'Stock cannot be negative' },
      ])
    })

    it('with rows of one product that disagree, or a variant without its options', async () => {
      const file = csvOf([
        { ...goodRow, product_sku: 'CSV-BAD-8', option1_name: 'Size', option1_value: 'S', variant_sku: 'CSV-BAD-8-S' },
        { ...goodRow, product_sku: 'CSV-BAD-8', name: 'Another name', option1_value: '', variant_sku: 'CSV-BAD-8-M' },
      ])
      await expectRefused(file, 400, [
        {
          line: 3,
          column: 'name',
          message: 'Line 2 gives product CSV-BAD-8 another name: the rows of a product repeat its own fields',
        },
        { line: 3, column: 'option1_value', message: "Give this variant's Size" },
      ])
    })

    it('with a row of the wrong length, and a form without a file or mode', async () => {
      await expectRefused(`${csvOf([goodRow])}CSV-BAD-9,Short row\r\n`, 400, [
        { line: 3, column: null, message: 'This row has 2 fields; the header has 21' },
      ])
      const noMode = await t.request({
        method: 'POST',
        url: '/api/admin/products/import',
        token,
        ...multipartForm([{ name: 'file', data: csvOf([goodRow]), filename: 'products.csv' }]),
      })
      expect(noMode.statusCode).toBe(400)
      expect(noMode.json()).toMatchObject({ message: "Mode must be 'dry-run' or 'apply'" })
      const json = await t.request({
        method: 'POST',
        url: '/api/admin/products/import',
        token,
        json: { mode: 'apply' },
      })
      expect(json.statusCode).toBe(400)
      expect(json.json()).toMatchObject({ message: PRODUCT_CSV_MESSAGES.notMultipart })
    })
  })

  it('refuses a request without a session with 401', async () => {
    const response = await importCsv(csvOf([]), 'dry-run', { token: null })
    expect(response.statusCode).toBe(401)
  })

  it('applies 10,000 rows in a few multi-row statements', async () => {
    const file = csvOf(
      Array.from({ length: 10_000 }, (_, i) => ({
        product_sku: `TENK-${Math.floor(i / 4)}`,
        name: `Chapel Medal ${Math.floor(i / 4)}`,
        description: 'A medal of the ten thousand rows test.',
        category: rings.slug,
        option1_name: 'Metal',
        option1_value: ['Gold', 'Silver', 'Bronze', 'Steel'][i % 4],
        variant_sku: `TENK-${Math.floor(i / 4)}-${i % 4}`,
        price: `${20 + (i % 4)}.50`,
        stock: '5',
        min_stock: '1',
        image_urls: '/uploads/demo/chapel.svg',
      })),
    )
    const started = performance.now()
    const created = await importCsv(file, 'apply')
    const createMs = performance.now() - started
    expect(created.statusCode, created.body.slice(0, 500)).toBe(200)
    expect(created.json<ProductImportResult>().summary).toEqual({ create: 10_000, update: 0, unchanged: 0 })

    const changed = file.replace(/,5,1,/g, ',6,1,')
    const restarted = performance.now()
    const updated = await importCsv(changed, 'apply')
    const updateMs = performance.now() - restarted
    expect(updated.json<ProductImportResult>().summary).toEqual({ create: 0, update: 10_000, unchanged: 0 })
    console.info(
      `[products CSV] 10,000 rows (2,500 products): created in ${Math.round(createMs)} ms, ` +
        `updated in ${Math.round(updateMs)} ms`,
    )
    const [sample] = (
      await t.request({ method: 'GET', url: '/api/admin/products?q=Chapel%20Medal%202499', token })
    ).json<Product[]>()
    expect(sample).toMatchObject({ sku: 'TENK-2499', stock: 24, price: '20.50' })
  })
})
