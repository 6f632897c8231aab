import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpInbox, startSmtpInbox } from '../../testing/smtp-inbox'
import { createTestApp, TEST_ADMIN, type TestApp } from '../../testing/test-app'

const login = (t: TestApp, password = TEST_ADMIN.password, remoteAddress = '127.0.0.1') =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    json: { username: TEST_ADMIN.username, password },
    remoteAddress,
  })

function sessionCookie(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie.join('\n') : (setCookie ?? '')
  const match = /shop_session=([^;]+)/.exec(header)
  if (!match?.[1]) throw new Error(`no session cookie in ${header}`)
  return match[1]
}

describe('login, session and logout', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('answers { token, admin } and sets an httpOnly SameSite=Strict cookie', async () => {
    const response = await login(t)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.token).toMatch(/^[\w-]{40,}$/)
    expect(body.admin).toEqual({
      id: expect.any(Number),
      username: 'admin',
      name: TEST_ADMIN.name,
      email: TEST_ADMIN.email,
    })
    expect(JSON.stringify(body)).not.toContain('password')
    const cookie = String(response.headers['set-cookie'])
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Strict')
    expect(cookie).not.toContain('Secure')
    expect(sessionCookie(response.headers['set-cookie'])).toBe(body.token)
  })

  it('marks the cookie Secure behind an HTTPS proxy', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } })
    try {
      const response = await proxied.request({
        method: 'POST',
        url: '/api/auth/login',
        json: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
        headers: { 'x-forwarded-proto': 'https' },
      })
      expect(response.statusCode).toBe(200)
      expect(String(response.headers['set-cookie'])).toContain('Secure')
    } finally {
      await proxied.close()
    }
  })

  it('authenticates GET /api/auth/me by Bearer token and by cookie', async () => {
    const token = (await login(t)).json().token
    const byBearer = await t.request({ method: 'GET', url: '/api/auth/me', token })
    expect(byBearer.statusCode).toBe(200)
    expect(byBearer.json()).toMatchObject({ name: TEST_ADMIN.name, username: 'admin' })
    const byCookie = await t.request({ method: 'GET', url: '/api/auth/me', cookies: { shop_session: token } })
    expect(byCookie.statusCode).toBe(200)
    expect(byCookie.json().name).toBe(TEST_ADMIN.name)
  })

  it('answers 401 JSON without a session or with a wrong one', async () => {
    for (const token of [undefined, 'not-a-real-token']) {
      const response = await t.request({ method: 'GET', url: '/api/auth/me', token })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ message: 'Authentication required', code: 'UNAUTHORIZED' })
    }
  })

  it('refuses a wrong password and an unknown user with the same 401 message', async () => {
    const wrongPassword = await login(t, 'Wrong-Password-1', '10.0.0.1')
    const unknownUser = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      json: { username: 'nobody', password: 'Whatever-123' },
      remoteAddress: '10.0.0.1',
    })
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ message: 'Invalid username or password', code: 'UNAUTHORIZED' })
      expect(response.headers['set-cookie']).toBeUndefined()
    }
  })

  it('validates the login form with the spec messages', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      json: { username: '', password: 'short' },
    })
    expect(response.statusCode).toBe(400)
    const messages = response.json().issues.map((issue: { message: string }) => issue.message)
    expect(messages).toEqual(['Username is required', 'Password must be at least 8 characters'])
  })

  it('ends the session on logout, for the token and the cookie alike', async () => {
    const token = (await login(t)).json().token
    const logout = await t.request({ method: 'POST', url: '/api/auth/logout', token })
    expect(logout.statusCode).toBe(200)
    expect(String(logout.headers['set-cookie'])).toMatch(/shop_session=;/)
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401)
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookies: { shop_session: token } })).statusCode).toBe(
      401,
    )
  })

  it('accepts a logout with an empty body and no content type', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Logged out' })
  })

  it('refuses an expired session', async () => {
    const token = (await login(t)).json().token
    await t.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute()
    const response = await t.request({ method: 'GET', url: '/api/admin/products', token })
    expect(response.statusCode).toBe(401)
  })

  it('stores only a hash of the session token', async () => {
    const token = (await login(t)).json().token
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute()
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.map((row) => row.token_hash)).not.toContain(token)
  })
})

