import type { ProductSave } from '@shop/db/product-batches'
import { moneyToCents } from '@shop/schema/common'
import {
  type Product,
  type ProductValues,
  type Variant,
  type VariantValues,
  variantsOf,
  ZProductInput,
} from '@shop/schema/products'
import {
  OPTION_NAME_COLUMNS,
  OPTION_VALUE_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_PRODUCT_COLUMNS,
  type ProductCsvColumn,
  type ProductImportAction,
  type ProductImportError,
  type ProductImportResult,
  type ProductImportRow,
} from '@shop/schema/products-csv'
import type { z } from 'zod'
import type { CsvRow } from './product-csv'

/**
 * What an import of the products CSV would do, decided without writing: each row's action, each problem with its
 * line and column, and the products to save. Every value goes through ZProductInput, the product form's schema, so
 * every rule of the form holds for a file too.
 *
 * Rules of the file (see @shop/schema/products-csv for its columns):
 * - Rows with the same product_sku (letter case aside) are one product; a product_sku that is a product's SKU
 *   updates that product, a new one creates a product. Products the file does not name are left alone.
 * - A row's variant_sku names the product's variant it updates; a new one adds a variant. Variants the file does
 *   not list stay as they are, and so do the product's personalisation fields and option values.
 * - A row is "unchanged" when every value it gives is already stored; a product is written only if one of its
 *   rows is not, so applying a file twice changes nothing the second time.
 */

type ProductColumn = (typeof PRODUCT_CSV_PRODUCT_COLUMNS)[number]

/** The rows of one product in the file. */
export interface RowGroup {
  /** The product's SKU folded to lower case. */
  key: string
  rows: CsvRow[]
  /** The product's own fields, each from the first row that gives it, with that row's line. */
  shared: Partial<Record<ProductColumn, { value: string; line: number }>>
}

/** What the import knows of the database: categories by slug, and the product using each SKU of the file. */
export interface ImportContext {
  categoryIdBySlug: ReadonlyMap<string, number>
  /** The product whose own SKU or variant's SKU is `key` (lower case). */
  ownerOf(key: string): Product | undefined
}

export interface ImportPlan {
  result: ProductImportResult
  saves: ProductSave[]
}

const fold = (text: string) => text.toLowerCase()
// Option values and names compare as the product form compares them (@shop/schema/products).
const sameText = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en')

/** Yes/no columns compare by meaning, the others as written. */
const IS_YES_NO: ReadonlySet<ProductCsvColumn> = new Set(['product_active', 'featured', 'variant_active'])

function comparable(column: ProductCsvColumn, value: string): string {
  return IS_YES_NO.has(column) || column === 'category' ? value.toLowerCase() : value
}

type Report = (line: number, column: ProductCsvColumn | null, message: string) => void

/** Groups the rows by product_sku; a product's own fields must agree between its rows (a row may leave them empty). */
export function groupRows(rows: readonly CsvRow[], report: Report): RowGroup[] {
  const groups = new Map<string, RowGroup>()
  for (const row of rows) {
    const sku = row.cells.product_sku
    if (sku === '') {
      report(row.line, 'product_sku', 'product_sku is empty: it names the product the row belongs to')
      continue
    }
    const key = fold(sku)
    let group = groups.get(key)
    if (!group) {
      group = { key, rows: [], shared: {} }
      groups.set(key, group)
    }
    group.rows.push(row)
    for (const column of PRODUCT_CSV_PRODUCT_COLUMNS) {
      const value = row.cells[column]
      if (value === '') continue
      const first = group.shared[column]
      if (!first) group.shared[column] = { value, line: row.line }
      else if (comparable(column, first.value) !== comparable(column, value)) {
        report(
          row.line,
          column,
          `Line ${first.line} gives product ${sku} another ${column}: the rows of a product repeat its own fields`,
        )
      }
    }
  }
  return [...groups.values()]
}

/**
 * Every SKU of the file names one piece: a variant's SKU appears on one row, and is no other product's SKU in
 * the file (letter case aside). A product without options repeats its own SKU as variant_sku.
 */
