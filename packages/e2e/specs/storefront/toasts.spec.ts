import { cartButton, toasts } from '../../fixtures/storefront'
import { expect, test } from '../../fixtures/test'

test('adding to cart shows an Added to cart toast with the quantity and product name', async ({ page, catalog }) => {
  const product = await catalog.inStockProduct('necklaces')
  await page.goto(`/product/${product.id}`)

  await page.getByRole('button', { name: 'Add to Cart' }).click()

  const toast = toasts(page).filter({ hasText: 'Added to cart' })
  await expect(toast).toBeVisible()
  await expect(toast).toContainText(product.name)
  // The 'Added to cart' toast names the quantity and the product.
  await expect(toast).toContainText(/(^|\D)1(\D|$)/)
})

test('two quick adds leave one toast on screen', async ({ page, catalog }) => {
  const product = await catalog.inStockProduct('necklaces')
  await page.goto(`/product/${product.id}`)
  const addToCart = page.getByRole('button', { name: 'Add to Cart' })

  await addToCart.click()
  await addToCart.click()

  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items')
  // At most one toast is visible; the new one replaces the current one.
  await expect(toasts(page)).toHaveCount(1)
  await expect(toasts(page).filter({ hasText: 'Added to cart' })).toBeVisible()
})
