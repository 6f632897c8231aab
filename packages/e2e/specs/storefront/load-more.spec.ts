import { expect, test, uniqueSuffix } from '../../fixtures/admin'
import { productLink } from '../../fixtures/storefront'

const PIECES = 30

test('visitor browses a large collection 24 pieces at a time with Load more', async ({ page, shopAdmin }) => {
  const suffix = uniqueSuffix()
  const category = await shopAdmin.createCategory({ name: `Chaplets ${suffix}`, slug: `chaplets-${suffix}` })
  const imageUrls = [await shopAdmin.uploadImage()]
  const nameOf = (n: number) => `Chaplet ${String(n).padStart(2, '0')} ${suffix}`
  for (let n = 1; n <= PIECES; n++) {
    await shopAdmin.createProduct({
      name: nameOf(n),
      sku: `CHP-${n}-${suffix}`.toUpperCase(),
      categoryId: category.id,
      imageUrls,
    })
  }

  // The next page is held back until the test has seen its placeholders.
  let releaseNextPage = () => {}
  const nextPageHeld = new Promise<void>((resolve) => {
    releaseNextPage = resolve
  })
  await page.route(/\/api\/categories\/[^/]+\/products\?.*\bpage=2\b/, async (route) => {
    await nextPageHeld
    await route.continue()
  })

  await page.goto(`/category/${category.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible()
  const cards = page.getByTestId('product-card')
  await expect(cards).toHaveCount(24)
  await expect(productLink(page, nameOf(24))).toBeVisible()
  await expect(productLink(page, nameOf(25))).toHaveCount(0)
  await expect(page.getByText(`Showing 24 of ${PIECES} pieces`)).toBeVisible()

  const loadMore = page.getByRole('button', { name: 'Load more' })
  await loadMore.click()
  await expect(page.getByTestId('product-card-skeleton')).toHaveCount(8)
  releaseNextPage()

  await expect(cards).toHaveCount(PIECES)
  await expect(page.getByTestId('product-card-skeleton')).toHaveCount(0)
  await expect(productLink(page, nameOf(PIECES))).toBeVisible()
  await expect(page.getByText(`Showing ${PIECES} of ${PIECES} pieces`)).toBeVisible()
  await expect(loadMore).toHaveCount(0)

  await productLink(page, nameOf(27)).click()
  await expect(page.getByRole('heading', { level: 1, name: nameOf(27) })).toBeVisible()
})

test('visitor loads more of all pieces on /products, in the chosen order', async ({ page, shopAdmin }) => {
  const suffix = uniqueSuffix()
  const imageUrls = [await shopAdmin.uploadImage()]
  // Cheaper than any demo piece, so that "Price: Low to High" shows these first.
  for (let n = 1; n <= 26; n++) {
    await shopAdmin.createProduct({
      name: `Medal ${String(n).padStart(2, '0')} ${suffix}`,
      price: `0.${String(n).padStart(2, '0')}`,
      imageUrls,
    })
  }

  await page.goto('/products?sort=price-asc')
  const cards = page.getByTestId('product-card')
  await expect(cards).toHaveCount(24)
  await expect(cards.first()).toContainText(`Medal 01 ${suffix}`)
  const total = Number((await page.getByText(/^\d+ pieces$/).textContent())?.split(' ')[0])
  expect(total).toBeGreaterThanOrEqual(26)
  await expect(page.getByText(`Showing 24 of ${total} pieces`)).toBeVisible()

  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(cards).toHaveCount(Math.min(48, total))
  await expect(cards.nth(24)).toContainText(`Medal 25 ${suffix}`)
  await expect(cards.nth(25)).toContainText(`Medal 26 ${suffix}`)
})

test('without JavaScript, a link shows the next 24 pieces of a large collection', async ({ browser, shopAdmin }) => {
  const suffix = uniqueSuffix()
  const category = await shopAdmin.createCategory({ name: `Medals ${suffix}`, slug: `medals-${suffix}` })
  const imageUrls = [await shopAdmin.uploadImage()]
  const nameOf = (n: number) => `Medal ${String(n).padStart(2, '0')} ${suffix}`
  for (let n = 1; n <= PIECES; n++) {
    await shopAdmin.createProduct({
      name: nameOf(n),
      sku: `MDL-${n}-${suffix}`.toUpperCase(),
      categoryId: category.id,
      imageUrls,
    })
  }
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  try {
    await page.goto(`/category/${category.slug}`)
    await expect(page.getByTestId('product-card')).toHaveCount(24)
    await expect(page.getByText(`Showing 24 of ${PIECES} pieces`)).toBeVisible()
    // The Load more button needs JavaScript and is hidden; its link does the same.
    await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden()
    const more = page.locator('noscript').first()
    expect(await more.innerHTML()).toContain('?page=2')

    await page.goto(`/category/${category.slug}?page=2`)
    await expect(page.getByTestId('product-card')).toHaveCount(PIECES)
    await expect(page.getByText(`Showing ${PIECES} of ${PIECES} pieces`)).toBeVisible()
    await expect(productLink(page, nameOf(PIECES))).toBeVisible()
  } finally {
    await context.close()
  }
})
