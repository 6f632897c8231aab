import type { Page } from '@playwright/test'
import { OWNER_ONLY_MESSAGE } from '@shop/schema/accounts'
import { authenticator } from 'otplib'
import {
  decodeQuotedPrintable,
  expect,
  expectNoSeriousAxeViolations,
  expectToast,
  logInThroughForm,
  MailInbox,
  resetLinkIn,
  test,
  uniqueSuffix,
} from '../../fixtures/admin'
import { E2E_SMTP_PORT } from '../../fixtures/constants'

// axe is injected into the page.
test.use({ bypassCSP: true })

const STAFF_PASSWORD = 'Staff-Member-7!'

async function logInAs(page: Page, username: string, password: string) {
  await page.goto('/admin/login')
  await page.getByRole('textbox', { name: 'Username' }).fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
}

test('the owner invites a staff member, who signs in with two factors, writes to the catalog, is refused the owner-only screens, and the owner reads both their entries in the audit log', async ({
  page,
  request,
  shopAdmin,
  consoleGuard,
}) => {
  test.setTimeout(90_000)
  // The refused screens' reads answer 403, and the session checks after each logout 401; the browser logs both.
  consoleGuard.allow(/status of 403/)
  consoleGuard.allow(/status of 401/)
  const username = `staff${uniqueSuffix()}`.slice(0, 40)
  const email = `${username}@example.com`
  const inbox = await MailInbox.start(E2E_SMTP_PORT)
  try {
    // The owner invites a staff member from the Admins screen; the one-time link goes out by mail (the outbox).
    await logInThroughForm(page)
    await expect(page).toHaveURL(/\/admin$/)
    await page.getByRole('link', { name: 'Admins' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Admins' })).toBeVisible()
    await page.getByRole('textbox', { name: 'Username' }).fill(username)
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sam Staff')
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
    await page.getByRole('button', { name: 'Invite' }).click()
    await expectToast(page, 'Admin invited', `Invitation sent to ${email}`)
    await expect(page.getByRole('row').filter({ hasText: 'Sam Staff' }).filter({ hasText: username })).toBeVisible()
    await expectNoSeriousAxeViolations(page)
    const invitation = await inbox.waitForMailTo(email)
    // The invitation's own words, not a password reset's.
    expect(invitation.raw).toMatch(/^Subject: You have been invited to manage /m)
    expect(decodeQuotedPrintable(invitation.raw)).toMatch(/as staff: you can manage the catalog/)
    const link = resetLinkIn(invitation)
    await logOut(page)

    // The staff member sets a password with the link, and signs in.
    await page.goto(link.href)
    await page.getByLabel('New password', { exact: true }).fill(STAFF_PASSWORD)
    await page.getByLabel('Confirm password', { exact: true }).fill(STAFF_PASSWORD)
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await expect(page).toHaveURL(/\/admin\/login$/, { timeout: 10_000 })
    await logInAs(page, username, STAFF_PASSWORD)
    await expect(page).toHaveURL(/\/admin$/)
    const nav = page.getByRole('navigation', { name: 'Admin' })
    await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible()
    for (const name of ['Settings', 'Admins', 'Audit Log']) await expect(nav.getByRole('link', { name })).toHaveCount(0)

    // Two-factor sign-in, turned on from the Account screen with the QR code's key.
    await nav.getByRole('link', { name: 'Account' }).click()
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible()
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? ''
    await page.getByRole('textbox', { name: 'Verification code' }).fill('12345')
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByText('Verification code must be 6 digits')).toBeVisible()
    // Turning it on takes the password again, not only the session.
    await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD)
    await page.getByRole('textbox', { name: 'Verification code' }).fill(authenticator.generate(secret))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByText('Save your recovery codes')).toBeVisible()
    const codes = ((await page.getByLabel('Recovery codes', { exact: true }).textContent()) ?? '').trim().split(/\s+/)
    expect(codes).toHaveLength(10)
    await expectNoSeriousAxeViolations(page)
    await page.getByRole('button', { name: 'I have saved them' }).click()
    await expect(page.getByText('10 recovery codes left.')).toBeVisible()
    await logOut(page)

    // The login asks for a code after the password. The code of the step used to turn it on is spent: the next
    // one (a phone clock a little ahead) is accepted.
    await logInAs(page, username, STAFF_PASSWORD)
    await expect(page.getByRole('heading', { name: 'Two-Factor Sign-In' })).toBeVisible()
    await page.getByRole('textbox', { name: 'Authentication code' }).fill('12a')
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByText('OTP must be 6 digits')).toBeVisible()
    await expectNoSeriousAxeViolations(page)
    const nextCode = authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret)
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(nextCode)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/admin$/)

    // Staff write to the catalog: a testimonial, through its screen.
    const testimonialName = `Audit Buyer ${uniqueSuffix()}`
    await nav.getByRole('link', { name: 'Testimonials' }).click()
    await page.getByRole('button', { name: 'Add Testimonial' }).click()
    const addDialog = page.getByRole('dialog', { name: 'Add New Testimonial' })
    await addDialog.getByRole('textbox', { name: 'Name' }).fill(testimonialName)
    await addDialog.getByRole('textbox', { name: 'Content' }).fill('The locket arrived engraved exactly as I asked.')
    await addDialog.getByRole('button', { name: 'Create Testimonial' }).click()
    await expectToast(page, 'Success', 'Testimonial created successfully')
    const testimonial = (await shopAdmin.testimonials()).find((t) => t.name === testimonialName)
    if (!testimonial) throw new Error(`the testimonial by ${testimonialName} was not stored`)
    shopAdmin.deleteLater('testimonial', testimonial.id)

    // The owner-only screens, by URL, show a clear refusal (and the server refuses their reads with 403).
    for (const path of ['/admin/settings', '/admin/admins', '/admin/audit-log']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: 'Not Allowed' })).toBeVisible()
      await expect(page.getByText(OWNER_ONLY_MESSAGE)).toBeVisible()
    }
    await expectNoSeriousAxeViolations(page)
    await logOut(page)

    // The owner reads it all in the audit log, filtered by the staff member.
    await logInThroughForm(page)
    await expect(page).toHaveURL(/\/admin$/)
    await page.getByRole('link', { name: 'Audit Log' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible()
    await page.getByRole('combobox', { name: 'Person' }).click()
    await page.getByRole('option', { name: username, exact: true }).click()
    await expect(page).toHaveURL(/adminId=\d+/)
    const rows = page.getByRole('row')
    // Every row is the staff member's: their name in the Who column.
    await expect(rows.filter({ hasText: 'turned on two-factor sign-in' })).toHaveCount(1)
    const staffWrite = rows.filter({ hasText: `testimonial #${testimonial.id}` })
    await expect(staffWrite).toHaveCount(1)
    await expect(staffWrite.getByRole('cell').nth(1)).toHaveText(username)
    await expect(staffWrite.getByRole('cell').nth(3)).toHaveText('created')
    await expect(staffWrite).toContainText(testimonialName)
    await expect(rows.filter({ hasText: 'signed in' }).filter({ hasText: 'password and code' })).toHaveCount(1)
    // Each visit is refused at least once (the screen's own read may also have gone out before the refusal showed).
    await expect(rows.filter({ hasText: 'refused' }).filter({ hasText: '/api/admin/settings' }).first()).toBeVisible()
    await expect(rows.filter({ hasText: 'refused' }).filter({ hasText: '/api/admin/audit-log' }).first()).toBeVisible()
    await page.getByRole('combobox', { name: 'Person' }).click()
    await page.getByRole('option', { name: 'admin', exact: true }).click()
    const ownerWrite = rows.filter({ hasText: 'created' }).filter({ hasText: username })
    await expect(ownerWrite).toHaveCount(1)
    await expect(ownerWrite.getByRole('cell').nth(1)).toHaveText('admin')
    await expect(rows.filter({ hasText: `testimonial #${testimonial.id}` })).toHaveCount(0)
    await expectNoSeriousAxeViolations(page)
  } finally {
    await inbox.close()
    const admins = (await (
      await request.get('/api/admin/admins', { headers: { authorization: `Bearer ${shopAdmin.token}` } })
    ).json()) as Array<{
      id: number
      username: string
    }>
    const staff = admins.find((admin) => admin.username === username)
    if (staff)
      await request.delete(`/api/admin/admins/${staff.id}`, { headers: { authorization: `Bearer ${shopAdmin.token}` } })
  }
})
