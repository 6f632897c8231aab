import type { Page } from '@playwright/test'
import { ZOrder } from '@shop/schema/orders'
import {
  CUSTOMER,
  expect,
  expectNoSeriousAxeViolations,
  expectToast,
  PENDANT_PNG,
  test,
  uniqueSuffix,
} from '../../fixtures/admin'

// The shop's CSP (script-src 'self') would block the injected axe script; the pages themselves are unchanged.
test.use({ bypassCSP: true })

/** Adds an option with its values through the Options section, as the owner types them. */
async function addOption(page: Page, position: number, name: string, values: string[]) {
  await page.getByRole('button', { name: 'Add option' }).click()
  const option = page.getByRole('group', { name: `Option ${position}`, exact: true })
  await option.getByRole('textbox', { name: 'Option name', exact: true }).fill(name)
  const valuesInput = option.getByRole('combobox', { name: 'Values' })
  for (const value of values) {
    await valuesInput.fill(value)
    await valuesInput.press('Enter')
  }
}

// A long form typed field by field and four pages loaded: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

test('the owner sells a ring in sizes and metals, one made to order, and sees the variants in the shop and on an order', async ({
  adminPage: page,
  shopAdmin,
  request,
}) => {
  const suffix = uniqueSuffix()
  const name = `Zeal Band ${suffix}`
  const sku = `ZB-${suffix}`.toUpperCase()

  await page.goto('/admin/products/new')
  // The admin's first screen loads its code on demand.
  await expect(page.getByRole('heading', { level: 1, name: 'New Product' })).toBeVisible({ timeout: 15_000 })
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await page
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('A hammered band in two metals, made for a test.')
  await page.getByRole('textbox', { name: 'Price', exact: true }).fill('80')
  await page.getByRole('combobox', { name: 'Category' }).click()
  await page.getByRole('option', { name: 'Rings', exact: true }).click()
  await page.locator('input[type="file"]').setInputFiles(PENDANT_PNG)
  await expect(page.getByRole('img', { name: 'Image 1', exact: true })).toHaveAttribute('src', /^\/uploads\//)
  await page.getByRole('textbox', { name: 'SKU', exact: true }).fill(sku)

  // Two options make four variants, each with a SKU made from the product's.
  await addOption(page, 1, 'Size', ['6', '7'])
  await addOption(page, 2, 'Metal', ['Gold', 'Silver'])
  const table = page.getByRole('table', { name: 'Variants' })
  await expect(table.getByRole('rowheader')).toHaveText([
    'Size 6 / Gold',
    'Size 6 / Silver',
    'Size 7 / Gold',
    'Size 7 / Silver',
  ])
  await expect(table.getByRole('textbox', { name: 'SKU of Size 7 / Silver', exact: true })).toHaveValue(
    `${sku}-7-SILVER`,
  )

  // Prices and stock for all at once, then one by one; the 6 in silver is made to order.
  await page.getByRole('textbox', { name: 'Stock for all variants', exact: true }).fill('5')
  await page.getByRole('button', { name: 'Set stock for all' }).click()
  await table.getByRole('textbox', { name: 'Price of Size 7 / Gold', exact: true }).fill('92')
  await table.getByRole('textbox', { name: 'Price of Size 7 / Silver', exact: true }).fill('95')
  await table.getByRole('textbox', { name: 'SKU of Size 6 / Gold', exact: true }).fill(`${sku}-G6`)
  await table.getByRole('textbox', { name: 'Stock of Size 6 / Silver', exact: true }).fill('0')
  await table.getByRole('switch', { name: 'Made to order: Size 6 / Silver', exact: true }).check()
  await table
    .getByRole('textbox', { name: 'Longest lead time of Size 6 / Silver (business days)', exact: true })
    .fill('20')
  await expect(page.getByText('From $80.00', { exact: true })).toBeVisible()
  await expect(page.getByText('15 in all', { exact: true })).toBeVisible()

  await expectNoSeriousAxeViolations(page)

  await page.getByRole('button', { name: 'Create Product' }).click()
  await expectToast(page, 'Product created')
  await expect(page).toHaveURL(/\/admin\/products$/)
  const product = await shopAdmin.productByName(name)
  shopAdmin.deleteLater('product', product.id)
  expect(product).toMatchObject({
    sku,
    price: '80.00',
    stock: 15,
    options: [
      { name: 'Size', values: ['6', '7'] },
      { name: 'Metal', values: ['Gold', 'Silver'] },
    ],
  })
  expect(
    product.variants.map((variant) => [variant.label, variant.sku, variant.price, variant.stock, variant.leadTime]),
  ).toEqual([
    ['Size 6 / Gold', `${sku}-G6`, '80.00', 5, null],
    ['Size 6 / Silver', `${sku}-6-SILVER`, '80.00', 0, { minDays: 10, maxDays: 20 }],
    ['Size 7 / Gold', `${sku}-7-GOLD`, '92.00', 5, null],
    ['Size 7 / Silver', `${sku}-7-SILVER`, '95.00', 5, null],
  ])
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('4 variants')

  // Editing keeps each variant (its id) and shows what was saved.
  await page.goto(`/admin/products/edit/${product.id}`)
  await expect(page.getByRole('table', { name: 'Variants' }).getByRole('rowheader')).toHaveCount(4)
  await expect(page.getByRole('textbox', { name: 'Price of Size 7 / Silver', exact: true })).toHaveValue('$95.00')

  // The shop: a price from the lowest variant, and the options' values to choose from.
  await page.goto(`/product/${product.id}`)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(main.getByText(/From \$80\.00/).first()).toBeVisible()
  for (const value of ['6', '7', 'Gold', 'Silver']) {
    await expect(main.getByText(value, { exact: true }).first()).toBeVisible()
  }

  // An order of the 7 in silver: the admin sees which variant was bought.
  const variant = product.variants.find((v) => v.label === 'Size 7 / Silver')
  if (!variant) throw new Error('the product has no Size 7 / Silver variant')
  const items = [{ productId: product.id, variantId: variant.id, quantity: 1 }]
  // The total sent is the one the shop quotes (shipping and tax included), as the checkout shows it.
  const quote = await request.post('/api/orders/quote', { data: { items } })
  const { total } = (await quote.json()) as { total: string }
  const response = await request.post('/api/orders', {
    data: {
      customerName: CUSTOMER.name,
      customerEmail: CUSTOMER.email,
      customerAddress: CUSTOMER.address,
      items,
      total,
      orderNumber: `ORD-${Math.floor(Math.random() * 10_000)}`,
    },
  })
  expect(response.ok(), await response.text()).toBe(true)
  const order = ZOrder.parse(await response.json())
  shopAdmin.deleteLater('order', order.id)

  await page.goto(`/admin/orders/${order.id}`)
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible()
  const line = page.getByRole('row').filter({ hasText: name })
  await expect(line).toContainText('Size 7 / Silver')
  await expect(line).toContainText(variant.sku)
})
