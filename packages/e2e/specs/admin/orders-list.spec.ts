import { expect, test, uniqueSuffix } from '../../fixtures/admin'

const TODAY = new Date().toISOString().slice(0, 10)
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)

test('the owner pages through her orders, sorts them, and narrows them by status and date, all kept in the URL', async ({
  adminPage: page,
  shopAdmin,
}) => {
  const suffix = uniqueSuffix()
  const product = await shopAdmin.createProduct({ stock: 40 })
  const orders = []
  for (let i = 1; i <= 30; i++) {
    const number = String(i).padStart(2, '0')
    orders.push(
      await shopAdmin.placeOrder(product, {
        name: `Pager ${suffix} ${number}`,
        email: `pager.${suffix}.${number}@example.com`,
        address: `${i} Paging Street, Assisi`,
      }),
    )
  }
  const [first, second] = orders
  const last = orders.at(-1)
  if (!first || !second || !last) throw new Error('no orders were placed')

  // A search that finds exactly this test's 30 orders: two pages of 25.
  await page.goto(`/admin/orders?q=${suffix}`)
  const rows = page.getByRole('main').locator('tbody tr')
  await expect(page.getByText('Showing 1–25 of 30 orders')).toBeVisible()
  await expect(rows).toHaveCount(25)
  await expect(rows.first()).toContainText(last.orderNumber)
  await page.getByRole('button', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/[?&]page=2(&|$)/)
  await expect(page.getByText('Showing 26–30 of 30 orders')).toBeVisible()
  await expect(rows).toHaveCount(5)
  await expect(rows.last()).toContainText(first.orderNumber)

  // A new sort starts again at page 1.
  await page.getByRole('combobox', { name: 'Sort orders' }).click()
  await page.getByRole('option', { name: 'Oldest first' }).click()
  await expect(page).toHaveURL(/[?&]sort=oldest(&|$)/)
  await expect(page).not.toHaveURL(/[?&]page=/)
  await expect(rows.first()).toContainText(first.orderNumber)
  await expect(rows.nth(1)).toContainText(second.orderNumber)

  // One of them is being made: the status filter finds it alone.
  await shopAdmin.setOrderStatus(second.id, 'processing')
  await page.getByRole('combobox', { name: 'Filter by status' }).click()
  await page.getByRole('option', { name: 'Processing', exact: true }).click()
  await expect(page.getByText('Showing 1–1 of 1 orders')).toBeVisible()
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(second.orderNumber)

  // Reloaded, the page shows the same: every choice is in the URL.
  await page.reload()
  await expect(rows).toHaveCount(1)
  await expect(page.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('Processing')
  await expect(page.getByRole('combobox', { name: 'Sort orders' })).toHaveValue('Oldest first')
  await page.getByRole('combobox', { name: 'Filter by status' }).click()
  await page.getByRole('option', { name: 'All Statuses' }).click()
  await expect(page).not.toHaveURL(/[?&]status=/)

  // Dates: all were placed today (the server's days are UTC days).
  await page.getByLabel('Placed from').fill(TODAY)
  await expect(page).toHaveURL(new RegExp(`[?&]from=${TODAY}(&|$)`))
  await expect(page.getByText('Showing 1–25 of 30 orders')).toBeVisible()
  await page.getByLabel('Placed from').fill('')
  // As a person would: the next field once the page has taken the first (both write the URL).
  await expect(page).not.toHaveURL(/[?&]from=/)
  await page.getByLabel('Placed to').fill(YESTERDAY)
  await expect(page.getByText('No orders found.')).toBeVisible()
  await expect(page.getByText('No orders', { exact: true })).toBeVisible()

  // A range that ends before it starts is explained, not applied.
  await page.getByLabel('Placed from').fill(TODAY)
  await expect(page.getByText('The range must not end before it starts')).toBeVisible()
  await expect(page.getByText('Showing 1–25 of 30 orders')).toBeVisible()
})
