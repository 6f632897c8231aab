import { parseUsd } from '../../fixtures/format'
import { expect, test } from '../../fixtures/test'

test('visitor sorts all pieces by price from low to high', async ({ page }) => {
  await page.goto('/products')
  await page.getByRole('combobox', { name: 'Sort by' }).click()
  await page.getByRole('option', { name: 'Price: Low to High' }).click()

  await expect(page).toHaveURL(/[?&]sort=price-asc\b/)
  const prices = page
    .getByRole('main')
    .getByRole('link')
    .filter({ hasText: /\$[\d,]+\.\d{2}$/ })
  const readAmounts = async () => (await prices.allTextContents()).map(parseUsd)
  // The grid keeps showing the previous order until the sorted list arrives.
  await expect
    .poll(async () => {
      const amounts = await readAmounts()
      return amounts.length > 1 && amounts.every((amount, i) => i === 0 || (amounts[i - 1] ?? 0) <= amount)
    })
    .toBe(true)
  const amounts = await readAmounts()
  expect(amounts[0]).toBeLessThanOrEqual(amounts.at(-1) ?? Number.NaN)
})

test('visitor finds a product with the search box and opens it with the keyboard', async ({ page, catalog }) => {
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click()
  const box = page.getByRole('combobox', { name: 'Search products' })
  await box.fill('cross')

  const results = page.getByRole('listbox', { name: 'Matching products' }).getByRole('option')
  await expect(results.first()).toBeVisible()
  await box.press('ArrowDown')
  const chosenHref = (await page.getByRole('option', { selected: true }).getAttribute('href')) ?? ''
  const chosenId = Number(chosenHref.match(/^\/product\/(\d+)$/)?.[1])
  expect(chosenId, `the highlighted result links to ${chosenHref}`).toBeGreaterThan(0)
  await box.press('Enter')

  const chosen = await catalog.product(chosenId)
  await expect(page).toHaveURL(new RegExp(`/product/${chosenId}$`))
  await expect(page.getByRole('heading', { level: 1, name: chosen.name })).toBeVisible()
})
