import type { APIRequestContext } from '@playwright/test'
import { ZLoginResult } from '@shop/schema/auth'
import { expect, expectToast, logInThroughForm, MailInbox, resetLinkIn, test } from '../../fixtures/admin'
import { ADMIN_PASSWORD, ADMIN_USERNAME, E2E_SMTP_PORT } from '../../fixtures/constants'

// The server runs with NODE_ENV=production, so it never hands the reset link back: the link only travels by mail,
// to the SMTP inbox this test opens on E2E_SMTP_PORT (the webServer's SMTP_HOST/SMTP_PORT point at it).
const NEW_PASSWORD = 'Chapel-Lane-42!'

async function adminEmail(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  })
  expect(response.ok(), `API login: ${response.status()}`).toBe(true)
  return ZLoginResult.parse(await response.json()).admin.email
}

/** Puts the configured password back through a second mailed link, so the other tests can still log in. */
async function restorePassword(request: APIRequestContext, inbox: MailInbox, email: string) {
  const mailsBefore = inbox.mails.length
  const forgot = await request.post('/api/auth/forgot-password', { data: { email } })
  expect(forgot.ok(), `forgot-password: ${forgot.status()}`).toBe(true)
  const link = resetLinkIn(await inbox.waitForMailTo(email, { skip: mailsBefore }))
  const token = link.searchParams.get('token') ?? ''
  const reset = await request.post('/api/auth/reset-password', {
    data: { token, password: ADMIN_PASSWORD, confirmPassword: ADMIN_PASSWORD },
  })
  expect(reset.ok(), `reset-password: ${reset.status()} ${await reset.text()}`).toBe(true)
  const login = await request.post('/api/auth/login', {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  })
  expect(login.ok(), 'the configured password works again').toBe(true)
}

test('the owner resets a forgotten password through the mailed link and logs in with the new one', async ({
  page,
  request,
  baseURL,
  consoleGuard,
}) => {
  // The old password's refused login answers 401, which the browser logs.
  consoleGuard.allow(/status of 401/)
  const email = await adminEmail(request)
  const inbox = await MailInbox.start(E2E_SMTP_PORT)
  let isPasswordChanged = false
  try {
    await page.goto('/admin/login')
    await page.getByRole('link', { name: 'Forgot Password?' }).click()
    await expect(page).toHaveURL(/\/admin\/forgot-password$/)
    await page.getByRole('textbox', { name: 'Email' }).fill(email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()

    await expect(page.getByRole('alert').filter({ hasText: 'Request received' })).toBeVisible()
    await expect(page.getByText('The email could not be sent')).toHaveCount(0)
    const mail = await inbox.waitForMailTo(email)
    const link = resetLinkIn(mail)
    // The mail links to the shop's public address (PUBLIC_URL).
    expect(link.origin).toBe(new URL(baseURL ?? '').origin)
    expect(link.pathname).toBe('/admin/reset-password')
    expect(link.searchParams.get('token')).toBeTruthy()

    await page.goto(link.href)
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible()
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD)
    isPasswordChanged = true
    await page.getByRole('button', { name: 'Reset Password' }).click()

    await expect(page.getByText('Password reset successful')).toBeVisible()
    // The success view leads back to the login screen after 3 seconds.
    await expect(page).toHaveURL(/\/admin\/login$/, { timeout: 10_000 })

    await logInThroughForm(page, ADMIN_PASSWORD)
    await expectToast(page, 'Login Failed', 'Invalid username or password')

    await logInThroughForm(page, NEW_PASSWORD)
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  } finally {
    try {
      if (isPasswordChanged) await restorePassword(request, inbox, email)
    } finally {
      await inbox.close()
    }
  }
})
