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

test('the search box sends its text to the results page, which lists the matching pieces', async ({
  page,
  catalog,
}) => {
  const [product] = await catalog.categoryProducts('necklaces')
  if (!product) throw new Error('the demo shop has no necklaces')
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click()
  const box = page.getByRole('combobox', { name: 'Search products' })
  await expect(box).toBeFocused()
  // Typed and sent at once, before any result is highlighted: the results page answers.
  await box.fill(product.name)
  await box.press('Enter')

  await expect(page).toHaveURL(/\/products\?q=/)
  expect(new URL(page.url()).searchParams.get('q')).toBe(product.name)
  await expect(page.getByRole('heading', { level: 1, name: `Results for “${product.name}”` })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: product.name }).first()).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Search the collection' })).toBeHidden()
})

test('the results page is rendered by the server, says when nothing matches, and is no search result', async ({
  request,
}) => {
  const found = await request.get('/products?q=cross')
  expect(found.status()).toBe(200)
  const html = await found.text()
  expect(html).toContain('Results for “<span dir="auto">cross</span>”')
  expect(html).toMatch(/<meta[^>]* name="robots" content="noindex"/)

  const none = await (await request.get('/products?q=zzqxv')).text()
  expect(none).toContain('No pieces match “<span dir="auto">zzqxv</span>”')
  // What a visitor typed is shown as text, never as markup.
  const typed = await (await request.get(`/products?q=${encodeURIComponent('<img src=x onerror=alert(1)>')}`)).text()
  expect(typed).not.toContain('<img src=x')
  // Longer than the list takes: the page searches for its first part instead of failing.
  expect((await request.get(`/products?q=${'a'.repeat(500)}`)).status()).toBe(200)
})

test('Escape and the close button close the search, and it opens empty again', async ({ page }) => {
  await page.goto('/')
  const search = page.getByRole('banner').getByRole('button', { name: 'Search' })
  const dialog = page.getByRole('dialog', { name: 'Search the collection' })
  await search.click()
  await page.getByRole('combobox', { name: 'Search products' }).fill('cross')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  await search.click()
  await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveValue('')
  await dialog.getByRole('button', { name: 'Close search' }).click()
  await expect(dialog).toBeHidden()
})