describe('login rate limit', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('allows 10 failed logins per client in 15 minutes, then answers 429 until the window passes', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await login(t, 'Wrong-Password-1', '10.1.1.1')).statusCode).toBe(401)
    }
    const blocked = await login(t, TEST_ADMIN.password, '10.1.1.1')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().message).toMatch(/^Too many failed login attempts\. Please try again in 1[45] minutes\.$/)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800)
    // Another client is not affected.
    expect((await login(t, TEST_ADMIN.password, '10.1.1.2')).statusCode).toBe(200)
    // Once the window has passed, the client may log in again.
    await t.db.updateTable('rate_limits').set({ reset_at: '2000-01-01T00:00:00.000Z' }).execute()
    expect((await login(t, TEST_ADMIN.password, '10.1.1.1')).statusCode).toBe(200)
  })

  it('does not count successful logins', async () => {
    for (let i = 0; i < 12; i++) expect((await login(t, TEST_ADMIN.password, '10.2.2.2')).statusCode).toBe(200)
    for (let i = 0; i < 9; i++) expect((await login(t, 'Wrong-Password-1', '10.2.2.2')).statusCode).toBe(401)
    expect((await login(t, TEST_ADMIN.password, '10.2.2.2')).statusCode).toBe(200)
  })
})

describe('forgot and reset password over real SMTP', () => {
  let t: TestApp
  let inbox: SmtpInbox
  beforeAll(async () => {
    inbox = await startSmtpInbox()
    t = await createTestApp({
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(inbox.port), PUBLIC_URL: 'http://shop.test:8080' },
    })
  })
  afterAll(async () => {
    await t.close()
    await inbox.close()
  })

  const forgot = (email: string, remoteAddress = '127.0.0.1') =>
    t.request({ method: 'POST', url: '/api/auth/forgot-password', json: { email }, remoteAddress })
  const reset = (token: string, password = 'New-Secret-42', confirmPassword = password) =>
    t.request({ method: 'POST', url: '/api/auth/reset-password', json: { token, password, confirmPassword } })

  async function requestResetLink(): Promise<string> {
    const response = await forgot(TEST_ADMIN.email.toUpperCase())
    expect(response.statusCode).toBe(200)
    const mail = await inbox.nextMail()
    expect(mail.to).toEqual([TEST_ADMIN.email])
    const link = /http:\/\/shop\.test:8080\/admin\/reset-password\?token=([\w-]+)/.exec(mail.decoded)
    if (!link?.[1]) throw new Error(`no reset link in the mail:\n${mail.decoded}`)
    return link[1]
  }

  it('answers the same bytes for a known and an unknown address, and mails only the known one', async () => {
    const known = await forgot(TEST_ADMIN.email, '10.3.0.1')
    const unknown = await forgot('stranger@example.com', '10.3.0.2')
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(known.body).toBe(unknown.body)
    expect(known.headers['content-length']).toBe(unknown.headers['content-length'])
    expect(known.json()).toEqual({
      message:
        'If an account with that email exists, we have sent a link to reset your password. The link is valid for 15 minutes.',
    })
    const mail = await inbox.nextMail()
    expect(mail.to).toEqual([TEST_ADMIN.email])
    expect(mail.decoded).toContain('/admin/reset-password?token=')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(inbox.mails).toHaveLength(1)
  })

  it('validates the e-mail with the spec message', async () => {
    const response = await forgot('not-an-email')
    expect(response.statusCode).toBe(400)
    expect(response.json().issues[0].message).toBe('Please provide a valid email address')
  })

  it('resets the password through the mailed link once, ending the old sessions', async () => {
    const oldSession = await t.login()
    const token = await requestResetLink()
    const response = await reset(token)
    expect(response.statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: oldSession })).statusCode).toBe(401)
    expect((await login(t)).statusCode).toBe(401)
    expect((await login(t, 'New-Secret-42')).statusCode).toBe(200)

    const again = await reset(token, 'Another-Secret-7')
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe('The reset link is invalid or has expired. Please request a new password reset.')
    expect((await login(t, 'New-Secret-42')).statusCode).toBe(200)
  })

  it('refuses an expired link', async () => {
    const token = await requestResetLink()
    await t.db.updateTable('password_reset_tokens').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute()
    const response = await reset(token)
    expect(response.statusCode).toBe(400)
  })

  it('makes an older link useless when a newer one is sent', async () => {
    const first = await requestResetLink()
    const second = await requestResetLink()
    expect((await reset(first)).statusCode).toBe(400)
    expect((await reset(second)).statusCode).toBe(200)
  })

  it('enforces each password rule with its own message', async () => {
    const cases: Array<[string, string, string]> = [
      ['Ab1!', 'Ab1!', 'Password must be at least 8 characters'],
      ['lowercase1!', 'lowercase1!', 'Password must contain at least one uppercase letter'],
      ['UPPERCASE1!', 'UPPERCASE1!', 'Password must contain at least one lowercase letter'],
      ['NoDigits!!', 'NoDigits!!', 'Password must contain at least one number'],
      ['NoSpecial12', 'NoSpecial12', 'Password must contain at least one special character'],
      ['Good-Pass-1', 'Other-Pass-1', 'Passwords do not match'],
      ['Good-Pass-1', '', 'Confirm password is required'],
    ]
    for (const [password, confirmPassword, message] of cases) {
      const response = await reset('some-token', password, confirmPassword)
      expect(response.statusCode).toBe(400)
      expect(response.json().issues.map((issue: { message: string }) => issue.message)).toContain(message)
    }
    const noToken = await reset('', 'Good-Pass-1')
    expect(noToken.json().issues.map((issue: { message: string }) => issue.message)).toContain(
      'Reset token is required',
    )
  })

  it('limits forgot-password requests per client', async () => {
    for (let i = 0; i < 5; i++) expect((await forgot('stranger@example.com', '10.4.0.1')).statusCode).toBe(200)
    const blocked = await forgot('stranger@example.com', '10.4.0.1')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().message).toMatch(/^Too many password reset requests\./)
  })
})

