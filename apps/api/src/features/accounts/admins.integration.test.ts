import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inviteAdmin, loginAs, STAFF_PASSWORD } from '../../testing/accounts'
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
