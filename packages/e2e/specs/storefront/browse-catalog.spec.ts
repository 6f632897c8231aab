import { formatUsd } from '../../fixtures/format'
import { productLink } from '../../fixtures/storefront'
import { expect, test } from '../../fixtures/test'

test('visitor goes from the home page to a category and opens a product', async ({ page, catalog }) => {
  const [product] = await catalog.categoryProducts('necklaces')
  if (!product) throw new Error('the seeded shop has no necklaces')

  await page.goto('/')
  await page.getByRole('link', { name: 'Explore Necklaces' }).click()

  await expect(page).toHaveURL(/\/category\/necklaces$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Necklaces' })).toBeVisible()

  await productLink(page.getByRole('main'), product.name).click()

  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  await expect(page.getByRole('main').getByText(formatUsd(product.price), { exact: true }).first()).toBeVisible()
})

test('a page opens at its top, even one read down before, and Back returns to where the visitor was', async ({
  page,
  catalog,
}) => {
  const products = await catalog.categoryProducts('necklaces')
  const last = products.at(-1)
  if (!last) throw new Error('the seeded shop has no necklaces')
  const scrollY = () => page.evaluate(() => window.scrollY)
  await page.setViewportSize({ width: 1280, height: 600 })
  await page.goto('/category/necklaces')
  const link = productLink(page.getByRole('main'), last.name)
  await link.scrollIntoViewIfNeeded()
  const scrolled = await scrollY()
  expect(scrolled).toBeGreaterThan(200)

  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: last.name })).toBeVisible()
  await expect.poll(scrollY).toBe(0)
  await page.mouse.wheel(0, 400)
  await expect.poll(scrollY).toBeGreaterThan(100)

  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: 'Necklaces' })).toBeVisible()
  await expect.poll(scrollY).toBe(scrolled)

  // The same product again, by its link: a new visit, at the top, not where the last one was left.
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: last.name })).toBeVisible()
  await expect.poll(scrollY).toBe(0)
})

test('visitor reaches a category through the header navigation', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'RINGS', exact: true }).click()

  await expect(page).toHaveURL(/\/category\/rings$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Rings' })).toBeVisible()
})

test('an unknown product id shows Product Not Found', async ({ page, consoleGuard }) => {
  // The browser reports the page's own 404 status as a console error; that one is expected.
  consoleGuard.allow(/status of 404/)
  await page.goto('/product/999999')

  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible()
  await expect(page.getByText("The product you're looking for doesn't exist or has been removed.")).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/')
})

test('an unknown path shows the 404 page, with status 404', async ({ page, consoleGuard }) => {
  // The browser reports the page's own 404 status as a console error; that one is expected.
  consoleGuard.allow(/status of 404/)
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)

  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('visitor reaches a category through the mobile menu', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'EARRINGS', exact: true }).click()

    await expect(page).toHaveURL(/\/category\/earrings$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Earrings' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden()
  })

  test('the mobile menu closes with its close button and with Escape', async ({ page }) => {
    await page.goto('/')
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(menu).toBeVisible()
    await page.getByRole('button', { name: 'Close menu' }).click()
    await expect(menu).toBeHidden()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(menu).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
  })
})
