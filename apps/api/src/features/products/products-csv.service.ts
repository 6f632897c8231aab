import * as categoriesRepo from '@shop/db/categories'
import type { Db, Executor } from '@shop/db/client'
import { isForeignKeyViolation, isUniqueViolation } from '@shop/db/errors'
import * as batchesRepo from '@shop/db/product-batches'
import * as productsRepo from '@shop/db/products'
import type { Product } from '@shop/schema/products'
import type {
  ProductImportError,
  ProductImportMode,
  ProductImportResult,
  ZProductExportInput,
} from '@shop/schema/products-csv'
import type { z } from 'zod'
import { type Actor, audit } from '../../lib/audit'
import type { CsvCell } from '../../lib/csv'
import { ProductCsvRefusal, productCsvRows, readProductCsv } from './product-csv'
import { checkFileSkus, groupRows, type ImportPlan, planImport, type RowGroup } from './product-import-plan'
import { productListOptions } from './products.service'

// Products read per query of an export: a few hundred rows of text in memory at a time, however large the shop.
const EXPORT_CHUNK = 200
// Products loaded per query while an import looks up the SKUs of its file.
const LOOKUP_CHUNK = 500

/** GET /api/admin/products/export: the rows of every product the list's filters match, in its order. */
export async function* productExportRows(
  db: Db,
  input: z.output<typeof ZProductExportInput>,
): AsyncGenerator<CsvCell[]> {
  const options = productListOptions(input)
  let after: productsRepo.ProductCursor | undefined
  do {
    const chunk = await productsRepo.findChunk(db, options, after, EXPORT_CHUNK)
    for (const product of chunk.products) yield* productCsvRows(product)
    after = chunk.next
  } while (after)
}

/** The products using any of `keys` (SKUs in lower case), by key. */
async function ownersOf(db: Executor, keys: string[]): Promise<Map<string, Product>> {
  const owners = await batchesRepo.findSkuOwners(db, keys)
  const ids = [...new Set(owners.values())]
  const products = new Map<number, Product>()
  for (let start = 0; start < ids.length; start += LOOKUP_CHUNK) {
    for (const product of await productsRepo.findByIds(db, ids.slice(start, start + LOOKUP_CHUNK))) {
      products.set(product.id, product)
    }
  }
  const byKey = new Map<string, Product>()
  for (const [key, id] of owners) {
    const product = products.get(id)
    if (product) byKey.set(key, product)
  }
  return byKey
}

/** The plan of the file against the shop as it is now (in `db`, which may be the apply's transaction). */
async function planAgainst(db: Executor, groups: RowGroup[], fileErrors: ProductImportError[]): Promise<ImportPlan> {
  const keys = groups.flatMap((group) => [group.key, ...group.rows.map((row) => row.cells.variant_sku.toLowerCase())])
  const [categories, owners] = await Promise.all([
    categoriesRepo.findMany(db, { activeOnly: false }),
    ownersOf(
      db,
      keys.filter((key) => key !== ''),
    ),
  ])
  return planImport(
    groups,
    {
      categoryIdBySlug: new Map(categories.map((category) => [category.slug.toLowerCase(), category.id])),
      ownerOf: (key) => owners.get(key),
    },
    fileErrors,
  )
}

/** The rows of the file grouped by product, and what reading and grouping them found wrong. */
function readFile(bytes: Buffer): { groups: RowGroup[]; errors: ProductImportError[] } {
  const { rows, errors } = readProductCsv(bytes)
  const report = (line: number, column: string | null, message: string) => errors.push({ line, column, message })
  const groups = groupRows(rows, report)
  checkFileSkus(groups, report)
  return { groups, errors }
}

const CHANGED_MEANWHILE =
  'Another save changed the products while the file was imported, and nothing was imported: import it again'

/**
 * POST /api/admin/products/import. A dry run answers what an apply would do. An apply does the same checks in
 * its transaction and writes every product of the file in it, or nothing when there is any error (a
 * ProductCsvRefusal with the report).
 */
export async function importProductCsv(
  db: Db,
  bytes: Buffer,
  mode: ProductImportMode,
  actor: Actor,
): Promise<ProductImportResult> {
  const { groups, errors } = readFile(bytes)
  if (mode === 'dry-run') return (await planAgainst(db, groups, errors)).result
  // Another admin may save a product between this transaction's checks and its writes (PostgreSQL runs them side
  // by side): the database's keys refuse the clash, and the checks run again, now seeing that save and naming it.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(async (tx) => {
        const plan = await planAgainst(tx, groups, errors)
        if (plan.result.errors.length > 0) throw new ProductCsvRefusal(400, plan.result)
        await batchesRepo.saveMany(tx, plan.saves)
        // In the import's transaction: the audit log names each SKU created or updated (unchanged rows are not
        // writes).
        const written = plan.result.rows.filter((row) => row.action !== 'unchanged')
        if (written.length > 0) {
          await audit(tx, actor, {
            action: 'imported',
            entity: 'product',
            changes: {
              created: written.filter((row) => row.action === 'create').map((row) => row.sku),
              updated: written.filter((row) => row.action === 'update').map((row) => row.sku),
            },
          })
        }
        return plan.result
      })
    } catch (error) {
      const isClash = isUniqueViolation(error) || isForeignKeyViolation(error)
      if (!isClash) throw error
      if (attempt >= 2) throw new ProductCsvRefusal(400, [{ line: null, column: null, message: CHANGED_MEANWHILE }])
    }
  }
}
