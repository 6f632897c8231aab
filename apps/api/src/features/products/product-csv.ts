import { isUtf8 } from 'node:buffer'
import type { Product } from '@shop/schema/products'
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_MESSAGES,
  type ProductCsvColumn,
  type ProductImportError,
  type ProductImportResult,
} from '@shop/schema/products-csv'
import { CsvError, parse } from 'csv-parse/sync'
import { type CsvCell, restoreFormulaText } from '../../lib/csv'

/** The products CSV (columns in @shop/schema/products-csv): a product's rows for an export, and a file read back. */

/** One row per variant: the product's own fields repeated, then the variant's. */
export function productCsvRows(product: Product): CsvCell[][] {
  return product.variants.map((variant) => {
    const cells: Record<ProductCsvColumn, CsvCell> = {
      product_sku: product.sku,
      name: product.name,
      description: product.description,
      category: product.categorySlug,
      product_active: product.active,
      featured: product.featured,
      option1_name: product.options[0]?.name,
      option1_value: variant.options[0],
      option2_name: product.options[1]?.name,
      option2_value: variant.options[1],
      option3_name: product.options[2]?.name,
      option3_value: variant.options[2],
      variant_sku: variant.sku,
      price: variant.price,
      stock: variant.stock,
      min_stock: variant.minStock,
      variant_active: variant.active,
      lead_min_days: variant.leadTime?.minDays,
      lead_max_days: variant.leadTime?.maxDays,
      variant_image_url: variant.imageUrl,
      // A URL holds no space (ZImageUrl), so a space parts them unambiguously.
      image_urls: product.imageUrls.join(' '),
    }
    return PRODUCT_CSV_COLUMNS.map((column) => cells[column])
  })
}

/** A data row of a file: its line as a spreadsheet counts (header = 1) and its cells, trimmed. */
export interface CsvRow {
  line: number
  cells: Record<ProductCsvColumn, string>
}

/**
 * An import refused as a whole, and nothing changed: a file that cannot be read (400), one too large (413), or
 * one with errors that an apply will not write (400, with the dry run's report).
 */
export class ProductCsvRefusal extends Error {
  override readonly name = 'ProductCsvRefusal'
  readonly report: ProductImportResult
  constructor(
    readonly status: 400 | 413,
    report: ProductImportError[] | ProductImportResult,
  ) {
    const full = Array.isArray(report)
      ? { rows: [], errors: report, summary: { create: 0, update: 0, unchanged: 0 } }
      : report
    const [first] = full.errors
    super(
      full.errors.length === 1 && first
        ? `${placeOf(first)}${first.message}`
        : `The file has ${full.errors.length} errors: nothing was imported`,
    )
    this.report = full
  }
}

/** "Line 4, price: " for an error of a cell, "" for one of the whole file. */
function placeOf(error: ProductImportError): string {
  if (error.line === null) return ''
  return error.column === null ? `Line ${error.line}: ` : `Line ${error.line}, ${error.column}: `
}

export function fileError(
  message: string,
  line: number | null = null,
  column: string | null = null,
): ProductCsvRefusal {
  return new ProductCsvRefusal(400, [{ line, column, message }])
}

/** The line of the first byte that is not UTF-8 (the decoder puts U+FFFD in its place). */
function lineOfBadByte(bytes: Buffer): number {
  const text = bytes.toString('utf8')
  return lineAt(text, text.indexOf('\uFFFD'))
}

function lineAt(text: string, index: number): number {
  return text.slice(0, Math.max(0, index)).split('\n').length
}

/** The header's name of the field at `index`, for a file csv-parse refused further on; null when unreadable. */
function headerNameAt(text: string, index: unknown): string | null {
  if (typeof index !== 'number') return null
  try {
    const [header] = parse(text, { bom: true, to_line: 1, relax_quotes: true, relax_column_count: true })
    return header?.[index]?.trim().toLowerCase() ?? null
  } catch {
    return null
  }
}