export function checkFileSkus(groups: readonly RowGroup[], report: Report): void {
  const seen = new Map<string, { line: number; group: string; isVariant: boolean }>()
  for (const group of groups) {
    const [first] = group.rows
    if (!first) continue
    const taken = seen.get(group.key)
    if (taken && taken.group !== group.key) {
      report(first.line, 'product_sku', `SKU '${first.cells.product_sku}' is already on line ${taken.line}`)
    } else if (!taken) {
      seen.set(group.key, { line: first.line, group: group.key, isVariant: false })
    }
    for (const row of group.rows) {
      const key = fold(row.cells.variant_sku)
      if (key === '' || key === group.key) continue
      const other = seen.get(key)
      if (other && (other.group !== group.key || other.isVariant)) {
        report(row.line, 'variant_sku', `SKU '${row.cells.variant_sku}' is already on line ${other.line}`)
      } else if (!other) {
        seen.set(key, { line: row.line, group: group.key, isVariant: true })
      }
    }
  }
}

const YES = new Set(['true', 'yes', '1'])
const NO = new Set(['false', 'no', '0'])

/** A yes/no cell: undefined when empty (the form's default applies). */
function readYesNo(text: string, report: (message: string) => void): boolean | undefined {
  const value = text.toLowerCase()
  if (value === '') return undefined
  if (YES.has(value)) return true
  if (NO.has(value)) return false
  report(`Write true or false, not '${text}'`)
  return undefined
}

/** A number cell as the schema should judge it: a number when it reads as one, else the text (a type error). */
function readNumber(text: string): number | string | undefined {
  if (text === '') return undefined
  return /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : text
}

/** Made to order: both lead time columns, or neither (sold from stock). */
function readLeadTime(row: CsvRow, report: Report) {
  const { lead_min_days: min, lead_max_days: max } = row.cells
  if (min === '' && max === '') return null
  if (min === '' || max === '') {
    report(
      row.line,
      min === '' ? 'lead_min_days' : 'lead_max_days',
      'Give both lead times, or neither for a piece sold from stock',
    )
    return null
  }
  return { minDays: readNumber(min), maxDays: readNumber(max) }
}

/** Where a variant of the product's values comes from: a row of the file, the product's variant, or both. */
interface VariantSource {
  row?: CsvRow
  existing?: Variant
}

interface BuiltInput {
  input: Record<string, unknown>
  sources: VariantSource[]
  /** Per option, the line that brought in each of its values (folded). */
  valueLines: Array<Map<string, number>>
}

function variantInputOf(row: CsvRow, optionCount: number, report: Report) {
  return {
    options: OPTION_VALUE_COLUMNS.slice(0, optionCount).map((column) => row.cells[column]),
    sku: row.cells.variant_sku,
    price: row.cells.price,
    stock: readNumber(row.cells.stock),
    minStock: readNumber(row.cells.min_stock),
    active: readYesNo(row.cells.variant_active, (message) => report(row.line, 'variant_active', message)),
    imageUrl: row.cells.variant_image_url || null,
    leadTime: readLeadTime(row, report),
  }
}

/** A variant the file does not list, as the product form would send it back. */
function keptVariantInput(variant: Variant) {
  const { id, options, sku, price, stock, minStock, active, imageUrl, leadTime } = variant
  return { id, options, sku, price, stock, minStock, active, imageUrl, leadTime }
}

/** The options: names from the file; the values the product has (when the option keeps its name), then new ones. */
function optionsOf(group: RowGroup, names: string[], existing: Product | undefined, report: Report) {
  const valueLines: Array<Map<string, number>> = []
  const options = names.map((name, i) => {
    const column = OPTION_VALUE_COLUMNS[i] ?? 'option1_value'
    const current = existing?.options[i]
    const values = current && sameText(current.name, name) ? [...current.values] : []
    const lines = new Map<string, number>()
    for (const row of group.rows) {
      const value = row.cells[column]
      if (value === '') report(row.line, column, `Give this variant's ${name}`)
      else if (!values.some((known) => sameText(known, value))) {
        values.push(value)
        lines.set(fold(value), row.line)
      }
    }
    valueLines.push(lines)
    return { name, values }
  })
  return { options, valueLines }
}

