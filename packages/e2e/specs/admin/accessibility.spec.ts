import type { Page } from '@playwright/test'
import { expect, expectNoSeriousAxeViolations, type ShopAdmin, test } from '../../fixtures/admin'

// The shop's CSP (script-src 'self') would block the injected axe script; the pages themselves are unchanged.
test.use({ bypassCSP: true })

/** Waits until the screen shows its heading and no loading placeholder is left. */
async function expectScreenReady(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0)
}

const PUBLIC_SCREENS = [
  { name: 'login', path: '/admin/login', heading: 'Admin Login' },
  { name: 'forgot password', path: '/admin/forgot-password', heading: 'Forgot Password' },
  { name: 'reset password', path: '/admin/reset-password?token=e2e-unchecked-token', heading: 'Reset Password' },
]

for (const screen of PUBLIC_SCREENS) {
  test(`the ${screen.name} screen has no serious or critical axe violation`, async ({ page }) => {
    await page.goto(screen.path)
    await expectScreenReady(page, screen.heading)

    await expectNoSeriousAxeViolations(page)
  })
}

interface DemoIds {
  productId: number
  categoryId: number
  orderId: number
}

/** Ids of demo records for the edit and detail screens; the screens are only looked at, nothing changes. */
async function demoIds(shopAdmin: ShopAdmin): Promise<DemoIds> {
  const [product] = await shopAdmin.products()
  const [category] = await shopAdmin.categories()
  const [order] = await shopAdmin.orders()
  if (!product || !category || !order) throw new Error('the seeded shop needs a product, a category and an order')
  return { productId: product.id, categoryId: category.id, orderId: order.id }
}

const ADMIN_SCREENS: Array<{ name: string; path: (ids: DemoIds) => string; heading: string | RegExp }> = [
  { name: 'dashboard', path: () => '/admin', heading: 'Dashboard' },
  { name: 'product list', path: () => '/admin/products', heading: 'Products' },
  { name: 'new product', path: () => '/admin/products/new', heading: 'New Product' },
  { name: 'edit product', path: (ids) => `/admin/products/edit/${ids.productId}`, heading: 'Edit Product' },
  { name: 'category list', path: () => '/admin/categories', heading: 'Categories' },
  { name: 'new category', path: () => '/admin/categories/new', heading: 'Add Category' },
  { name: 'edit category', path: (ids) => `/admin/categories/edit/${ids.categoryId}`, heading: 'Edit Category' },
  { name: 'order list', path: () => '/admin/orders', heading: 'Orders' },
  { name: 'order detail', path: (ids) => `/admin/orders/${ids.orderId}`, heading: /^Order ORD-/ },
  { name: 'testimonials', path: () => '/admin/testimonials', heading: 'Testimonials' },
]

for (const screen of ADMIN_SCREENS) {
  test(`the ${screen.name} screen has no serious or critical axe violation`, async ({ adminPage: page, shopAdmin }) => {
    await page.goto(screen.path(await demoIds(shopAdmin)))
    await expectScreenReady(page, screen.heading)

    await expectNoSeriousAxeViolations(page)
  })
}

test('the invoice screen has no serious or critical axe violation', async ({ adminPage: page, shopAdmin }) => {
  const { orderId } = await demoIds(shopAdmin)
  await page.goto(`/admin/orders/${orderId}/invoice`)
  await expectScreenReady(page, /^Invoice ORD-/)
  await expect(page.locator('iframe')).toHaveAttribute('src', /^blob:/)
  await expect(page.getByRole('link', { name: 'Download' })).toBeVisible()

  await expectNoSeriousAxeViolations(page)
})

test('the add testimonial dialog has no serious or critical axe violation', async ({ adminPage: page }) => {
  await page.goto('/admin/testimonials')
  await expectScreenReady(page, 'Testimonials')
  await page.getByRole('button', { name: 'Add Testimonial' }).click()
  await expect(page.getByRole('dialog', { name: 'Add New Testimonial' })).toBeVisible()

  await expectNoSeriousAxeViolations(page)
})