/** What csv-parse refused, on the line a spreadsheet would show: the row it was reading. */
function parseError(error: CsvError, text: string): ProductCsvRefusal {
  const line = (typeof error.records === 'number' ? error.records : 0) + 1
  const column = line > 1 ? headerNameAt(text, error.index) : null
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return fileError(PRODUCT_CSV_MESSAGES.quoteNotClosed, line, column)
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return fileError(PRODUCT_CSV_MESSAGES.badQuote, line, column)
    default:
      return fileError(PRODUCT_CSV_MESSAGES.unreadable, line, column)
  }
}

function parseRecords(text: string): string[][] {
  try {
    // Strict RFC 4180 quoting; a row may have the wrong number of fields, which is reported on its line.
    return parse(text, { bom: true, relax_quotes: false, relax_column_count: true, skip_empty_lines: false })
  } catch (error) {
    if (error instanceof CsvError) throw parseError(error, text)
    throw error
  }
}

/** The position of each column in the header; refuses a header that lacks one, repeats one or adds another. */
function readHeader(header: readonly string[]): Map<ProductCsvColumn, number> {
  const known = new Set<string>(PRODUCT_CSV_COLUMNS)
  const positions = new Map<ProductCsvColumn, number>()
  const errors: ProductImportError[] = []
  header.forEach((cell, index) => {
    const name = cell.trim().toLowerCase()
    if (!known.has(name)) {
      errors.push({ line: 1, column: cell, message: PRODUCT_CSV_MESSAGES.unknownColumn(cell) })
    } else if (positions.has(name as ProductCsvColumn)) {
      errors.push({ line: 1, column: name, message: PRODUCT_CSV_MESSAGES.repeatedColumn(name) })
    } else {
      positions.set(name as ProductCsvColumn, index)
    }
  })
  for (const column of PRODUCT_CSV_COLUMNS) {
    if (!positions.has(column)) errors.push({ line: 1, column, message: PRODUCT_CSV_MESSAGES.missingColumn(column) })
  }
  if (errors.length > 0) throw new ProductCsvRefusal(400, errors)
  return positions
}

/**
 * Reads an uploaded file: UTF-8 (a byte order mark allowed), RFC 4180, a header naming every column once (in any
 * order, letter case aside). Throws ProductCsvRefusal for a file that cannot be read; answers its rows (empty
 * ones left out) and the rows whose number of fields differs from the header's.
 */
export function readProductCsv(bytes: Buffer): { rows: CsvRow[]; errors: ProductImportError[] } {
  if (!isUtf8(bytes)) throw fileError(PRODUCT_CSV_MESSAGES.notUtf8, lineOfBadByte(bytes))
  const text = bytes.toString('utf8')
  // PostgreSQL refuses NUL in text; no product field may hold one (as request-input.ts refuses it in JSON).
  if (text.includes('\0')) throw fileError(PRODUCT_CSV_MESSAGES.nul, lineAt(text, text.indexOf('\0')))
  const [header, ...records] = parseRecords(text)
  if (!header || header.every((cell) => cell.trim() === '')) throw fileError(PRODUCT_CSV_MESSAGES.empty)
  const positions = readHeader(header)
  const rows: CsvRow[] = []
  const errors: ProductImportError[] = []
  records.forEach((record, index) => {
    const line = index + 2
    if (record.every((cell) => cell.trim() === '')) return
    if (record.length !== header.length) {
      errors.push({
        line,
        column: null,
        message: `This row has ${record.length} fields; the header has ${header.length}`,
      })
      return
    }
    const cells = Object.fromEntries(
      PRODUCT_CSV_COLUMNS.map((column) => [
        column,
        restoreFormulaText((record[positions.get(column) ?? 0] ?? '').trim()),
      ]),
    ) as Record<ProductCsvColumn, string>
    rows.push({ line, cells })
  })
  return { rows, errors }
}
