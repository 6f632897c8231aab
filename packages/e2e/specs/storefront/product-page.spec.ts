import { cartButton } from '../../fixtures/storefront'
import { expect, test } from '../../fixtures/test'

test('a sold-out product shows a disabled Out of Stock button', async ({ page, catalog, adminApi }) => {
  const product = await catalog.inStockProduct('earrings')
  await adminApi.setStock(product.id, 0)

  await page.goto(`/product/${product.id}`)

  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0)
})

test('visitor picks a quantity on the product page and adds that many', async ({ page, catalog }) => {
  const product = await catalog.inStockProduct('rosaries')
  await page.goto(`/product/${product.id}`)
  const main = page.getByRole('main')
  const decrease = main.getByRole('button', { name: /^Decrease/ })
  const increase = main.getByRole('button', { name: /^Increase/ })

  // The quantity is at least 1, so minus starts disabled.
  await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1')
  await expect(decrease).toBeDisabled()
  await increase.click()
  await increase.click()
  await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('3')
  await page.getByRole('button', { name: 'Add to Cart' }).click()

  await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items')
})

test('the cart badge shows 99+ above 99 items', async ({ page, catalog }) => {
  const product = await catalog.inStockProduct('necklaces')
  // A cart as local storage holds it (under the key `cart`), with more pieces than the badge can show.
  await page.addInitScript((line) => localStorage.setItem('cart', JSON.stringify([line])), {
    id: product.id,
    name: product.name,
    price: Number(product.price),
    quantity: 120,
    imageUrl: product.imageUrls[0] ?? '',
    sku: product.sku,
  })

  await page.goto('/')

  await expect(page.getByRole('banner').getByText('99+', { exact: true })).toBeVisible()
})
