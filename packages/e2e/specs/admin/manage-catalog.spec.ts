import type { Locator } from '@playwright/test'
import { slugify } from '@shop/schema/categories'
import { expect, expectToast, PENDANT_PNG, test, uniqueSuffix } from '../../fixtures/admin'
import { formatUsd } from '../../fixtures/format'

/**
 * True once the image has loaded real pixels (not the fallback, not a broken image): the upload itself or one of
 * its renditions (/uploads/r/{its name}-{width}.avif|webp), whichever the browser chose.
 */
async function expectImageLoaded(image: Locator, src: string) {
  await expect(image).toHaveAttribute('src', src)
  const stem = src.replace(/^\/uploads\//, '').replace(/\.[a-z]+$/, '')
  const loaded = () =>
    image.evaluate((img: HTMLImageElement) =>
      img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : '',
    )
  await expect.poll(loaded).toMatch(new RegExp(`^/uploads/(r/)?${stem}(-\\d+)?\\.[a-z]+$`))
}

test('the owner creates a category and a product with uploaded images and sees both in the shop', async ({
  adminPage: page,
  shopAdmin,
}) => {
  const suffix = uniqueSuffix()
  const categoryName = `Zeal Charms ${suffix}`
  const slug = slugify(categoryName)
  const productName = `Zeal Dove Charm ${suffix}`
  // The generated SKU starts with the first 3 letters of the category's name, uppercased.
  const skuPrefix = categoryName
    .replace(/[^a-z]/gi, '')
    .slice(0, 3)
    .toUpperCase()

  // The category, with an uploaded image and a generated slug.
  await page.goto('/admin/categories')
  await page.getByRole('link', { name: 'Add Category' }).click()
  await expect(page).toHaveURL(/\/admin\/categories\/new$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Add Category' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(categoryName)
  await page.getByRole('button', { name: 'Generate' }).click()
  await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(slug)
  await page.getByRole('textbox', { name: 'Description' }).fill('Small charms of hope, made for an end-to-end test.')
  await page.locator('input[type="file"]').setInputFiles(PENDANT_PNG)
  const imageUrl = page.getByRole('textbox', { name: 'or image URL' })
  await expect(imageUrl).toHaveValue(/^\/uploads\/.+\.png$/)
  const categoryImage = await imageUrl.inputValue()
  await expectImageLoaded(page.getByRole('img', { name: 'Preview of the category image' }), categoryImage)
  await page.getByRole('button', { name: 'Create Category' }).click()

  await expectToast(page, 'Category created', categoryName)
  await expect(page).toHaveURL(/\/admin\/categories$/)
  const category = await shopAdmin.categoryBySlug(slug)
  shopAdmin.deleteLater('category', category.id)
  expect(category.imageUrl).toBe(categoryImage)
  const categoryRow = page.getByRole('row').filter({ hasText: categoryName })
  await expect(categoryRow).toContainText(slug)
  await expect(categoryRow).toContainText('Active')

  // The product in it, with an uploaded image and a SKU generated from the category's name.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click()
  await page.getByRole('link', { name: 'Add Product' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/new$/)
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(productName)
  await page.getByRole('textbox', { name: 'Description' }).fill('A dove charm in gold vermeil, a sign of peace.')
  await page.getByRole('textbox', { name: 'Price' }).fill('64.50')
  await page.getByRole('combobox', { name: 'Category' }).click()
  await page.getByRole('option', { name: categoryName, exact: true }).click()
  await page.locator('input[type="file"]').setInputFiles(PENDANT_PNG)
  const productImage = page.getByRole('img', { name: 'Image 1', exact: true })
  await expect(productImage).toHaveAttribute('src', /^\/uploads\/.+\.png$/)
  const productImageUrl = (await productImage.getAttribute('src')) ?? ''
  await page.getByRole('button', { name: 'Generate' }).click()
  const sku = page.getByRole('textbox', { name: 'SKU' })
  await expect(sku).toHaveValue(new RegExp(`^${skuPrefix}-?\\d{4}$`))
  const skuValue = await sku.inputValue()
  await page.getByRole('textbox', { name: 'Stock', exact: true }).fill('12')
  await page.getByRole('button', { name: 'Create Product' }).click()

  await expectToast(page, 'Product created')
  await expect(page).toHaveURL(/\/admin\/products$/)
  const product = await shopAdmin.productByName(productName)
  shopAdmin.deleteLater('product', product.id)
  expect(product).toMatchObject({ sku: skuValue, price: '64.50', categoryId: category.id, stock: 12, active: true })
  expect(product.imageUrls).toEqual([productImageUrl])
  const productRow = page.getByRole('row').filter({ hasText: productName })
  await expect(productRow).toContainText(skuValue)
  await expect(productRow).toContainText(categoryName)
  await expect(productRow).toContainText('$64.50')
  await expect(productRow).toContainText('Active')

  // The shop: the category in the header navigation, the product on its page and on its own page.
  await page.goto('/')
  const navLink = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: categoryName.toUpperCase(), exact: true })
  await expect(navLink).toHaveAttribute('href', `/category/${slug}`)
  await navLink.click()
  await expect(page).toHaveURL(new RegExp(`/category/${slug}$`))
  await expect(page.getByRole('heading', { level: 1, name: categoryName })).toBeVisible()
  const card = page.getByRole('main').getByRole('link').filter({ hasText: productName })
  await expect(card).toContainText(formatUsd('64.50'))
  await card.click()

  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`))
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: productName })).toBeVisible()
  await expect(main.getByText(formatUsd('64.50'), { exact: true })).toBeVisible()
  await expect(main.getByText(skuValue, { exact: true })).toBeVisible()
  await expectImageLoaded(main.getByRole('img', { name: productName, exact: true }).first(), productImageUrl)
})

test('the owner changes a price and deactivates a product, and the shop follows', async ({
  adminPage: page,
  shopAdmin,
  consoleGuard,
}) => {
  // Once inactive, the storefront's product request answers 404, which the browser logs.
  consoleGuard.allow(/status of 404/)
  const product = await shopAdmin.createProduct({ price: '120.00' })

  await page.goto('/admin/products')
  await page.getByRole('searchbox', { name: 'Search products' }).fill(product.sku)
  await page.getByRole('link', { name: `Edit ${product.name}` }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/products/edit/${product.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible()
  const price = page.getByRole('textbox', { name: 'Price' })
  await expect(price).toHaveValue('$120.00')
  await price.fill('149.50')
  await page.getByRole('button', { name: 'Update Product' }).click()

  await expectToast(page, 'Product updated')
  await expect(page).toHaveURL(/\/admin\/products(\?.*)?$/)
  await expect(page.getByRole('row').filter({ hasText: product.name })).toContainText('$149.50')

  await page.goto(`/product/${product.id}`)
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  await expect(page.getByRole('main').getByText('$149.50', { exact: true })).toBeVisible()

  await page.goto(`/admin/products/edit/${product.id}`)
  const active = page.getByRole('switch', { name: 'Active' })
  await expect(active).toBeChecked()
  await active.uncheck()
  await page.getByRole('button', { name: 'Update Product' }).click()

  await expectToast(page, 'Product updated')
  await expect(page.getByRole('row').filter({ hasText: product.name })).toContainText('Inactive')

  await page.goto(`/product/${product.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible()
  await page.goto('/category/rings')
  await expect(page.getByRole('heading', { level: 1, name: 'Rings' })).toBeVisible()
  // The grid has loaded (the demo rings show), without the deactivated ring.
  await expect(
    page
      .getByRole('main')
      .getByRole('link')
      .filter({ hasText: /\$[\d,]+\.\d{2}$/ })
      .first(),
  ).toBeVisible()
  await expect(page.getByRole('main').getByRole('link').filter({ hasText: product.name })).toHaveCount(0)
})
