import { expect, test, uniqueSuffix } from '../../fixtures/admin'

test('the owner pages, searches and filters a long category list, and the product form still offers every category', async ({
  adminPage: page,
  shopAdmin,
}) => {
  const suffix = uniqueSuffix()
  const nameOf = (n: number) => `Paging ${suffix} ${String(n).padStart(2, '0')}`
  // 30 categories, every third one active; inactive ones stay out of the shop's header while the test runs.
  const create = (n: number) =>
    shopAdmin.createCategory({ name: nameOf(n), slug: `paging-${suffix}-${n}`, active: n % 3 === 0 })
  await Promise.all(Array.from({ length: 29 }, (_, i) => create(i + 1)))
  // The last one is the newest.
  await create(30)

  await page.goto(`/admin/categories?q=${suffix}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Search categories' })).toHaveValue(suffix)
  const rows = page.getByRole('row').filter({ hasText: `Paging ${suffix}` })
  await expect(rows).toHaveCount(25)
  await expect(rows.first()).toContainText(nameOf(1))
  await expect(page.getByText('Showing 1–25 of 30 categories')).toBeVisible()

  await page.getByRole('button', { name: 'Page 2' }).click()
  await expect(page).toHaveURL(/[?&]page=2\b/)
  await expect(rows).toHaveCount(5)
  await expect(rows.first()).toContainText(nameOf(26))
  await expect(page.getByText('Showing 26–30 of 30 categories')).toBeVisible()

  // A filter starts again at page 1 and stays in the URL.
  await page.getByRole('combobox', { name: 'Filter by status' }).click()
  await page.getByRole('option', { name: 'Active', exact: true }).click()
  await expect(page).toHaveURL(/[?&]status=active\b/)
  await expect(page).not.toHaveURL(/[?&]page=/)
  await expect(rows).toHaveCount(10)
  await expect(page.getByText('Showing 1–10 of 10 categories')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveCount(0)

  await page.getByRole('combobox', { name: 'Sort categories' }).click()
  await page.getByRole('option', { name: 'Newest first' }).click()
  await expect(rows.first()).toContainText(nameOf(30))

  await page.reload()
  await expect(rows).toHaveCount(10)
  await expect(rows.first()).toContainText(nameOf(30))

  await page.getByRole('searchbox', { name: 'Search categories' }).fill(`${suffix} 12`)
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(nameOf(12))

  // The product form's category field lists every category, not one page of them.
  await page.goto('/admin/products/new')
  await page.getByRole('combobox', { name: 'Category' }).click()
  for (const n of [1, 29, 30]) {
    await expect(page.getByRole('option', { name: new RegExp(`^${nameOf(n)}( \\(inactive\\))?$`) })).toHaveCount(1)
  }
})
