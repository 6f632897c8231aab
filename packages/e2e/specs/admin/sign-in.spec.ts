import { expect, expectToast, logInThroughForm, test } from '../../fixtures/admin'
import { ADMIN_USERNAME } from '../../fixtures/constants'

test('a wrong password shows Login Failed and keeps the owner on the login screen', async ({ page, consoleGuard }) => {
  // The browser reports the API's 401 for the wrong password as a failed resource load.
  consoleGuard.allow(/status of 401/)
  await page.goto('/admin/login')

  await page.getByRole('textbox', { name: 'Username' }).fill(ADMIN_USERNAME)
  await page.getByLabel('Password', { exact: true }).fill('Not-The-Password-1')
  await page.getByRole('button', { name: 'Login' }).click()

  await expectToast(page, 'Login Failed', 'Invalid username or password')
  await expect(page).toHaveURL(/\/admin\/login$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible()
})

test('the owner logs in and lands on the dashboard', async ({ page }) => {
  // Holds the login answer back a little, so the pending button can be seen however fast the server is.
  await page.route('**/api/auth/login', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600))
    await route.continue()
  })
  await page.goto('/admin/login')

  await logInThroughForm(page)

  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByText('Admin', { exact: true })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeTruthy()
})

test('a logged-out visitor is sent from /admin/orders to the login screen without seeing admin content', async ({
  page,
  consoleGuard,
}) => {
  // The session check answers 401 for a visitor without a session; the browser logs it.
  consoleGuard.allow(/status of 401/)
  // Records any admin content that ever reaches the document, however briefly, before the redirect.
  await page.addInitScript(() => {
    const flashes: string[] = []
    Object.assign(window, { adminFlashes: flashes })
    new MutationObserver(() => {
      for (const heading of document.querySelectorAll('h1')) {
        const text = heading.textContent?.trim() ?? ''
        if (text === 'Orders' || text === 'Dashboard') flashes.push(`heading ${text}`)
      }
      if (document.querySelector('nav[aria-label="Admin"]')) flashes.push('admin navigation')
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })

  await page.goto('/admin/orders')

  await expect(page).toHaveURL(/\/admin\/login$/)
  await expectToast(page, 'Authentication Error', 'Please log in to access the admin dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible()
  const flashes = await page.evaluate(() => (window as unknown as { adminFlashes: string[] }).adminFlashes)
  expect(flashes, 'admin content shown before the redirect').toEqual([])
})

test('the owner logs out and /admin asks for the login again', async ({ page, consoleGuard }) => {
  // After the logout the session check of /admin answers 401.
  consoleGuard.allow(/status of 401/)
  await logInThroughForm(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }).click()

  await expectToast(page, 'Logged out successfully')
  await expect(page).toHaveURL(/\/admin\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull()

  await page.goto('/admin')

  await expect(page).toHaveURL(/\/admin\/login$/)
  await expectToast(page, 'Authentication Error')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveCount(0)
})
