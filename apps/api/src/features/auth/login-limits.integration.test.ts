import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordHashing } from '../../lib/crypto'
import { createTestApp, TEST_ADMIN, type TestApp } from '../../testing/test-app'

const login = (t: TestApp, password: string, options: { remoteAddress?: string; forwardedFor?: string } = {}) =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    json: { username: TEST_ADMIN.username, password },
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
  })

function countStatuses(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

describe('the login limit under concurrent attempts', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('checks at most 10 of 40 passwords sent at once, the right one among them', async () => {
    const passwords = Array.from({ length: 40 }, (_, i) => (i === 25 ? TEST_ADMIN.password : `Wrong-Guess-${i}`))
    const responses = await Promise.all(passwords.map((password) => login(t, password, { remoteAddress: '10.7.0.1' })))
    const counts = countStatuses(responses.map((response) => response.statusCode))
    // Every answer is a refusal by the limit, or a checked password (401 wrong, 200 right).
    expect(Object.keys(counts).map(Number).sort()).toEqual(expect.arrayContaining([401, 429]))
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(10)
    expect(counts[429]).toBeGreaterThanOrEqual(30)
    // The window is used up: even the right password is refused now.
    expect((await login(t, TEST_ADMIN.password, { remoteAddress: '10.7.0.1' })).statusCode).toBe(429)
  })

  it('still lets a right password through without using up the window', async () => {
    for (let i = 0; i < 15; i++) {
      expect((await login(t, TEST_ADMIN.password, { remoteAddress: '10.7.0.2' })).statusCode).toBe(200)
    }
    const rows = await t.db.selectFrom('rate_limits').select('count').where('key', 'like', '%10.7.0.2').execute()
    expect(rows.map((row) => Number(row.count))).toEqual([0])
  })
})

describe('password hashing under a burst', () => {
  it('answers 503 with a clear message once too many logins wait for a password check', async () => {
    const t = await createTestApp()
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    // Occupy every place the password hasher has, running and waiting, as a burst of logins would.
    const burst = Array.from({ length: 64 }, () => passwordHashing.run(() => held).catch(() => undefined))
    try {
      const response = await login(t, TEST_ADMIN.password, { remoteAddress: '10.7.0.9' })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({
        message: 'The server is busy. Please try again in a moment.',
        code: 'SERVICE_UNAVAILABLE',
      })
      expect(response.headers['retry-after']).toBe('5')
      // A login the server was too busy to check does not count against the client.
      const rows = await t.db.selectFrom('rate_limits').select('count').where('key', 'like', '%10.7.0.9').execute()
      expect(rows.map((row) => Number(row.count))).toEqual([0])
    } finally {
      release()
      await Promise.all(burst)
      await t.close()
    }
  })
})

describe('TRUST_PROXY', () => {
  it('refuses true at start with a message that says what to set instead', async () => {
    await expect(createTestApp({ env: { TRUST_PROXY: 'true' } })).rejects.toThrow(
      /TRUST_PROXY: true would let any client choose its own IP address\. Set the number of proxies/,
    )
  })

  it('with one proxy hop, keys the limit on the address the proxy saw, whatever the client writes', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 14; i++) {
        // The client rotates a made-up address; the proxy appends the one it really saw.
        const response = await login(t, 'Wrong-Password-1', { forwardedFor: `203.0.113.${i}, 198.51.100.7` })
        statuses.push(response.statusCode)
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
      expect(statuses.slice(10)).toEqual(Array(4).fill(429))
      // Another client behind the same proxy is not affected.
      expect((await login(t, TEST_ADMIN.password, { forwardedFor: '198.51.100.8' })).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })

  it('with a list of proxy addresses, believes X-Forwarded-For only from them', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } })
    try {
      // From outside the list, the header is ignored: the socket's address counts.
      for (let i = 0; i < 10; i++) {
        const response = await login(t, 'Wrong-Password-1', {
          remoteAddress: '192.0.2.50',
          forwardedFor: `203.0.113.${i}`,
        })
        expect(response.statusCode).toBe(401)
      }
      expect((await login(t, 'Wrong-Password-1', { remoteAddress: '192.0.2.50' })).statusCode).toBe(429)
      // Through a listed proxy, the client it names is the one counted.
      expect(
        (await login(t, TEST_ADMIN.password, { remoteAddress: '10.1.2.3', forwardedFor: '192.0.2.51' })).statusCode,
      ).toBe(200)
    } finally {
      await t.close()
    }
  })
})
