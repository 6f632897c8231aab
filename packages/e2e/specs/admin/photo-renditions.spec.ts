import type { Locator, Page } from '@playwright/test'
import { expect, expectToast, test, uniqueSuffix } from '../../fixtures/admin'
import { phonePhoto } from '../../fixtures/photos'

/** The rendered width of an image, in CSS pixels. */
function renderedWidth(image: Locator): Promise<number> {
  return image.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width)
}

/** The layout shifts so far whose moving elements include an image (sizes set by width/height must prevent them). */
function imageLayoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Array<{
            value: number
            sources?: Array<{ node?: Node }>
          }>) {
            if (
              entry.sources?.some((source) => source.node?.nodeName === 'IMG' || source.node?.nodeName === 'PICTURE')
            ) {
              total += entry.value
            }
          }
        }).observe({ type: 'layout-shift', buffered: true })
        setTimeout(() => resolve(total), 300)
      }),
  )
}

test('a photo uploaded in the product form is served to the shop as a responsive AVIF or WebP image', async ({
  adminPage: page,
  shopAdmin,
}) => {
  // The server decodes the photo and encodes ten renditions while the form waits.
  test.slow()
  const category = await shopAdmin.createCategory()
  const productName = `Photo Locket ${uniqueSuffix()}`
  const photo = await phonePhoto({ width: 2000, height: 1500, seed: 7 })

  await page.goto('/admin/products/new')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(productName)
  await page.getByRole('textbox', { name: 'Description' }).fill('A locket photographed on the workbench.')
  await page.getByRole('textbox', { name: 'Price' }).fill('80.00')
  await page.getByRole('combobox', { name: 'Category' }).click()
  await page.getByRole('option', { name: category.name, exact: true }).click()
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo })
  // The stored name carries the photo's size and colour.
  const formImage = page.getByRole('img', { name: 'Image 1', exact: true })
  await expect(formImage).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]{36}_2000x1500_[0-9a-f]{6}\.jpg$/, {
    timeout: 30_000,
  })
  const imageUrl = (await formImage.getAttribute('src')) ?? ''
  await page.getByRole('button', { name: 'Generate' }).click()
  await page.getByRole('textbox', { name: 'Stock', exact: true }).fill('3')
  await page.getByRole('button', { name: 'Create Product' }).click()
  await expectToast(page, 'Product created')
  const product = await shopAdmin.productByName(productName)
  shopAdmin.deleteLater('product', product.id)
  expect(product.imageUrls).toEqual([imageUrl])

  const imageTypes: string[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/uploads/'))
      imageTypes.push(response.headers()['content-type'] ?? '')
  })
  await page.goto(`/product/${product.id}`)
  const main = page.getByRole('main').getByRole('img', { name: productName, exact: true })
  await expect(main).toHaveAttribute('width', '2000')
  await expect(main).toHaveAttribute('height', '1500')
  await expect(main).toHaveAttribute('sizes', /\d+px/)
  await expect(main).toHaveAttribute('srcset', `${imageUrl} 2000w`)
  await expect(main).toHaveAttribute('fetchpriority', 'high')
  await expect(main.locator('xpath=..')).toHaveJSProperty('tagName', 'PICTURE')
  // The browser chose a rendition in a modern format, and it loaded.
  await expect
    .poll(() => main.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0)
  const chosen = await main.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)
  expect(chosen).toMatch(/^\/uploads\/r\/[0-9a-f-]{36}_2000x1500_[0-9a-f]{6}-\d+\.(avif|webp)$/)
  expect(imageTypes.some((type) => type === 'image/avif' || type === 'image/webp')).toBe(true)
  expect(imageTypes).not.toContain('image/jpeg')

  expect(await imageLayoutShift(page)).toBe(0)

  // `sizes` follows the layout: the gallery fills the page's width on a phone and half of it on a laptop, a card a
  // half and a quarter (product-gallery.tsx and product-card.tsx say how they are derived from the CSS).
  for (const [width, gallery, card] of [
    [390, 390 - 32, 390 / 2 - 24],
    [1280, 1280 / 2 - 44, 1280 / 4 - 26],
  ] as const) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`/product/${product.id}`)
    // What sizes says, or a few pixels less (borders): never more, which would load a smaller rendition than shown.
    await expect.poll(() => renderedWidth(main)).toBeGreaterThan(gallery - 4)
    expect(await renderedWidth(main)).toBeLessThanOrEqual(gallery)
    await page.goto(`/category/${category.slug}`)
    const cardImage = page.getByTestId('product-card').filter({ hasText: productName }).locator('img')
    await expect.poll(() => renderedWidth(cardImage)).toBeGreaterThan(card - 4)
    expect(await renderedWidth(cardImage)).toBeLessThanOrEqual(card)
    expect(await imageLayoutShift(page)).toBe(0)
  }

  // The server's HTML preloads the rendition the page shows, and gives link previews a 1,280 px WebP.
  const html = await (await page.request.get(`/product/${product.id}`)).text()
  const preload = html.match(/<link[^>]*rel="preload"[^>]*as="image"[^>]*>/)?.[0] ?? ''
  expect(preload).toContain('fetchpriority="high"')
  expect(preload).toMatch(/imagesizes="[^"]*\d+px/)
  expect(preload).toContain('type="image/avif"')
  if (chosen.endsWith('.avif')) expect(preload).toContain(chosen)
  const ogImage = html.match(/<meta[^>]*property="og:image" content="([^"]*)"/)?.[1] ?? ''
  expect(new URL(ogImage).pathname).toMatch(/^\/uploads\/r\/[0-9a-f-]{36}_2000x1500_[0-9a-f]{6}-1280\.webp$/)
  expect(html).toContain('<meta data-page-head property="og:image:width" content="1280">')
  expect(html).toContain('<meta data-page-head property="og:image:height" content="960">')
  const preview = await page.request.get(ogImage)
  expect(preview.status()).toBe(200)
  expect(preview.headers()['content-type']).toBe('image/webp')
})