/** The product's values as the product form would send them, from its rows and what is stored. */
function buildInput(group: RowGroup, existing: Product | undefined, ctx: ImportContext, report: Report): BuiltInput {
  const [first] = group.rows
  if (!first) throw new Error('a group has at least one row')
  const shared = (column: ProductColumn) => group.shared[column]?.value ?? ''
  const lineOf = (column: ProductColumn) => group.shared[column]?.line ?? first.line
  const sku = first.cells.product_sku

  const names = OPTION_NAME_COLUMNS.map(shared)
  const optionCount = names.findLastIndex((name) => name !== '') + 1
  names.slice(0, optionCount).forEach((name, i) => {
    if (name === '') report(first.line, OPTION_NAME_COLUMNS[i] ?? null, 'Name the options in order, from option1_name')
  })
  for (const row of group.rows) {
    for (const column of OPTION_VALUE_COLUMNS.slice(optionCount)) {
      if (row.cells[column] !== '') report(row.line, column, `${column} has no option: its option name is empty`)
    }
  }

  const slug = shared('category').toLowerCase()
  const categoryId = slug === '' ? undefined : ctx.categoryIdBySlug.get(slug)
  if (slug !== '' && categoryId === undefined)
    report(lineOf('category'), 'category', `No category has the slug '${slug}'`)
  const yesNo = (column: 'product_active' | 'featured') =>
    readYesNo(shared(column), (message) => report(lineOf(column), column, message))
  const base = {
    name: shared('name'),
    description: shared('description'),
    categoryId,
    imageUrls: shared('image_urls').split(/\s+/).filter(Boolean),
    sku,
    featured: yesNo('featured'),
    active: yesNo('product_active'),
    // Not in the file: a product keeps its own.
    personalization: existing?.personalization ?? [],
  }

  if (optionCount === 0) {
    if (existing && existing.options.length > 0) {
      const optionNames = existing.options.map((option) => option.name).join(', ')
      report(first.line, 'option1_name', `Product ${sku} has options (${optionNames}): its rows must name them`)
    }
    for (const extra of group.rows.slice(1)) {
      report(extra.line, 'product_sku', `Product ${sku} has no options, so one row: name an option to sell variants`)
    }
    if (first.cells.variant_sku !== '' && fold(first.cells.variant_sku) !== group.key) {
      report(first.line, 'variant_sku', 'A product without options is sold under its own SKU: repeat product_sku')
    }
    const variant = variantInputOf(first, 0, report)
    if (variant.active === false) {
      report(first.line, 'variant_active', 'A product without options is switched off with product_active')
    }
    const { price, stock, minStock, imageUrl, leadTime } = variant
    return {
      input: {
        ...base,
        price,
        stock,
        minStock,
        leadTime,
        options: [],
        // The one variant: its id kept, and its image, which only a variant has.
        variants: [{ id: existing?.variants[0]?.id, sku, price, stock, minStock, imageUrl }],
      },
      sources: [{ row: first, existing: existing?.variants[0] }],
      valueLines: [],
    }
  }

  const { options, valueLines } = optionsOf(group, names.slice(0, optionCount), existing, report)
  const fromFile = group.rows.map((row) => ({ row, input: variantInputOf(row, optionCount, report) }))
  const bySku = new Map(fromFile.map((variant) => [fold(variant.row.cells.variant_sku), variant]))
  const used = new Set<(typeof fromFile)[number]>()
  const variants: unknown[] = []
  const sources: VariantSource[] = []
  for (const current of existing?.variants ?? []) {
    const listed = bySku.get(fold(current.sku))
    if (listed) used.add(listed)
    variants.push(listed ? { ...listed.input, id: current.id } : keptVariantInput(current))
    sources.push({ row: listed?.row, existing: current })
  }
  for (const added of fromFile.filter((variant) => !used.has(variant))) {
    variants.push(added.input)
    sources.push({ row: added.row })
  }
  // The product's own price and stock follow from its variants; the first row's stand in for the form's fields.
  const { price, minStock } = fromFile[0]?.input ?? {}
  return {
    input: { ...base, price, stock: 0, minStock, leadTime: null, options, variants },
    sources,
    valueLines,
  }
}

const PRODUCT_FIELD_COLUMNS: Partial<Record<string, ProductCsvColumn>> = {
  name: 'name',
  description: 'description',
  categoryId: 'category',
  imageUrls: 'image_urls',
  featured: 'featured',
  active: 'product_active',
  sku: 'product_sku',
  price: 'price',
  stock: 'stock',
  minStock: 'min_stock',
}

