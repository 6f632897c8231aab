import type { Page } from '@playwright/test'
import { formatUsd } from '../../fixtures/format'
import { addToCartFromProductPage, cartButton, cartDrawer, openCart, toasts } from '../../fixtures/storefront'
import { expect, test } from '../../fixtures/test'

const CUSTOMER = {
  name: 'Maria Goretti',
  email: 'maria.goretti@example.com',
  phone: '5550132024',
  address: '12 Chapel Lane',
  city: 'Nashville',
  state: 'TN',
  zip: '37203',
  country: 'USA',
}

async function fillCheckoutForm(page: Page) {
  const form = page.getByRole('form', { name: 'Checkout' })
  await form.getByRole('textbox', { name: 'Full name', exact: true }).fill(CUSTOMER.name)
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(CUSTOMER.email)
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill(CUSTOMER.phone)
  await form.getByRole('textbox', { name: 'Address', exact: true }).fill(CUSTOMER.address)
  await form.getByRole('textbox', { name: 'City', exact: true }).fill(CUSTOMER.city)
  await form.getByRole('textbox', { name: 'State', exact: true }).fill(CUSTOMER.state)
  await form.getByRole('textbox', { name: 'ZIP code', exact: true }).fill(CUSTOMER.zip)
  await form.getByRole('textbox', { name: 'Country', exact: true }).fill(CUSTOMER.country)
}

/** Holds POST /api/orders back a little, so the pending state can be seen however fast the server is. */
async function slowDownOrders(page: Page, delayMs: number) {
  await page.route('**/api/orders', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs))
    await route.continue()
  })
}

test('an empty cart shows Your Cart is Empty with a way back to the shop', async ({ page }) => {
  await page.goto('/checkout')

  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible()
  await page.getByRole('link', { name: 'Continue Shopping' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('submitting an empty checkout form shows every validation message', async ({ page, catalog }) => {
  const product = await catalog.inStockProduct('necklaces')
  await addToCartFromProductPage(page, product)
  await page.goto('/checkout')

  await page.getByRole('button', { name: 'Place Order' }).click()

  for (const message of [
    'Name must be at least 2 characters',
    'Please enter a valid email address',
    'Please enter a valid phone number',
    'Please enter your full address',
    'City is required',
    'State is required',
    'Zip code is required',
    'Country is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  }
  // Nothing was sent: the visitor is still on the form, the cart untouched.
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible()
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item')
})

test('visitor places an order and sees its number; the order is stored with database prices', async ({
  page,
  catalog,
  adminApi,
}) => {
  const necklace = await catalog.inStockProduct('necklaces')
  const ring = await catalog.inStockProduct('rings')
  await addToCartFromProductPage(page, necklace, 2)
  await addToCartFromProductPage(page, ring)
  await cartButton(page).click()
  await cartDrawer(page).getByRole('link', { name: 'Checkout' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()

  await fillCheckoutForm(page)
  await slowDownOrders(page, 800)
  await page.getByRole('button', { name: 'Place Order' }).click()

  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled()
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible()
  const orderNumber = (await page.getByText(/^ORD-\d+$/).textContent())?.trim() ?? ''
  expect(orderNumber).toMatch(/^ORD-\d+$/)

  // The cart is emptied: no badge, an empty drawer.
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items')
  await expect(page.getByRole('banner').getByText(/^\d+$/)).toHaveCount(0)
  await openCart(page)
  await expect(cartDrawer(page).getByText('Your cart is empty')).toBeVisible()

  const summary = (await adminApi.orders()).find((order) => order.orderNumber === orderNumber)
  if (!summary) throw new Error(`order ${orderNumber} is not in GET /api/admin/orders`)
  adminApi.discardOrderLater(summary.id)
  const order = await adminApi.order(summary.id)
  expect(order.customerName).toBe(CUSTOMER.name)
  expect(order.customerEmail).toBe(CUSTOMER.email)
  expect(order.customerAddress).toBe(
    `${CUSTOMER.address}, ${CUSTOMER.city}, ${CUSTOMER.state} ${CUSTOMER.zip}, ${CUSTOMER.country}`,
  )
  expect(order.status).toBe('pending')
  expect(order.items.map(({ productId, quantity, price }) => ({ productId, quantity, price }))).toEqual(
    expect.arrayContaining([
      { productId: necklace.id, quantity: 2, price: necklace.price },
      { productId: ring.id, quantity: 1, price: ring.price },
    ]),
  )
  expect(order.items).toHaveLength(2)
  const expectedCents = Math.round(Number(necklace.price) * 100) * 2 + Math.round(Number(ring.price) * 100)
  // The lines are the subtotal; the total adds the shop's shipping and tax, as the summary showed.
  expect(order.charges.subtotal).toBe((expectedCents / 100).toFixed(2))
  const cents = (money: string) => Math.round(Number(money) * 100)
  const { charges } = order
  expect(cents(order.total)).toBe(
    cents(charges.subtotal) -
      cents(charges.discount) +
      cents(charges.shipping) +
      (charges.taxIncluded ? 0 : cents(charges.tax)),
  )
  await expect(page.getByText(`Total ${formatUsd(order.total)}`)).toBeVisible()
})

test('ordering more than the stock shows Error processing order and keeps the cart', async ({
  page,
  catalog,
  adminApi,
  consoleGuard,
}) => {
  // The API's 409 is reported by the browser as a failed resource load.
  consoleGuard.allow(/status of 409/)
  const product = await catalog.inStockProduct('bracelets')
  await addToCartFromProductPage(page, product, 2)
  // Someone else buys most of it between the visitor's add to cart and the order.
  await adminApi.setStock(product.id, 1)

  await page.goto('/checkout')
  await fillCheckoutForm(page)
  await page.getByRole('button', { name: 'Place Order' }).click()

  const toast = toasts(page).filter({ hasText: 'Error processing order' })
  await expect(toast).toBeVisible()
  await expect(toast).toContainText('There was a problem processing your order. Please try again.')
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled()
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items')
  expect((await adminApi.product(product.id)).stock).toBe(1)
})
