/**
 * The products import with two API processes on one PostgreSQL database (the postgres test project only): what
 * one applies, the other serves at once, and two files that give one SKU to two products cannot both be applied.
 */
import { insertCategory } from '@shop/db/testing/factories'
import type { Product } from '@shop/schema/products'
import type { ProductImportRefusal } from '@shop/schema/products-csv'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { importProductsCsv, type ProductCsvRecord, productsCsvOf } from '../../testing/products-csv'
import { createTestApp, type TestApp } from '../../testing/test-app'

let first: TestApp
let second: TestApp
let tokens: [string, string]
let slug: string

beforeAll(async () => {
  first = await createTestApp()
  second = await createTestApp({ database: first.database })
  tokens = [await first.login(), await second.login()]
  slug = (await insertCategory(first.db, { name: 'Medals', slug: 'medals-pg-csv' })).slug
})
afterAll(async () => {
  await second?.close()
  await first?.close()
})

function medal(sku: string, changes: ProductCsvRecord = {}): ProductCsvRecord {
  return {
    product_sku: sku,
    name: 'Saint Christopher Medal',
    description: 'A travel medal in sterling silver.',
    category: slug,
    price: '45.00',
    stock: '8',
    min_stock: '2',
    image_urls: '/uploads/demo/christopher.svg',
    ...changes,
  }
}

it('serves from every process what one process imported', async () => {
  const created = await importProductsCsv(first, tokens[0], productsCsvOf([medal('PG-CSV-1')]), 'apply')
  expect(created.statusCode, created.body).toBe(200)
  const [product] = (
    await first.request({ method: 'GET', url: '/api/admin/products?q=PG-CSV-1', token: tokens[0] })
  ).json<Product[]>()
  const url = `/api/products/${product?.id}`
  // The second process keeps the product in its cache...
  expect((await second.request({ method: 'GET', url })).json()).toMatchObject({ price: '45.00' })
  expect((await second.request({ method: 'GET', url })).json()).toMatchObject({ price: '45.00' })

  // ...until the first imports a new price, which the second serves on the very next request.
  const updated = await importProductsCsv(
    first,
    tokens[0],
    productsCsvOf([medal('PG-CSV-1', { price: '39.90' })]),
    'apply',
  )
  expect(updated.statusCode, updated.body).toBe(200)
  expect((await second.request({ method: 'GET', url })).json()).toMatchObject({ price: '39.90' })
})

it('applies only one of two files that give the same SKU to two products at the same time', async () => {
  const files = ['PG-CSV-A', 'PG-CSV-B'].map((sku) =>
    productsCsvOf([medal(sku, { option1_name: 'Chain', option1_value: '45 cm', variant_sku: 'PG-CSV-SHARED' })]),
  )
  const answers = await Promise.all([
    importProductsCsv(first, tokens[0], files[0] ?? '', 'apply'),
    importProductsCsv(second, tokens[1], files[1] ?? '', 'apply'),
  ])
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400])
  const refused = answers.find((answer) => answer.statusCode === 400)?.json<ProductImportRefusal>()
  expect(refused?.errors).toEqual([
    {
      line: 2,
      column: 'variant_sku',
      message: expect.stringMatching(
        /^SKU 'PG-CSV-SHARED' is already used by another product: 'Saint Christopher Medal' \(PG-CSV-[AB]\)$/,
      ),
    },
  ])
  const owners = (
    await first.request({ method: 'GET', url: '/api/admin/products?q=PG-CSV-SHARED', token: tokens[0] })
  ).json<Product[]>()
  expect(owners).toHaveLength(1)
})