const VARIANT_FIELD_COLUMNS: Partial<Record<string, ProductCsvColumn>> = {
  sku: 'variant_sku',
  price: 'price',
  stock: 'stock',
  minStock: 'min_stock',
  active: 'variant_active',
  imageUrl: 'variant_image_url',
}

function leadColumn(rest: readonly unknown[]): ProductCsvColumn {
  return rest[0] === 'maxDays' ? 'lead_max_days' : 'lead_min_days'
}

/** The line and column of a problem the schema found at `path` of the product's values. */
function locate(
  path: readonly PropertyKey[],
  group: RowGroup,
  built: BuiltInput,
): { line: number; column: ProductCsvColumn | null; prefix: string } {
  const firstLine = group.rows[0]?.line ?? 1
  const [field, index, sub, ...rest] = path
  const sharedLine = (column: ProductCsvColumn) => group.shared[column as ProductColumn]?.line ?? firstLine
  if (field === 'leadTime') return { line: firstLine, column: leadColumn([index]), prefix: '' }
  if (field === 'options' && typeof index === 'number') {
    const nameColumn = OPTION_NAME_COLUMNS[index] ?? 'option1_name'
    if (sub !== 'values') return { line: sharedLine(nameColumn), column: nameColumn, prefix: '' }
    const options = built.input.options as Array<{ values: string[] }>
    const value = typeof rest[0] === 'number' ? options[index]?.values[rest[0]] : undefined
    const line = value === undefined ? undefined : built.valueLines[index]?.get(fold(value))
    return { line: line ?? firstLine, column: OPTION_VALUE_COLUMNS[index] ?? 'option1_value', prefix: '' }
  }
  if (field === 'variants' && typeof index === 'number') {
    const source = built.sources[index]
    const line = source?.row?.line ?? firstLine
    const prefix = source?.row || !source?.existing ? '' : `Variant ${source.existing.sku} (not in the file): `
    const column =
      sub === 'options'
        ? (OPTION_VALUE_COLUMNS[typeof rest[0] === 'number' ? rest[0] : 0] ?? 'option1_value')
        : sub === 'leadTime'
          ? leadColumn(rest)
          : (VARIANT_FIELD_COLUMNS[String(sub)] ?? 'variant_sku')
    return { line, column, prefix }
  }
  if (field === 'variants') return { line: firstLine, column: 'variant_sku', prefix: '' }
  if (field === 'personalization') return { line: firstLine, column: null, prefix: 'Personalisation: ' }
  const column = PRODUCT_FIELD_COLUMNS[String(field)] ?? null
  return { line: column ? sharedLine(column) : firstLine, column, prefix: '' }
}

function sameLeadTime(a: Variant['leadTime'], b: Variant['leadTime']): boolean {
  return a?.minDays === b?.minDays && a?.maxDays === b?.maxDays
}

function sameVariant(values: VariantValues, stored: Variant): boolean {
  return (
    values.sku === stored.sku &&
    moneyToCents(values.price) === moneyToCents(stored.price) &&
    values.stock === stored.stock &&
    values.minStock === stored.minStock &&
    values.active === stored.active &&
    values.imageUrl === stored.imageUrl &&
    sameLeadTime(values.leadTime, stored.leadTime) &&
    JSON.stringify(values.options) === JSON.stringify(stored.options)
  )
}

/** The product's own fields (its price and stock follow from its variants). */
function sameProduct(values: ProductValues, stored: Product): boolean {
  return (
    values.name === stored.name &&
    values.description === stored.description &&
    values.categoryId === stored.categoryId &&
    values.sku === stored.sku &&
    values.featured === stored.featured &&
    values.active === stored.active &&
    JSON.stringify(values.imageUrls) === JSON.stringify(stored.imageUrls) &&
    JSON.stringify(values.options) === JSON.stringify(stored.options)
  )
}

