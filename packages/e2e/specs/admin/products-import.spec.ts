import fs from 'node:fs'
import { PRODUCT_CSV_COLUMNS, type ProductCsvColumn } from '@shop/schema/products-csv'
import { expect, expectNoSeriousAxeViolations, expectToast, test, uniqueSuffix } from '../../fixtures/admin'

// The shop's CSP (script-src 'self') would block the injected axe script; the pages themselves are unchanged.
test.use({ bypassCSP: true })

// An export, two dry runs and an apply, each a round trip to the server: more than 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 })

type CsvRecord = Partial<Record<ProductCsvColumn, string>>

/** A CSV line of values that need no quoting (no comma, quote or line break), as this test writes them. */
function csvLine(record: CsvRecord): string {
  return PRODUCT_CSV_COLUMNS.map((column) => record[column] ?? '').join(',')
}

test('the owner exports the products, imports a CSV with a bad row, fixes it and sees the product in the list', async ({
  adminPage: page,
  shopAdmin,
}) => {
  const product = await shopAdmin.createProduct()
  const suffix = uniqueSuffix()
  const name = `Imported Olive Chaplet ${suffix}`
  const sku = `IMP-${suffix}`.toUpperCase()

  // Export CSV writes the list's search: this product's one row.
  await page.goto(`/admin/products?q=${encodeURIComponent(product.sku)}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('row').filter({ hasText: product.name })).toBeVisible()
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/)
  const bytes = fs.readFileSync(await download.path())
  // A byte order mark, so spreadsheet programs read UTF-8.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const [header, row, ...others] = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean)
  expect(header).toBe(PRODUCT_CSV_COLUMNS.join(','))
  expect(others).toEqual([])
  // The test product's values hold no comma or quote, so its cells split plainly.
  const exported = Object.fromEntries(
    PRODUCT_CSV_COLUMNS.map((column, index) => [column, row?.split(',')[index] ?? '']),
  ) as CsvRecord
  expect(exported).toMatchObject({ product_sku: product.sku, variant_sku: product.sku, price: '120.00', stock: '10' })

  // The file: the exported product at a new price, and a new product whose price is not a number.
  const fileWith = (price: string) => ({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `${[
        header,
        csvLine({ ...exported, price: '135.00' }),
        csvLine({
          product_sku: sku,
          name,
          description: 'Olive wood beads from Bethlehem knotted by hand.',
          category: 'rosaries',
          product_active: 'true',
          featured: 'false',
          variant_sku: sku,
          price,
          stock: '6',
          min_stock: '2',
          image_urls: exported.image_urls,
        }),
      ].join('\r\n')}\r\n`,
    ),
  })

  await page.getByRole('button', { name: 'Import CSV' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import products from CSV' })
  await expect(dialog).toContainText('Products the file does not mention are left as they are.')
  await dialog.locator('input[type="file"]').setInputFiles(fileWith('twelve'))
  const problems = dialog.getByRole('table', { name: 'Problems in the file' })
  await expect(problems.getByRole('row').nth(1)).toHaveText(['3', 'price', 'Price must be a number'].join(''))
  await expect(dialog.getByRole('button', { name: 'Apply import' })).toBeDisabled()
  await expectNoSeriousAxeViolations(page)

  // Fixed, the dry run shows what each row does and Apply import is on.
  await dialog.locator('input[type="file"]').setInputFiles(fileWith('42.50'))
  await expect(problems).toBeHidden()
  const rows = dialog.getByRole('table', { name: 'Rows of the file' })
  await expect(rows.getByRole('row').filter({ hasText: product.sku })).toContainText('Update')
  await expect(rows.getByRole('row').filter({ hasText: sku })).toContainText('Create')
  await expect(dialog).toContainText('2 rows: 1 to create, 1 to update, 0 unchanged')
  await dialog.getByRole('button', { name: 'Apply import' }).click()

  await expectToast(page, 'Products imported', '1 created, 1 updated, 0 unchanged')
  await expect(dialog).toBeHidden()
  const created = await shopAdmin.productByName(name)
  shopAdmin.deleteLater('product', created.id)
  expect(created).toMatchObject({ sku, price: '42.50', stock: 6 })
  // The list is fetched again: the updated price shows, and the new product is found by its name.
  await expect(page.getByRole('row').filter({ hasText: product.name })).toContainText('$135.00')
  await page.getByRole('searchbox', { name: 'Search products' }).fill(name)
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('$42.50')
})
