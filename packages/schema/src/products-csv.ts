import { z } from 'zod'
import { ZApiError } from './common'
import { ZAdminProductListInput } from './products'

/**
 * The products CSV (docs/decisions/0007-products-csv.md): what GET /api/admin/products/export writes and POST
 * /api/admin/products/import reads. One row per variant, so a file exported and imported again changes nothing:
 *
 * - `product_sku` groups the rows of one product; the product's own fields (name to featured, option names,
 *   image_urls) repeat on each of its rows (a later row may leave them empty).
 * - A product without options has one row, its option columns empty and `variant_sku` its own SKU.
 * - Yes/no columns are `true` or `false`; amounts are plain decimals (`1234.50`); lead times are whole days, both
 *   empty for a piece sold from stock; `image_urls` are separated by spaces (a URL holds none).
 *
 * Personalisation fields are not in the file: an import keeps a product's as they are.
 */
export const PRODUCT_CSV_COLUMNS = [
  'product_sku',
  'name',
  'description',
  'category',
  'product_active',
  'featured',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'variant_sku',
  'price',
  'stock',
  'min_stock',
  'variant_active',
  'lead_min_days',
  'lead_max_days',
  'variant_image_url',
  'image_urls',
] as const
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number]

/** The columns every row of a product repeats (the product's own fields, not its variant's). */
export const PRODUCT_CSV_PRODUCT_COLUMNS = [
  'name',
  'description',
  'category',
  'product_active',
  'featured',
  'option1_name',
  'option2_name',
  'option3_name',
  'image_urls',
] as const satisfies readonly ProductCsvColumn[]

export const OPTION_NAME_COLUMNS = ['option1_name', 'option2_name', 'option3_name'] as const
export const OPTION_VALUE_COLUMNS = ['option1_value', 'option2_value', 'option3_value'] as const

/**
 * The largest file an import reads: 10,000 products of a long description each fit in a few MB. The upload is
 * refused (413) as soon as it passes this, before the rest of the body is read.
 */
export const PRODUCT_CSV_MAX_BYTES = 10 * 1024 * 1024
/** The multipart field of the file, and of the mode. */
export const PRODUCT_CSV_FIELD = 'file'
export const PRODUCT_IMPORT_MODE_FIELD = 'mode'

export const PRODUCT_IMPORT_MODES = ['dry-run', 'apply'] as const
export const ZProductImportMode = z.enum(PRODUCT_IMPORT_MODES, { error: "Mode must be 'dry-run' or 'apply'" })
export type ProductImportMode = z.infer<typeof ZProductImportMode>

/** The file-level refusals: nothing of the file is read further, and nothing changes. */
export const PRODUCT_CSV_MESSAGES = {
  notMultipart: `Send the CSV file as multipart/form-data, in the field '${PRODUCT_CSV_FIELD}'`,
  noFile: `Choose a CSV file to import (multipart field '${PRODUCT_CSV_FIELD}')`,
  wrongField: `Send the CSV file in the field '${PRODUCT_CSV_FIELD}' and the mode in '${PRODUCT_IMPORT_MODE_FIELD}'`,
  tooManyFiles: 'Send one CSV file at a time',
  tooLarge: `The file is larger than ${PRODUCT_CSV_MAX_BYTES / 1024 / 1024} MB: split it into smaller files`,
  incomplete: 'The upload ended before the end of the form: send the file again',
  notUtf8: 'The file is not UTF-8 text: save it as "CSV UTF-8" in your spreadsheet program and upload it again',
  nul: 'The file contains the NUL character, which no text of the shop may hold: it is not a CSV file',
  empty: 'The file is empty: it needs a header row and a row per variant',
  missingColumn: (column: string) => `The column '${column}' is missing from the header row`,
  unknownColumn: (column: string) => `'${column}' is not a column of the products CSV`,
  repeatedColumn: (column: string) => `The column '${column}' appears twice in the header row`,
  quoteNotClosed: 'A quoted field starts on this line and is never closed: a " is missing',
  badQuote: 'A quote inside a quoted field must be doubled ("")',
  unreadable: 'The file is not valid CSV',
} as const

export const PRODUCT_IMPORT_ACTIONS = ['create', 'update', 'unchanged'] as const
export const ZProductImportAction = z.enum(PRODUCT_IMPORT_ACTIONS)
export type ProductImportAction = z.infer<typeof ZProductImportAction>

/** A variant row of the file and what an import does with it. */
export const ZProductImportRow = z.object({
  /** As a spreadsheet counts rows: the header is line 1. */
  line: z.number().int(),
  /** The variant's SKU (the product's own for a product without options). */
  sku: z.string(),
  /** The product's name as the file gives it. */
  name: z.string(),
  action: ZProductImportAction,
})
export type ProductImportRow = z.infer<typeof ZProductImportRow>

/** A problem of the file: its line (header = 1) and column, or null for the file as a whole. */
export const ZProductImportError = z.object({
  line: z.number().int().nullable(),
  column: z.string().nullable(),
  message: z.string(),
})
export type ProductImportError = z.infer<typeof ZProductImportError>

export const ZProductImportResult = z.object({
  rows: z.array(ZProductImportRow),
  errors: z.array(ZProductImportError),
  /** Rows per action. */
  summary: z.object({ create: z.number().int(), update: z.number().int(), unchanged: z.number().int() }),
})
export type ProductImportResult = z.infer<typeof ZProductImportResult>

/**
 * A refused import (400 for a file with errors, 413 for one too large): the API's error fields and the same
 * report as a dry run, so the client shows every problem with its line and column.
 */
export const ZProductImportRefusal = ZApiError.extend(ZProductImportResult.shape)
export type ProductImportRefusal = z.infer<typeof ZProductImportRefusal>

/** GET /api/admin/products/export: the filters and sort of the products list, every page. */
export const ZProductExportInput = ZAdminProductListInput.omit({ page: true, pageSize: true })
export type ProductExportInput = z.input<typeof ZProductExportInput>

/** The name of an export's file: `products-2026-11-25.csv`. */
export function productCsvFilename(now: Date = new Date()): string {
  return `products-${now.toISOString().slice(0, 10)}.csv`
}
