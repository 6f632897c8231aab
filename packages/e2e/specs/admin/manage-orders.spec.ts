import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { CUSTOMER, expect, expectToast, test } from '../../fixtures/admin'
import { formatUsd } from '../../fixtures/format'

test('a storefront order appears in the orders list and the owner moves it to processing', async ({
  adminPage: page,
  shopAdmin,
}) => {
  const order = await shopAdmin.placeOrder(await shopAdmin.createProduct())

  await page.goto('/admin/orders')
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  await expect(page.getByText('Manage customer orders and generate invoices')).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.orderNumber)
  const row = page.getByRole('row').filter({ hasText: order.orderNumber })
  await expect(row).toContainText(CUSTOMER.name)
  await expect(row).toContainText(CUSTOMER.email)
  await expect(row).toContainText(formatUsd(order.total))
  await expect(row).toContainText('Pending')

  await row.getByRole('link', { name: `View details of order ${order.orderNumber}` }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible()
  await expect(page.getByText(CUSTOMER.address)).toBeVisible()
  const update = page.getByRole('button', { name: 'Update' })
  // Update is allowed only for a status other than the current one.
  await expect(update).toBeDisabled()
  await page.getByRole('combobox', { name: `New status of order ${order.orderNumber}` }).click()
  await page.getByRole('option', { name: 'Processing', exact: true }).click()
  await update.click()

  await expectToast(page, 'Order updated', 'The order status has been successfully updated')
  // The status badge of the order (the dropdown's options live outside the main content).
  const main = page.getByRole('main')
  await expect(main.getByText('Processing', { exact: true })).toBeVisible()
  await expect(main.getByText('Pending', { exact: true })).toHaveCount(0)
  await expect(update).toBeDisabled()
  expect((await shopAdmin.order(order.id)).status).toBe('processing')

  await page.getByRole('link', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/admin\/orders$/)
  await expect(page.getByRole('row').filter({ hasText: order.orderNumber })).toContainText('Processing')

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Recent Orders' })).toBeVisible()
  const recent = page.getByRole('row').filter({ hasText: order.orderNumber })
  await expect(recent).toContainText(CUSTOMER.name)
  await expect(recent).toContainText('Processing')
})

test('the owner opens the invoice of an order and downloads it as a PDF', async ({
  adminPage: page,
  shopAdmin,
}, testInfo) => {
  const order = await shopAdmin.placeOrder(await shopAdmin.createProduct())

  await page.goto(`/admin/orders/${order.id}`)
  await page.getByRole('link', { name: 'Invoice', exact: true }).click()

  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}/invoice$`))
  const title = `Invoice ${order.orderNumber}`
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.locator(`iframe[title="${title}"]`)).toHaveAttribute('src', /^blob:/)
  await expect(page.getByRole('link', { name: 'Back to Order' })).toHaveAttribute('href', `/admin/orders/${order.id}`)

  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download' }).click()
  const download = await downloading

  expect(download.suggestedFilename()).toBe(`invoice-${order.orderNumber}.pdf`)
  const file = testInfo.outputPath(download.suggestedFilename())
  await download.saveAs(file)
  expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  expect(text).toContain(order.orderNumber)
  expect(text).toContain(CUSTOMER.name)
})

test('the owner deletes an order after confirming it', async ({ adminPage: page, shopAdmin }) => {
  const order = await shopAdmin.placeOrder(await shopAdmin.createProduct())
  // Holds the delete back a little, so the pending state can be seen however fast the server is.
  await page.route(`**/api/admin/orders/${order.id}`, async (route) => {
    if (route.request().method() === 'DELETE') await new Promise((resolve) => setTimeout(resolve, 600))
    await route.continue()
  })

  await page.goto('/admin/orders')
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.orderNumber)
  await page.getByRole('button', { name: `Delete order ${order.orderNumber}` }).click()

  const dialog = page.getByRole('dialog', { name: 'Are you sure?' })
  await expect(dialog).toContainText(
    `This will permanently delete order ${order.orderNumber}. This action cannot be undone.`,
  )
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Delete' }).click()

  await expect(dialog.getByRole('button', { name: 'Deleting...' })).toBeDisabled()
  await expectToast(page, 'Order deleted', 'The order has been successfully deleted.')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('row').filter({ hasText: order.orderNumber })).toHaveCount(0)
  await expect(page.getByText('No orders found.')).toBeVisible()
  await expect(shopAdmin.order(order.id)).rejects.toThrow(/answered 404/)
})
