import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inviteAdmin, loginAs, STAFF_PASSWORD } from '../../testing/accounts'
import { type SmtpInbox, startSmtpInbox } from '../../testing/smtp-inbox'
import { createTestApp, TEST_ADMIN, type TestApp } from '../../testing/test-app'
import { LAST_OWNER_MESSAGE, USERNAME_TAKEN } from './admins.service'

describe('the Admins API', () => {
  let t: TestApp
  let ownerToken: string
  let ownerId: number
  beforeAll(async () => {
    t = await createTestApp()
    ownerToken = await t.login()
    const me = await t.request({ method: 'GET', url: '/api/auth/account', token: ownerToken })
    ownerId = me.json<{ id: number }>().id
  })
  afterAll(() => t.close())

  it('makes the admin from the environment an owner, and answers login as the spec does', async () => {
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      json: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    })
    expect(Object.keys(login.json()).sort()).toEqual(['admin', 'message', 'token'])
    expect(Object.keys(login.json().admin).sort()).toEqual(['email', 'id', 'name', 'username'])
    const account = await t.request({ method: 'GET', url: '/api/auth/account', token: ownerToken })
    expect(account.json()).toMatchObject({ username: TEST_ADMIN.username, role: 'owner', twoFactor: false })
  })

  it('invites an admin with a one-time set-password link shown once, who can then log in', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/admins',
      token: ownerToken,
      json: { username: 'ines', email: 'ines@example.com', name: 'Ines', role: 'staff' },
    })
    expect(created.statusCode).toBe(201)
    const body = created.json()
    expect(body.admin).toMatchObject({ username: 'ines', role: 'staff', disabled: false, twoFactor: false })
    expect(body.setPasswordLink).toMatch(/\/admin\/reset-password\?token=/)
    // Not listed anywhere else.
    const list = await t.request({ method: 'GET', url: '/api/admin/admins', token: ownerToken })
    expect(list.body).not.toContain(new URL(body.setPasswordLink).searchParams.get('token'))
    const token = new URL(body.setPasswordLink).searchParams.get('token')
    const set = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      json: { token, password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD },
    })
    expect(set.statusCode).toBe(200)
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      json: { token, password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD },
    })
    expect(again.statusCode).toBe(400)
    expect(await loginAs(t, 'ines', STAFF_PASSWORD)).toEqual(expect.any(String))
  })

  it('refuses a username that is taken (409) and invalid input (400)', async () => {
    const taken = await t.request({
      method: 'POST',
      url: '/api/admin/admins',
      token: ownerToken,
      json: { username: TEST_ADMIN.username, email: 'x@example.com', name: 'X', role: 'staff' },
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().message).toBe(USERNAME_TAKEN)
    const bad = await t.request({
      method: 'PATCH',
      url: '/api/admin/admins/1',
      token: ownerToken,
      json: { role: 'king' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().issues[0].message).toBe('Role must be owner or staff')
  })

  it('answers 404 for an admin that does not exist', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: '/api/admin/admins/999999',
      token: ownerToken,
      json: { disabled: true },
    })
    expect(response.statusCode).toBe(404)
  })

  it('never lets the last active owner be demoted, disabled or deleted', async () => {
    for (const json of [{ role: 'staff' }, { disabled: true }]) {
      const response = await t.request({
        method: 'PATCH',
        url: `/api/admin/admins/${ownerId}`,
        token: ownerToken,
        json,
      })
      expect(response.statusCode).toBe(409)
      expect(response.json().message).toBe(LAST_OWNER_MESSAGE)
    }
    const self = await t.request({ method: 'DELETE', url: `/api/admin/admins/${ownerId}`, token: ownerToken })
    expect(self.statusCode).toBe(409)
    // A second owner: now the first may step down, and the second is the last.
    const secondId = await inviteAdmin(t, ownerToken, { username: 'olga', role: 'owner' })
    const olgaToken = await loginAs(t, 'olga', STAFF_PASSWORD)
    const demote = await t.request({
      method: 'PATCH',
      url: `/api/admin/admins/${ownerId}`,
      token: olgaToken,
      json: { role: 'staff' },
    })
    expect(demote.statusCode).toBe(200)
    expect(demote.json()).toMatchObject({ role: 'staff' })
    const last = await t.request({ method: 'DELETE', url: `/api/admin/admins/${secondId}`, token: olgaToken })
    expect(last.statusCode).toBe(409)
    // The first is staff now: the owner paths refuse them, until made an owner again.
    const refused = await t.request({ method: 'GET', url: '/api/admin/admins', token: ownerToken })
    expect(refused.statusCode).toBe(403)
    const restore = await t.request({
      method: 'PATCH',
      url: `/api/admin/admins/${ownerId}`,
      token: olgaToken,
      json: { role: 'owner' },
    })
    expect(restore.statusCode).toBe(200)
  })

  it('ends every session of a disabled admin at once, refuses their login, and lets them back when re-enabled', async () => {
    const id = await inviteAdmin(t, ownerToken, { username: 'dora', role: 'staff' })
    const token = await loginAs(t, 'dora', STAFF_PASSWORD)
    expect((await t.request({ method: 'GET', url: '/api/admin/products', token })).statusCode).toBe(200)
    const disabled = await t.request({
      method: 'PATCH',
      url: `/api/admin/admins/${id}`,
      token: ownerToken,
      json: { disabled: true },
    })
    expect(disabled.json()).toMatchObject({ disabled: true })
    expect((await t.request({ method: 'GET', url: '/api/admin/products', token })).statusCode).toBe(401)
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      json: { username: 'dora', password: STAFF_PASSWORD },
    })
    expect(login.statusCode).toBe(401)
    expect(login.json().message).toMatch(/disabled/)
    await t.request({ method: 'PATCH', url: `/api/admin/admins/${id}`, token: ownerToken, json: { disabled: false } })
    expect(await loginAs(t, 'dora', STAFF_PASSWORD)).toEqual(expect.any(String))
  })

  it('deletes an admin, with their sessions', async () => {
    const id = await inviteAdmin(t, ownerToken, { username: 'eve', role: 'staff' })
    const token = await loginAs(t, 'eve', STAFF_PASSWORD)
    const deleted = await t.request({ method: 'DELETE', url: `/api/admin/admins/${id}`, token: ownerToken })
    expect(deleted.statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401)
    const list = await t.request({ method: 'GET', url: '/api/admin/admins', token: ownerToken })
    expect(list.json().map((admin: { username: string }) => admin.username)).not.toContain('eve')
  })
})

