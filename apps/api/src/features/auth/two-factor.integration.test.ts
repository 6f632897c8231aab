import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeAt, enableTwoFactor, inviteAdmin, loginAs, STAFF_PASSWORD } from '../../testing/accounts'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { WRONG_CURRENT_PASSWORD } from '../accounts/account.service'
import { CHALLENGE_EXPIRED, INVALID_CODE, INVALID_RECOVERY_CODE, TWO_FACTOR_PROMPT } from './auth.service'

describe('two-factor sign-in', () => {
  let t: TestApp
  let ownerToken: string
  let address = 10
  // Each test its own client address, so the per-client limits of one do not spill into another.
  const nextAddress = () => `198.51.100.${address++}`

  beforeAll(async () => {
    t = await createTestApp()
    ownerToken = await t.login()
  })
  afterAll(() => t.close())

  async function passwordStep(username: string, remoteAddress = nextAddress()) {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      json: { username, password: STAFF_PASSWORD },
      remoteAddress,
    })
    expect(response.statusCode).toBe(200)
    return response
  }
  async function challengeOf(username: string, remoteAddress?: string) {
    return (await passwordStep(username, remoteAddress)).json<{ challenge: string }>().challenge
  }
  function secondStep(json: Record<string, unknown>, remoteAddress = nextAddress()) {
    return t.request({ method: 'POST', url: '/api/auth/login/two-factor', json, remoteAddress })
  }

  it('turns on with a scanned secret, answering ten recovery codes once, stored hashed', async () => {
    await inviteAdmin(t, ownerToken, { username: 'tina', role: 'staff' })
    const token = await loginAs(t, 'tina', STAFF_PASSWORD)
    const setup = await t.request({ method: 'POST', url: '/api/auth/two-factor/setup', token })
    expect(setup.json()).toMatchObject({ otpauthUrl: expect.stringMatching(/^otpauth:\/\/totp\//) })
    expect(setup.json().qrSvg).toMatch(/^<svg/)
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      token,
      json: { password: STAFF_PASSWORD, code: codeAt(setup.json().secret, 5) },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toBe(INVALID_CODE)
    const malformed = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      token,
      json: { password: STAFF_PASSWORD, code: '12 456' },
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().issues[0].message).toBe('Verification code must be 6 digits')
    const enabled = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      token,
      json: { password: STAFF_PASSWORD, code: codeAt(setup.json().secret) },
    })
    expect(enabled.statusCode).toBe(200)
    const codes: string[] = enabled.json().recoveryCodes
    expect(new Set(codes).size).toBe(10)
    const stored = await t.db.selectFrom('admin_recovery_codes').select('code_hash').execute()
    expect(stored).toHaveLength(10)
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''))
    const account = await t.request({ method: 'GET', url: '/api/auth/account', token })
    expect(account.json()).toMatchObject({ twoFactor: true, recoveryCodesLeft: 10 })
    const again = await t.request({ method: 'POST', url: '/api/auth/two-factor/setup', token })
    expect(again.statusCode).toBe(409)
  })

  it('asks for a code after the password, and opens a session only with a right one', async () => {
    await inviteAdmin(t, ownerToken, { username: 'uma', role: 'staff' })
    const { secret } = await enableTwoFactor(t, await loginAs(t, 'uma', STAFF_PASSWORD))
    const first = await passwordStep('uma')
    expect(first.json()).toEqual({ message: TWO_FACTOR_PROMPT, twoFactorRequired: true, challenge: expect.any(String) })
    expect(first.headers['set-cookie']).toBeUndefined()
    // The challenge is no session.
    const asSession = await t.request({ method: 'GET', url: '/api/auth/me', token: first.json().challenge })
    expect(asSession.statusCode).toBe(401)
    const malformed = await secondStep({ challenge: first.json().challenge, code: '1234' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().issues[0].message).toBe('OTP must be 6 digits')
    const wrong = await secondStep({ challenge: first.json().challenge, code: codeAt(secret, 4) })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().message).toBe(INVALID_CODE)
    // The current code is already used: enabling took it. One step ahead (a fast phone clock) is accepted.
    const aheadCode = codeAt(secret, 1)
    const ahead = await secondStep({ challenge: first.json().challenge, code: aheadCode })
    expect(ahead.statusCode, ahead.body).toBe(200)
    expect(Object.keys(ahead.json()).sort()).toEqual(['admin', 'message', 'token'])
    expect(ahead.headers['set-cookie']).toMatch(/shop_session=/)
    expect((await t.request({ method: 'GET', url: '/api/admin/products', token: ahead.json().token })).statusCode).toBe(
      200,
    )
    // The challenge opened one session; the same code is refused with a new challenge too.
    const reusedChallenge = await secondStep({ challenge: first.json().challenge, code: aheadCode })
    expect(reusedChallenge.statusCode).toBe(401)
    expect(reusedChallenge.json().message).toBe(CHALLENGE_EXPIRED)
    const reusedCode = await secondStep({ challenge: await challengeOf('uma'), code: aheadCode })
    expect(reusedCode.statusCode).toBe(401)
    expect(reusedCode.json().message).toBe(INVALID_CODE)
    // Two steps ahead is too far.
    const tooFar = await secondStep({ challenge: await challengeOf('uma'), code: codeAt(secret, 3) })
    expect(tooFar.statusCode).toBe(401)
  })

  it('takes each recovery code once instead of a code', async () => {
    await inviteAdmin(t, ownerToken, { username: 'vera', role: 'staff' })
    const { recoveryCodes } = await enableTwoFactor(t, await loginAs(t, 'vera', STAFF_PASSWORD))
    const code = recoveryCodes[3] as string
    const used = await secondStep({ challenge: await challengeOf('vera'), recoveryCode: code.toUpperCase() })
    expect(used.statusCode, used.body).toBe(200)
    const again = await secondStep({ challenge: await challengeOf('vera'), recoveryCode: code })
    expect(again.statusCode).toBe(401)
    expect(again.json().message).toBe(INVALID_RECOVERY_CODE)
    const account = await t.request({ method: 'GET', url: '/api/auth/account', token: used.json().token })
    expect(account.json().recoveryCodesLeft).toBe(9)
    const malformed = await secondStep({ challenge: 'x', recoveryCode: 'abc' })
    expect(malformed.statusCode).toBe(400)
  })

  it('refuses an unknown challenge', async () => {
    const response = await secondStep({ challenge: 'not-a-challenge', code: '123456' })
    expect(response.statusCode).toBe(401)
    expect(response.json().message).toBe(CHALLENGE_EXPIRED)
  })

  it('limits wrong codes like passwords: 10 per client in 15 minutes, then 429', async () => {
    await inviteAdmin(t, ownerToken, { username: 'wanda', role: 'staff' })
    const { secret } = await enableTwoFactor(t, await loginAs(t, 'wanda', STAFF_PASSWORD))
    const client = nextAddress()
    const challenge = await challengeOf('wanda', client)
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await secondStep({ challenge, code: codeAt(secret, 6) }, client)
      expect(response.statusCode).toBe(401)
    }
    const limited = await secondStep({ challenge, code: codeAt(secret, 1) }, client)
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toMatch(/^\d+$/)
  })

  it('turns off only with the password and a code', async () => {
    await inviteAdmin(t, ownerToken, { username: 'xena', role: 'staff' })
    const token = await loginAs(t, 'xena', STAFF_PASSWORD)
    const off = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      token,
      json: { password: STAFF_PASSWORD, code: '123456' },
    })
    expect(off.statusCode).toBe(409)
    const notStarted = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      token,
      json: { password: STAFF_PASSWORD, code: '123456' },
    })
    expect(notStarted.statusCode).toBe(409)
    const { secret, usedCode: enablingCode } = await enableTwoFactor(t, token)
    const wrongPassword = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      token,
      json: { password: 'Wrong-Password-1', code: codeAt(secret, 1) },
    })
    expect(wrongPassword.statusCode).toBe(400)
    expect(wrongPassword.json().message).toBe(WRONG_CURRENT_PASSWORD)
    const usedCode = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      token,
      json: { password: STAFF_PASSWORD, code: enablingCode },
    })
    expect(usedCode.statusCode).toBe(400)
    expect(usedCode.json().message).toBe(INVALID_CODE)
    const disabled = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      token,
      json: { password: STAFF_PASSWORD, code: codeAt(secret, 1) },
    })
    expect(disabled.statusCode, disabled.body).toBe(200)
    // A login without two-factor answers as the spec's.
    const login = await passwordStep('xena')
    expect(Object.keys(login.json()).sort()).toEqual(['admin', 'message', 'token'])
  })

  it('limits password checks of the account routes per admin (429)', async () => {
    await inviteAdmin(t, ownerToken, { username: 'yara', role: 'staff' })
    const token = await loginAs(t, 'yara', STAFF_PASSWORD)
    const wrong = { currentPassword: 'Wrong-Password-1', password: 'New-Password-1', confirmPassword: 'New-Password-1' }
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await t.request({ method: 'POST', url: '/api/auth/password', token, json: wrong })
      expect(response.statusCode).toBe(400)
    }
    for (const [url, json] of [
      ['/api/auth/password', wrong],
      ['/api/auth/two-factor/disable', { password: STAFF_PASSWORD, code: '123456' }],
    ] as const) {
      const limited = await t.request({ method: 'POST', url, token, json })
      expect(limited.statusCode, url).toBe(url.endsWith('disable') ? 409 : 429)
    }
  })

  it('limits wrong codes when turning it on (429), and when turning it off', async () => {
    await inviteAdmin(t, ownerToken, { username: 'zoe', role: 'staff' })
    const token = await loginAs(t, 'zoe', STAFF_PASSWORD)
    const setup = await t.request({ method: 'POST', url: '/api/auth/two-factor/setup', token })
    const secret: string = setup.json().secret
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/two-factor/enable',
        token,
        json: { password: STAFF_PASSWORD, code: codeAt(secret, 7) },
      })
      expect(response.statusCode).toBe(400)
    }
    const limited = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      token,
      json: { password: STAFF_PASSWORD, code: codeAt(secret) },
    })
    expect(limited.statusCode).toBe(429)
    // The window holds the same count for turning it off: set it on directly, then try.
    await t.db
      .updateTable('admin_users')
      .set({ totp_enabled_at: new Date().toISOString() })
      .where('username', '=', 'zoe')
      .execute()
    const offLimited = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      token,
      json: { password: STAFF_PASSWORD, code: codeAt(secret) },
    })
    expect(offLimited.statusCode).toBe(429)
  })

  it('turns on only with the password as well: without it or with a wrong one, refused as turning off is, nothing changed', async () => {
    const adminId = await inviteAdmin(t, ownerToken, { username: 'paula', role: 'staff' })
    const token = await loginAs(t, 'paula', STAFF_PASSWORD)
    const setup = await t.request({ method: 'POST', url: '/api/auth/two-factor/setup', token })
    const secret: string = setup.json().secret
    const enable = (json: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/auth/two-factor/enable', token, json })
    const disable = (json: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/auth/two-factor/disable', token, json })
    const unchanged = async () => {
      const account = await t.request({ method: 'GET', url: '/api/auth/account', token })
      expect(account.json()).toMatchObject({ twoFactor: false, recoveryCodesLeft: 0 })
      const row = await t.db
        .selectFrom('admin_users')
        .select(['totp_enabled_at', 'totp_last_step'])
        .where('id', '=', adminId)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ totp_enabled_at: null, totp_last_step: null })
      const codes = await t.db.selectFrom('admin_recovery_codes').select('id').where('admin_id', '=', adminId).execute()
      expect(codes).toEqual([])
      const entries = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('admin_id', '=', adminId)
        .where('action', '=', 'turned on two-factor sign-in')
        .execute()
      expect(entries).toEqual([])
    }

    const withoutPassword = await enable({ code: codeAt(secret) })
    expect(withoutPassword.statusCode).toBe(400)
    const offWithoutPassword = await disable({ code: codeAt(secret) })
    expect(withoutPassword.json().issues).toEqual(offWithoutPassword.json().issues)
    expect(withoutPassword.json().issues[0]).toMatchObject({
      path: ['password'],
      message: 'Current password is required',
    })
    await unchanged()

    const wrongPassword = await enable({ password: 'Wrong-Password-1', code: codeAt(secret) })
    expect(wrongPassword.statusCode).toBe(400)
    expect(wrongPassword.json().message).toBe(WRONG_CURRENT_PASSWORD)
    await unchanged()

    // The code refused with the wrong password was not spent: it turns it on with the right one.
    const enabled = await enable({ password: STAFF_PASSWORD, code: codeAt(secret) })
    expect(enabled.statusCode, enabled.body).toBe(200)
    expect(enabled.json().recoveryCodes).toHaveLength(10)
    const account = await t.request({ method: 'GET', url: '/api/auth/account', token })
    expect(account.json()).toMatchObject({ twoFactor: true, recoveryCodesLeft: 10 })
  })

  it('counts wrong passwords when turning it on in the per-admin window of turning it off and changing the password (429)', async () => {
    await inviteAdmin(t, ownerToken, { username: 'quinn', role: 'staff' })
    const token = await loginAs(t, 'quinn', STAFF_PASSWORD)
    const setup = await t.request({ method: 'POST', url: '/api/auth/two-factor/setup', token })
    const secret: string = setup.json().secret
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/two-factor/enable',
        token,
        json: { password: 'Wrong-Password-1', code: codeAt(secret) },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe(WRONG_CURRENT_PASSWORD)
    }
    // The window is used up: even the right password and code are refused, and so is a change of password.
    const limited = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      token,
      json: { password: STAFF_PASSWORD, code: codeAt(secret) },
    })
    expect(limited.statusCode).toBe(429)
    const changePassword = await t.request({
      method: 'POST',
      url: '/api/auth/password',
      token,
      json: { currentPassword: STAFF_PASSWORD, password: 'New-Password-1', confirmPassword: 'New-Password-1' },
    })
    expect(changePassword.statusCode).toBe(429)
    const account = await t.request({ method: 'GET', url: '/api/auth/account', token })
    expect(account.json()).toMatchObject({ twoFactor: false })
  })
})
