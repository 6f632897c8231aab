import { PRODUCT_CSV_COLUMNS, type ProductCsvColumn } from '@shop/schema/products-csv'
import { stringify } from 'csv-stringify/sync'
import type { TestApp } from './test-app'

/** A row of the products CSV, by column; what it leaves out is empty. */
export type ProductCsvRecord = Partial<Record<ProductCsvColumn, string>>

const BOUNDARY = '----shop-csv-test-boundary-Q2hhcmlz'

/** A CSV of the export's columns (or of `columns`, to make a header without one). */
export function productsCsvOf(
  records: readonly ProductCsvRecord[],
  columns: readonly string[] = PRODUCT_CSV_COLUMNS,
): string {
  return stringify(
    records.map((record) => columns.map((column) => record[column as ProductCsvColumn] ?? '')),
    { header: true, columns: [...columns] },
  )
}

/** A multipart/form-data body of the fields and files given, in order. */
export function multipartForm(parts: ReadonlyArray<{ name: string; data: string | Buffer; filename?: string }>) {
  const payload = Buffer.concat([
    ...parts.map((part) =>
      Buffer.concat([
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"` +
            `${part.filename ? `; filename="${part.filename}"\r\nContent-Type: text/csv` : ''}\r\n\r\n`,
        ),
        typeof part.data === 'string' ? Buffer.from(part.data) : part.data,
        Buffer.from('\r\n'),
      ]),
    ),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } }
}

/** POST /api/admin/products/import of `file` in `mode`, as the admin's dialog sends it. */
export function importProductsCsv(t: TestApp, token: string | null, file: string | Buffer, mode: string) {
  return t.request({
    method: 'POST',
    url: '/api/admin/products/import',
    ...(token ? { token } : {}),
    ...multipartForm([
      { name: 'mode', data: mode },
      { name: 'file', data: file, filename: 'products.csv' },
    ]),
  })
}
