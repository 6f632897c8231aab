import type { Locator, Page } from '@playwright/test'
import type { Product } from '@shop/schema/products'
import { expectNoSeriousAxeViolations } from '../../fixtures/admin'
import type { CatalogApi } from '../../fixtures/shop-api'
import { cartButton, cartDrawer, openCart, toasts } from '../../fixtures/storefront'
import { expect, test } from '../../fixtures/test'

// The shop's CSP (script-src 'self') would block the injected axe script; the pages themselves are unchanged.
test.use({ bypassCSP: true })

const RING = 'Hammered Gold Band Ring'
const LOCKET = 'Engravable Heart Locket'
const ROSARY = 'Heirloom Gold Garnet Rosary'
const PENDANT = 'Anchor of Hope Pendant'

/** A demo product by its name, from its category's public list. */
async function demoProduct(catalog: CatalogApi, slug: string, name: string): Promise<Product> {
  const product = (await catalog.categoryProducts(slug)).find((p) => p.name === name)
  if (!product) throw new Error(`the seeded shop has no '${name}' in /category/${slug}`)
  return product
}

async function openProduct(page: Page, product: Pick<Product, 'id' | 'name'>) {
  await page.goto(`/product/${product.id}`)
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
}

/** Chooses a value in an option's radio group, by its chip (the radio itself is drawn by its label). */
async function choose(page: Page, option: string, value: string) {
  const group = page.getByRole('radiogroup', { name: option })
  await group
    .locator('label')
    .filter({ hasText: new RegExp(`^${value.replace(/"/g, '\\"')}$`) })
    .click()
  await expect(group.getByRole('radio', { name: value, exact: true })).toBeChecked()
}

function addToCartButton(page: Page) {
  return page.getByRole('main').getByRole('button', { name: /^(Add to Cart|Out of Stock|Unavailable)$/ })
}

async function addToCart(page: Page) {
  await addToCartButton(page).click()
  await expect(toasts(page).filter({ hasText: 'Added to cart' }).last()).toBeVisible()
}

function sku(page: Page): Locator {
  return page.getByRole('main').locator('dt', { hasText: 'SKU' }).locator('+ dd')
}

async function fillCheckoutForm(page: Page) {
  const form = page.getByRole('form', { name: 'Checkout' })
  for (const [label, value] of [
    ['Full name', 'Monica of Hippo'],
    ['Email', 'monica.hippo@example.com'],
    ['Phone', '5550132024'],
    ['Address', '7 Basilica Road'],
    ['City', 'Nashville'],
    ['State', 'TN'],
    ['ZIP code', '37203'],
    ['Country', 'USA'],
  ] as const) {
    await form.getByRole('textbox', { name: label, exact: true }).fill(value)
  }
}

test('visitor chooses a ring size, engraves a locket twice and orders the three lines', async ({
  page,
  catalog,
  adminApi,
}) => {
  // Three product pages, the cart and a checkout: longer than one page's flow on two cores.
  test.slow()
  const ring = await demoProduct(catalog, 'rings', RING)
  const locket = await demoProduct(catalog, 'necklaces', LOCKET)

  await openProduct(page, ring)
  await expect(addToCartButton(page)).toBeDisabled()
  await expect(page.getByText('Please choose a Size')).toBeVisible()
  await choose(page, 'Size', '7')
  await expect(sku(page)).toHaveText('RIN-3015-7')
  await expect(page).toHaveURL(/[?&]variant=\d+/)
  await expect(page.getByText('Please choose a Size')).toHaveCount(0)
  await addToCart(page)

  await openProduct(page, locket)
  const engraving = page.getByRole('textbox', { name: /^Engraving \(\+\$10\.00\)/ })
  await engraving.fill('Jn 3:16')
  await expect(page.getByText('7/20', { exact: true })).toBeVisible()
  await expect(page.getByRole('main').getByText('$78.00', { exact: true })).toBeVisible()
  await addToCart(page)
  await engraving.fill('Ἰησοῦς')
  await expect(page.getByText('6/20', { exact: true })).toBeVisible()
  await addToCart(page)

  await openCart(page)
  const lines = cartDrawer(page).getByRole('listitem')
  await expect(lines).toHaveCount(3)
  await expect(lines.filter({ hasText: RING })).toContainText('Size 7')
  const lockets = lines.filter({ hasText: LOCKET })
  await expect(lockets).toHaveCount(2)
  await expect(lockets.filter({ hasText: 'Engraving: Jn 3:16' })).toHaveCount(1)
  await expect(lockets.filter({ hasText: 'Engraving: Ἰησοῦς' })).toHaveCount(1)
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items')

  await cartDrawer(page).getByRole('link', { name: 'Checkout' }).click()
  const summary = page.getByRole('region', { name: 'Order Summary' })
  await expect(summary.getByText('Size 7')).toBeVisible()
  await expect(summary.getByText('Engraving: Jn 3:16')).toBeVisible()
  await fillCheckoutForm(page)
  await page.getByRole('button', { name: 'Place Order' }).click()

  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible()
  const orderNumber = (await page.getByText(/^ORD-\d+$/).textContent())?.trim() ?? ''
  const placed = (await adminApi.orders()).find((order) => order.orderNumber === orderNumber)
  if (!placed) throw new Error(`order ${orderNumber} is not in GET /api/admin/orders`)
  adminApi.discardOrderLater(placed.id)
  const order = await adminApi.order(placed.id)
  expect(
    order.items.map((item) => ({
      sku: item.sku,
      variantLabel: item.variantLabel,
      engraving: item.personalization.map((p) => p.value),
      price: item.price,
    })),
  ).toEqual(
    expect.arrayContaining([
      { sku: 'RIN-3015-7', variantLabel: 'Size 7', engraving: [], price: '96.00' },
      { sku: locket.sku, variantLabel: null, engraving: ['Jn 3:16'], price: '78.00' },
      { sku: locket.sku, variantLabel: null, engraving: ['Ἰησοῦς'], price: '78.00' },
    ]),
  )
})

