import fs from 'node:fs'
import type { Download, Page } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import { CUSTOMER, expect, logInThroughForm, test } from '../../fixtures/admin'

/** A downloaded CSV as a spreadsheet reads it: one record per row, by the header's names. */
async function recordsOf(download: Download): Promise<Array<Record<string, string>>> {
  const path = await download.path()
  const bytes = fs.readFileSync(path)
  // UTF-8 with a byte order mark, so spreadsheet programs keep the accents.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  return parse(bytes.toString('utf8'), { bom: true, columns: true })
}

async function download(page: Page, click: () => Promise<void>): Promise<Download> {
  const downloading = page.waitForEvent('download')
  await click()
  const file = await downloading
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/)
  return file
}

// A plain link downloads the file, with the session cookie that signing in through the form sets.
test('the owner filters the orders by status and exports them as CSV', async ({ page, shopAdmin, request }) => {
  const product = await shopAdmin.createProduct()
  const pending = await shopAdmin.placeOrder(product)
  const completed = await shopAdmin.placeOrder(product, { ...CUSTOMER, name: 'Zoë Ἰωάννα Łukasz' })
  const patched = await request.patch(`/api/admin/orders/${completed.id}/status`, {
    headers: { authorization: `Bearer ${shopAdmin.token}` },
    data: { status: 'completed', notifyCustomer: false },
  })
  expect(patched.status()).toBe(200)

  await logInThroughForm(page)
  await expect(page).toHaveURL(/\/admin$/)
  await page.goto('/admin/orders')
  await page.getByRole('combobox', { name: 'Filter by status' }).click()
  await page.getByRole('option', { name: 'Completed', exact: true }).click()
  await expect(page).toHaveURL(/status=completed/)
  await expect(page.getByRole('row').filter({ hasText: completed.orderNumber })).toBeVisible()

  const file = await download(page, () => page.getByRole('link', { name: 'Export CSV' }).click())
  const records = await recordsOf(file)
  expect(records.length).toBeGreaterThan(0)
  expect(new Set(records.map((record) => record.Status))).toEqual(new Set(['completed']))
  expect(records.map((record) => record['Order number'])).not.toContain(pending.orderNumber)
  const [line] = records.filter((record) => record['Order number'] === completed.orderNumber)
  expect(line).toMatchObject({
    'Customer name': 'Zoë Ἰωάννα Łukasz',
    'Customer e-mail': CUSTOMER.email,
    'Shipping address': CUSTOMER.address,
    SKU: product.sku,
    Product: product.name,
    Quantity: '1',
    'Unit price': product.price,
    'Line total': product.price,
    'Order total': completed.total,
  })
})

test("the dashboard's Export Reports menu downloads every order as CSV", async ({ page, shopAdmin }) => {
  const order = await shopAdmin.placeOrder(await shopAdmin.createProduct())

  await logInThroughForm(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await page.getByRole('button', { name: 'Export Reports' }).click()
  await expect(page.getByRole('menuitem', { name: 'Products (CSV)' })).toHaveAttribute(
    'href',
    '/api/admin/products/export',
  )
  const file = await download(page, () => page.getByRole('menuitem', { name: 'Orders (CSV)' }).click())
  const records = await recordsOf(file)
  expect(records.find((record) => record['Order number'] === order.orderNumber)).toMatchObject({
    Status: 'pending',
    'Customer name': CUSTOMER.name,
    'Order total': order.total,
  })
  // The demo shop's orders too: every status, not the Orders screen's filter.
  expect(new Set(records.map((record) => record.Status)).size).toBeGreaterThan(1)
})