describe('forgot password while the mail server is slow', () => {
  it('answers before the mail is sent, and sends it in the background', async () => {
    // A gate in front of a real mail server: connections wait there, unanswered, until the test opens it. A server
    // that waited for the mail before answering could never answer while the gate is shut, and its mailer would
    // give up on the greeting; one that answers first gets its mail through once the gate opens.
    const inbox = await startSmtpInbox()
    const held: net.Socket[] = []
    let isOpen = false
    const pipeToInbox = (socket: net.Socket) => {
      const upstream = net.connect(inbox.port, '127.0.0.1')
      socket.pipe(upstream).pipe(socket)
    }
    const gate = net.createServer((socket) => (isOpen ? pipeToInbox(socket) : held.push(socket)))
    await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve))
    const { port } = gate.address() as net.AddressInfo
    const t = await createTestApp({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port) } })
    try {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        json: { email: TEST_ADMIN.email },
      })
      expect(response.statusCode).toBe(200)
      expect(inbox.mails).toHaveLength(0)
      isOpen = true
      for (const socket of held.splice(0)) pipeToInbox(socket)
      const mail = await inbox.nextMail()
      expect(mail.to).toEqual([TEST_ADMIN.email])
      expect(mail.decoded).toContain('/admin/reset-password?token=')
    } finally {
      await t.close()
      gate.close()
      await inbox.close()
    }
  })
})

describe('forgot password without a mail server', () => {
  const forgot = (t: TestApp, email: string) =>
    t.request({ method: 'POST', url: '/api/auth/forgot-password', json: { email } })

  it('returns token, resetLink and note under pnpm dev (the spec fallback)', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'development' } })
    try {
      const response = await forgot(t, TEST_ADMIN.email)
      expect(response.statusCode).toBe(200)
      const body = response.json()
      expect(body.token).toEqual(expect.any(String))
      expect(body.resetLink).toBe(`http://localhost:3000/admin/reset-password?token=${body.token}`)
      expect(body.note).toMatch(/could not be sent/)
      const reset = await t.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        json: { token: body.token, password: 'Fallback-Pass-1', confirmPassword: 'Fallback-Pass-1' },
      })
      expect(reset.statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })

  it('under pnpm dev, answers an unknown address in the same shape, with a link that opens nothing', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'development' } })
    try {
      const known = (await forgot(t, TEST_ADMIN.email)).json()
      const unknown = (await forgot(t, 'stranger@example.com')).json()
      expect(Object.keys(unknown).sort()).toEqual(Object.keys(known).sort())
      expect(unknown.note).toBe(known.note)
      expect(unknown.token).toHaveLength(known.token.length)
      const reset = await t.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        json: { token: unknown.token, password: 'Fallback-Pass-1', confirmPassword: 'Fallback-Pass-1' },
      })
      expect(reset.statusCode).toBe(400)
    } finally {
      await t.close()
    }
  })

  it.each(['production', 'test'])(
    'in %s mode, never returns the link and answers known and unknown addresses alike',
    async (mode) => {
      const t = await createTestApp({ env: { NODE_ENV: mode } })
      try {
        const known = await forgot(t, TEST_ADMIN.email)
        const unknown = await forgot(t, 'stranger@example.com')
        expect(known.statusCode).toBe(200)
        expect(known.json()).not.toHaveProperty('token')
        expect(known.json()).not.toHaveProperty('resetLink')
        expect(known.body).toBe(unknown.body)
        // The link went to the log: a token exists for the known admin only, made when the mail was "sent".
        await t.app.deps.background.drain()
        await t.app.deps.mailSender.drain()
        expect(await t.db.selectFrom('password_reset_tokens').select('admin_id').execute()).toHaveLength(1)
      } finally {
        await t.close()
      }
    },
  )

  it('is what the README start command does: production, unless NODE_ENV says otherwise', async () => {
    const t = await createTestApp({ env: { NODE_ENV: '' } })
    try {
      const response = await forgot(t, TEST_ADMIN.email)
      expect(response.json()).not.toHaveProperty('token')
    } finally {
      await t.close()
    }
  })
})
