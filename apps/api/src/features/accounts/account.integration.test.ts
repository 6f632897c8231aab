import * as auditRepo from '@shop/db/audit-log'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inviteAdmin, loginAs, STAFF_PASSWORD } from '../../testing/accounts'
import { createTestApp, TEST_ADMIN, type TestApp } from '../../testing/test-app'
import { deviceOf, WRONG_CURRENT_PASSWORD } from './account.service'

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'

describe('the Account API, with two API processes on one database', () => {
  let a: TestApp
  let b: TestApp
  beforeAll(async () => {
    a = await createTestApp()
    b = await createTestApp({ database: a.database })
    await inviteAdmin(a, await a.login(), { username: 'nina', role: 'staff' })
  })
  afterAll(async () => {
    await b.close()
    await a.close()
  })

  async function loginWith(t: TestApp, userAgent: string, remoteAddress: string, password = STAFF_PASSWORD) {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      json: { username: 'nina', password },
      headers: { 'user-agent': userAgent },
      remoteAddress,
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ token: string }>().token
  }

  it('names devices from their browser', () => {
    expect(deviceOf(FIREFOX)).toBe('Firefox on Linux')
    expect(deviceOf(SAFARI)).toBe('Safari on iOS')
    expect(deviceOf('')).toBe('Unknown device')
  })

  it('lists the active sessions with device, address and last use, and signs out one or all others on any process', async () => {
    const laptop = await loginWith(a, FIREFOX, '192.0.2.10')
    const phone = await loginWith(b, SAFARI, '192.0.2.20')
    const third = await loginWith(b, FIREFOX, '192.0.2.30')
    const list = await b.request({ method: 'GET', url: '/api/auth/sessions', token: laptop })
    expect(list.statusCode).toBe(200)
    const sessions =
      list.json<Array<{ id: number; device: string; ip: string; current: boolean; lastSeenAt: string }>>()
    expect(sessions.map((session) => session.ip).sort()).toEqual(
      expect.arrayContaining(['192.0.2.10', '192.0.2.20', '192.0.2.30']),
    )
    expect(sessions.find((session) => session.current)).toMatchObject({ device: 'Firefox on Linux' })
    const phoneSession = sessions.find((session) => session.ip === '192.0.2.20')
    expect(phoneSession).toMatchObject({ device: 'Safari on iOS', current: false, lastSeenAt: expect.any(String) })

    const revoked = await a.request({ method: 'DELETE', url: `/api/auth/sessions/${phoneSession?.id}`, token: laptop })
    expect(revoked.statusCode).toBe(200)
    expect((await b.request({ method: 'GET', url: '/api/auth/me', token: phone })).statusCode).toBe(401)
    // Another admin's session is not yours to end.
    const ownerToken = await a.login()
    const ownerSessions = await a.request({ method: 'GET', url: '/api/auth/sessions', token: ownerToken })
    const ownerSession = ownerSessions.json<Array<{ id: number }>>()[0]
    const foreign = await b.request({ method: 'DELETE', url: `/api/auth/sessions/${ownerSession?.id}`, token: laptop })
    expect(foreign.statusCode).toBe(404)

    const others = await b.request({ method: 'POST', url: '/api/auth/sessions/revoke-others', token: laptop })
    expect(others.json().message).toMatch(/signed out/)
    expect((await a.request({ method: 'GET', url: '/api/auth/me', token: third })).statusCode).toBe(401)
    expect((await a.request({ method: 'GET', url: '/api/auth/me', token: laptop })).statusCode).toBe(200)
    expect((await a.request({ method: 'GET', url: '/api/auth/me', token: ownerToken })).statusCode).toBe(200)
  })

  it("changes the password with the current one and the spec's rules, ending the other sessions", async () => {
    const here = await loginWith(a, FIREFOX, '192.0.2.40')
    const elsewhere = await loginWith(b, SAFARI, '192.0.2.41')
    const weak = await a.request({
      method: 'POST',
      url: '/api/auth/password',
      token: here,
      json: { currentPassword: STAFF_PASSWORD, password: 'alllowercase1!', confirmPassword: 'alllowercase1!' },
    })
    expect(weak.statusCode).toBe(400)
    expect(weak.json().issues[0].message).toBe('Password must contain at least one uppercase letter')
    const mismatch = await a.request({
      method: 'POST',
      url: '/api/auth/password',
      token: here,
      json: { currentPassword: STAFF_PASSWORD, password: 'New-Password-1', confirmPassword: 'New-Password-2' },
    })
    expect(mismatch.json().issues[0].message).toBe('Passwords do not match')
    const wrong = await a.request({
      method: 'POST',
      url: '/api/auth/password',
      token: here,
      json: { currentPassword: 'Not-The-One-1', password: 'New-Password-1', confirmPassword: 'New-Password-1' },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toBe(WRONG_CURRENT_PASSWORD)
    const changed = await a.request({
      method: 'POST',
      url: '/api/auth/password',
      token: here,
      json: { currentPassword: STAFF_PASSWORD, password: 'New-Password-1', confirmPassword: 'New-Password-1' },
    })
    expect(changed.statusCode).toBe(200)
    expect((await b.request({ method: 'GET', url: '/api/auth/me', token: elsewhere })).statusCode).toBe(401)
    expect((await b.request({ method: 'GET', url: '/api/auth/me', token: here })).statusCode).toBe(200)
    expect(await loginAs(b, 'nina', 'New-Password-1')).toEqual(expect.any(String))
    const { rows } = await auditRepo.listPage(a.db, { entity: 'admin' }, { limit: 5, offset: 0 })
    expect(rows.map((row) => row.action)).toContain('changed password')
    expect(JSON.stringify(rows)).not.toContain('New-Password-1')
    // The owner from the environment is untouched.
    expect(await loginAs(b, TEST_ADMIN.username, TEST_ADMIN.password)).toEqual(expect.any(String))
  })
})
