import { formatUsd } from '../../fixtures/format'
import { addToCartFromProductPage, cartButton, cartDrawer, cartLine, openCart } from '../../fixtures/storefront'
import { expect, test } from '../../fixtures/test'

test('adding a product twice gives one line with quantity 2 and a badge of 2', async ({ page, catalog }) => {
  const product = await catalog.inStockProduct('necklaces')

  await addToCartFromProductPage(page, product)
  await addToCartFromProductPage(page, product)

  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items')
  await expect(page.getByRole('banner').getByText('2', { exact: true })).toBeVisible()

  await openCart(page)
  await expect(cartDrawer(page).getByRole('listitem')).toHaveCount(1)
  await expect(cartLine(page, product.name).getByText('2', { exact: true })).toBeVisible()
  await expect(cartDrawer(page).getByText('Subtotal')).toBeVisible()
  await expect(
    cartDrawer(page)
      .getByText(formatUsd(Number(product.price) * 2))
      .first(),
  ).toBeVisible()
})

test('visitor changes quantities and removes a line in the cart drawer', async ({ page, catalog }) => {
  const [first, second] = (await catalog.categoryProducts('bracelets')).filter((p) => p.stock >= 5)
  if (!first || !second) throw new Error('the seeded shop needs two bracelets in stock')
  await addToCartFromProductPage(page, first)
  await addToCartFromProductPage(page, second)

  await openCart(page)
  const firstLine = cartLine(page, first.name)
  await firstLine.getByRole('button', { name: /^Increase/ }).click()
  await firstLine.getByRole('button', { name: /^Increase/ }).click()
  await expect(firstLine.getByText('3', { exact: true })).toBeVisible()
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 4 items')

  await firstLine.getByRole('button', { name: /^Decrease/ }).click()
  await expect(firstLine.getByText('2', { exact: true })).toBeVisible()
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items')

  await cartLine(page, second.name)
    .getByRole('button', { name: /^Remove/ })
    .click()
  await expect(cartLine(page, second.name)).toHaveCount(0)
  await expect(cartDrawer(page).getByRole('listitem')).toHaveCount(1)

  // Decreasing below 1 removes the line (a quantity of 0 or below removes it).
  await firstLine.getByRole('button', { name: /^Decrease/ }).click()
  await firstLine.getByRole('button', { name: /^Decrease/ }).click()
  await expect(cartDrawer(page).getByText('Your cart is empty')).toBeVisible()
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items')
})

test('Clear cart empties the cart', async ({ page, catalog }) => {
  const product = await catalog.inStockProduct('rings')
  await addToCartFromProductPage(page, product, 2)

  await openCart(page)
  await cartDrawer(page).getByRole('button', { name: 'Clear cart' }).click()

  await expect(cartDrawer(page).getByText('Your cart is empty')).toBeVisible()
  await expect(cartDrawer(page).getByText('Add items to your cart to see them here')).toBeVisible()
  await expect(cartDrawer(page).getByRole('link', { name: 'Checkout' })).toHaveCount(0)
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items')
})

test('the cart survives a reload', async ({ page, catalog }) => {
  const product = await catalog.inStockProduct('earrings')
  await addToCartFromProductPage(page, product, 3)

  await page.reload()

  await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items')
  await openCart(page)
  await expect(cartLine(page, product.name).getByText('3', { exact: true })).toBeVisible()
})