/** The SKUs of the group that another product of the shop uses. */
function checkShopSkus(group: RowGroup, existing: Product | undefined, ctx: ImportContext, report: Report): void {
  const takenBy = (key: string) => {
    const owner = ctx.ownerOf(key)
    return owner && owner.id !== existing?.id ? owner : undefined
  }
  const message = (sku: string, owner: Product) =>
    `SKU '${sku}' is already used by another product: '${owner.name}' (${owner.sku})`
  const [first] = group.rows
  const productOwner = takenBy(group.key)
  if (first && productOwner) report(first.line, 'product_sku', message(first.cells.product_sku, productOwner))
  for (const row of group.rows) {
    const key = fold(row.cells.variant_sku)
    const owner = key === '' || key === group.key ? undefined : takenBy(key)
    if (owner) report(row.line, 'variant_sku', message(row.cells.variant_sku, owner))
  }
}

/** The plan of one product: its rows' actions, its problems, and what to save. */
function planProduct(
  group: RowGroup,
  ctx: ImportContext,
  errors: ProductImportError[],
): { rows: ProductImportRow[]; save?: ProductSave } {
  const owner = ctx.ownerOf(group.key)
  const existing = owner && fold(owner.sku) === group.key ? owner : undefined
  const before = errors.length
  const report: Report = (line, column, message) => errors.push({ line, column, message })
  checkShopSkus(group, existing, ctx, report)
  const built = buildInput(group, existing, ctx, report)
  const parsed = ZProductInput.safeParse(built.input)
  if (!parsed.success) reportIssues(parsed.error, group, built, report)

  const name = group.shared.name?.value ?? ''
  const rowOf = (row: CsvRow, action: ProductImportAction): ProductImportRow => ({
    line: row.line,
    sku: row.cells.variant_sku || row.cells.product_sku,
    name,
    action,
  })
  if (!parsed.success || errors.length > before) {
    // Not comparable with what is stored: each row says whether it names a variant that exists.
    const existingOf = new Map(built.sources.map((source) => [source.row, source.existing]))
    return { rows: group.rows.map((row) => rowOf(row, existing && existingOf.get(row) ? 'update' : 'create')) }
  }

  const values = parsed.data
  if (!existing) return { rows: group.rows.map((row) => rowOf(row, 'create')), save: { values } }
  const firstVariantId = existing.variants[0]?.id
  const variants = variantsOf(values, firstVariantId)
  const isProductSame = sameProduct(values, existing)
  const rows = built.sources.flatMap((source, index): ProductImportRow[] => {
    if (!source.row) return []
    const variant = variants[index]
    const isSame = isProductSame && variant && source.existing && sameVariant(variant, source.existing)
    return [rowOf(source.row, !source.existing ? 'create' : isSame ? 'unchanged' : 'update')]
  })
  const isChanged = rows.some((row) => row.action !== 'unchanged')
  return { rows, save: isChanged ? { id: existing.id, values, firstVariantId } : undefined }
}

function reportIssues(error: z.ZodError, group: RowGroup, built: BuiltInput, report: Report): void {
  for (const issue of error.issues) {
    const { line, column, prefix } = locate(issue.path, group, built)
    report(line, column, `${prefix}${issue.message}`)
  }
}

const COLUMN_ORDER = new Map<string | null, number>(PRODUCT_CSV_COLUMNS.map((column, index) => [column, index]))

/** One problem per cell (the first found), in the order of the file. */
function tidy(errors: readonly ProductImportError[]): ProductImportError[] {
  const seen = new Set<string>()
  const unique = errors.filter((error) => {
    const cell = `${error.line}:${error.column}`
    if (error.column !== null && seen.has(cell)) return false
    seen.add(cell)
    return true
  })
  const order = (error: ProductImportError) => COLUMN_ORDER.get(error.column) ?? -1
  return unique.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || order(a) - order(b))
}

/** The plan of a whole file, from its rows (and the problems found while reading them). */
export function planImport(
  groups: readonly RowGroup[],
  ctx: ImportContext,
  errorsSoFar: readonly ProductImportError[],
): ImportPlan {
  const errors = [...errorsSoFar]
  const rows: ProductImportRow[] = []
  const saves: ProductSave[] = []
  for (const group of groups) {
    const plan = planProduct(group, ctx, errors)
    rows.push(...plan.rows)
    if (plan.save) saves.push(plan.save)
  }
  rows.sort((a, b) => a.line - b.line)
  const summary = { create: 0, update: 0, unchanged: 0 }
  for (const row of rows) summary[row.action] += 1
  return { result: { rows, errors: tidy(errors), summary }, saves }
}