describe('the invitation mail', () => {
  let t: TestApp
  let inbox: SmtpInbox
  let ownerToken: string
  let shopName: string
  beforeAll(async () => {
    inbox = await startSmtpInbox()
    t = await createTestApp({ smtpPort: inbox.port, env: { PUBLIC_URL: 'http://shop.test:8080' } })
    ownerToken = await t.login()
    shopName = (await t.request({ method: 'GET', url: '/api/admin/settings', token: ownerToken })).json().name
  })
  afterAll(async () => {
    await t.close()
    await inbox.close()
  })

  async function invite(username: string, role: 'owner' | 'staff') {
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/admins',
      token: ownerToken,
      json: {
        username,
        email: `${username}@example.com`,
        name: `${username[0]?.toUpperCase()}${username.slice(1)}`,
        role,
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    // Mailed, so not shown.
    expect(created.json()).toEqual({ message: `Invitation sent to ${username}@example.com`, admin: expect.any(Object) })
    const received = await inbox.nextMail()
    expect(received.to).toEqual([`${username}@example.com`])
    return simpleParser(received.raw)
  }

  it('invites with its own words: the shop, the role, the username and the link with its 7 days', async () => {
    const mail = await invite('iris', 'staff')
    expect(mail.subject).toBe(`You have been invited to manage ${shopName}`)
    const text = (mail.text ?? '').replace(/\s+/g, ' ')
    expect(text).toContain('Hello Iris,')
    expect(text).toContain(
      `You have been invited to manage ${shopName} as staff: you can manage the catalog, the orders and the testimonials.`,
    )
    expect(text).toContain('Your username is iris.')
    expect(text).toContain('Open this link within 7 days to choose your password')
    expect(text).not.toContain('Someone asked to reset')
    expect(text).not.toContain('Reset your password')
    expect(mail.html).toContain('Set your password')
    const link = /http:\/\/shop\.test:8080\/admin\/reset-password\?token=([\w-]+)/.exec(text)
    expect(link?.[1]).toBeDefined()
    const set = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      json: { token: link?.[1], password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD },
    })
    expect(set.statusCode).toBe(200)
    expect(await loginAs(t, 'iris', STAFF_PASSWORD)).toEqual(expect.any(String))
  })

  it("names an owner's role as such, and a password reset keeps its own wording", async () => {
    const mail = await invite('otto', 'owner')
    expect(mail.subject).toBe(`You have been invited to manage ${shopName}`)
    expect((mail.text ?? '').replace(/\s+/g, ' ')).toContain(`You have been invited to manage ${shopName} as an owner:`)
    const expiresAt = await t.db
      .selectFrom('password_reset_tokens')
      .innerJoin('admin_users', 'admin_users.id', 'password_reset_tokens.admin_id')
      .where('admin_users.username', '=', 'otto')
      .select('expires_at')
      .executeTakeFirstOrThrow()
    // The link lasts the 7 days the mail says, not a reset's 15 minutes.
    const days = (new Date(expiresAt.expires_at).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThanOrEqual(7)

    const forgot = await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      json: { email: 'otto@example.com' },
    })
    expect(forgot.statusCode).toBe(200)
    const reset = await simpleParser((await inbox.nextMail()).raw)
    expect(reset.subject).toBe(`Reset your ${shopName} admin password`)
    expect(reset.text).not.toContain('invited')
  })
})