test('a made-to-order rosary says when it ships and goes into the cart without stock', async ({ page, catalog }) => {
  const rosary = await demoProduct(catalog, 'rosaries', ROSARY)
  expect(rosary.stock).toBe(0)

  await openProduct(page, rosary)
  await expect(page.getByText('Made to order: ships in 10-15 business days')).toBeVisible()
  await expect(addToCartButton(page)).toHaveText('Add to Cart')
  await addToCart(page)

  await openCart(page)
  await expect(cartDrawer(page).getByRole('listitem').filter({ hasText: ROSARY })).toContainText(
    'Made to order: ships in 10-15 business days',
  )
})

test('the pendant shows Yellow gold 18" as unavailable and out of stock', async ({ page, catalog }) => {
  const pendant = await demoProduct(catalog, 'necklaces', PENDANT)
  await openProduct(page, pendant)
  await expect(page.getByRole('main').getByText('From $58.00')).toBeVisible()

  await choose(page, 'Metal', 'Yellow gold')
  const lengths = page.getByRole('radiogroup', { name: 'Chain length' })
  await expect(lengths.getByRole('radio', { name: '18"', exact: true })).toHaveAccessibleDescription('Unavailable')
  await expect(lengths.getByRole('radio', { name: '16"', exact: true })).toHaveAccessibleDescription('')
  await expect(page.getByText('Please choose a Chain length')).toBeVisible()

  await choose(page, 'Chain length', '18"')
  await expect(addToCartButton(page)).toHaveText('Out of Stock')
  await expect(addToCartButton(page)).toBeDisabled()
  await expect(sku(page)).toHaveText('NEC-1081-G18')

  // Sterling silver 18" is in stock: the same length is available with the other metal.
  await choose(page, 'Metal', 'Sterling silver')
  await expect(addToCartButton(page)).toHaveText('Add to Cart')
  await expect(addToCartButton(page)).toBeEnabled()
  await expect(sku(page)).toHaveText('NEC-1081-S18')
})

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the product page with option pickers and an engraving field has no serious axe violation at ${viewport.width} px`, async ({
    page,
    catalog,
  }) => {
    await page.setViewportSize(viewport)
    const pendant = await demoProduct(catalog, 'necklaces', PENDANT)
    await openProduct(page, pendant)
    await choose(page, 'Metal', 'Yellow gold')
    await expectNoSeriousAxeViolations(page)

    const locket = await demoProduct(catalog, 'necklaces', LOCKET)
    await openProduct(page, locket)
    const engraving = page.getByRole('textbox', { name: /^Engraving/ })
    await engraving.fill('For God so loved the world')
    await expect(page.getByText('Engraving must be at most 20 characters')).toBeVisible()
    await expectNoSeriousAxeViolations(page)
  })
}
