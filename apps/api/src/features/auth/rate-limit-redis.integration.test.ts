import { randomInt } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_ADMIN, type TestApp } from '../../testing/test-app'

// The Redis every machine of this project runs (CI too).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

describe('rate limits in Redis (REDIS_URL)', () => {
  // Two apps with databases of their own: only Redis can carry a count from one to the other.
  let a: TestApp
  let b: TestApp
  let redis: Redis
  // A client address of its own per run, so runs sharing the Redis server do not meet.
  const client = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`
  const key = `shop:rate-limit:login-failures:${client}`

  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL } })
    b = await createTestApp({ env: { REDIS_URL } })
    redis = new Redis(REDIS_URL)
  })
  afterAll(async () => {
    await redis.del(key, `shop:rate-limit:forgot-password:${client}`)
    redis.disconnect()
    await Promise.all([a.close(), b.close()])
  })

  const login = (t: TestApp, password: string) =>
    t.request({
      method: 'POST',
      url: '/api/auth/login',
      json: { username: TEST_ADMIN.username, password },
      remoteAddress: client,
    })

  it('counts failed logins made through different processes together', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await login(i % 2 === 0 ? a : b, 'Wrong-Password-1')).statusCode).toBe(401)
    }
    expect(Number(await redis.get(key))).toBe(10)
    const blocked = await login(a, TEST_ADMIN.password)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().message).toMatch(/^Too many failed login attempts\. Please try again in 1[45] minutes\.$/)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800)
    expect((await login(b, TEST_ADMIN.password)).statusCode).toBe(429)
    // Nothing was written to either database.
    expect(await a.db.selectFrom('rate_limits').selectAll().execute()).toEqual([])
    expect(await b.db.selectFrom('rate_limits').selectAll().execute()).toEqual([])
  })

  it('lets the client in again once the window has passed', async () => {
    await redis.pexpire(key, 1)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect((await login(b, TEST_ADMIN.password)).statusCode).toBe(200)
  })

  it('checks at most 10 of 40 passwords sent at once through two processes', async () => {
    await redis.del(key)
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(i % 2 === 0 ? a : b, i === 17 ? TEST_ADMIN.password : `Wrong-Guess-${i}`),
      ),
    )
    const checked = responses.filter((response) => response.statusCode !== 429)
    expect(checked.length).toBeLessThanOrEqual(10)
    expect(checked.every((response) => response.statusCode === 401 || response.statusCode === 200)).toBe(true)
    expect((await login(a, TEST_ADMIN.password)).statusCode).toBe(429)
  })

  it('limits password reset requests the same way', async () => {
    const forgot = (t: TestApp) =>
      t.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        json: { email: 'nobody@example.com' },
        remoteAddress: client,
      })
    for (let i = 0; i < 5; i++) expect((await forgot(i % 2 === 0 ? a : b)).statusCode).toBe(200)
    const limited = await forgot(b)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().message).toMatch(/^Too many password reset requests\./)
  })
})
