import { expect, test } from '../../fixtures/admin'

/** YYYY-MM-DD of the UTC day `days` before today: the charts' days are UTC days. */
function utcDay(daysAgo: number): string {
  const date = new Date()
  date.setUTCDate(date.getUTCDate() - daysAgo)
  return date.toISOString().slice(0, 10)
}

test("the owner sees today's order in the sales charts and top products, and switches ranges", async ({
  adminPage: page,
  shopAdmin,
}) => {
  // Priced above anything the demo shop sells in a month, so it tops the revenue list.
  const product = await shopAdmin.createProduct({ price: '25000.00' })
  await shopAdmin.placeOrder(product)

  await page.goto('/admin')
  const card = page
    .locator('.mantine-Card-root')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Sales' }) })
  await expect(card).toBeVisible()
  // The stat cards stay as they were.
  await expect(page.getByText('Total Revenue')).toBeVisible()

  const revenueChart = card.getByRole('figure', { name: `Revenue per day, ${utcDay(29)} to ${utcDay(0)}` })
  await expect(revenueChart.locator('.recharts-surface')).toBeVisible()
  await expect(card.getByRole('figure', { name: /^Orders per day/ }).locator('.recharts-surface')).toBeVisible()
  await expect(card.getByText('Average order value')).toBeVisible()
  await expect(card.getByRole('radio', { name: '30 days' })).toBeChecked()
  await expect(card.getByRole('radio', { name: 'Day', exact: true })).toBeChecked()

  const byRevenue = card.getByRole('region', { name: 'Top products by revenue' })
  await expect(byRevenue.getByText(product.name)).toBeVisible()
  await expect(byRevenue.getByText('$25,000.00')).toBeVisible()
  await expect(card.getByRole('region', { name: 'Top products by units' })).toBeVisible()

  await card.getByText('90 days').click()
  await card.getByText('Week', { exact: true }).click()
  await expect(card.getByRole('figure', { name: `Revenue per week, ${utcDay(89)} to ${utcDay(0)}` })).toBeVisible()
  await expect(card.getByRole('radio', { name: '90 days' })).toBeChecked()
  await expect(byRevenue.getByText(product.name)).toBeVisible()

  await card.getByText('365 days').click()
  await card.getByText('Month', { exact: true }).click()
  const yearly = card.getByRole('figure', { name: `Revenue per month, ${utcDay(364)} to ${utcDay(0)}` })
  await expect(yearly.locator('.recharts-surface')).toBeVisible()
  // Thirteen calendar months touch the last 365 days: the x-axis names the first and this one.
  const monthName = (day: string) =>
    new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00.000Z`),
    )
  await expect(yearly.getByText(monthName(utcDay(0))).first()).toBeAttached()
})
