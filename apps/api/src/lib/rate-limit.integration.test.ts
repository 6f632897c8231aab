import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { databaseRateLimitStore, type RateLimitStore, redisRateLimitStore } from './rate-limit'

// The Redis every machine of this project runs (CI too).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

describe.each([
  ['the database', (t: TestApp) => databaseRateLimitStore(t.db)],
  ['Redis', () => redisRateLimitStore(REDIS_URL)],
])('the rate limit store in %s', (_, open) => {
  let t: TestApp
  let store: RateLimitStore
  // Keys of their own per run, so runs sharing the Redis server do not meet.
  const key = (name: string) => `peek-test-${name}:${randomInt(1e9)}`
  beforeAll(async () => {
    t = await createTestApp()
    store = open(t)
  })
  afterAll(async () => {
    await store.close()
    await t.close()
  })

  it('answers peeks asked for at once each with its own window', async () => {
    const start = Date.now()
    const [twice, once, short, never] = [key('twice'), key('once'), key('short'), key('never')]
    await store.hit(twice, start, 60_000)
    await store.hit(twice, start, 60_000)
    await store.hit(once, start, 60_000)
    await store.hit(short, start, 100)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const now = Date.now()
    const [twiceNow, onceNow, shortNow, neverNow, twiceAgain] = await Promise.all([
      store.peek(twice, now),
      store.peek(once, now),
      store.peek(short, now),
      store.peek(never, now),
      store.peek(twice, now),
    ])
    expect(twiceNow?.count).toBe(2)
    expect(twiceAgain?.count).toBe(2)
    expect(Date.parse(twiceNow?.resetAt ?? '')).toBeGreaterThan(start + 59_000)
    expect(onceNow?.count).toBe(1)
    expect(shortNow).toBeUndefined()
    expect(neverNow).toBeUndefined()
  })

  it('peeks without counting, and sees a hit given back', async () => {
    const start = Date.now()
    const name = key('given-back')
    await store.hit(name, start, 60_000)
    await store.hit(name, start, 60_000)
    await Promise.all([store.peek(name, start), store.peek(name, start)])
    await store.giveBack(name, start)
    expect((await store.peek(name, start))?.count).toBe(1)
  })
})

describe("the database store's peeks asked for at once", () => {
  it('answer each as of its own moment: a window that closed before it is none', async () => {
    const t = await createTestApp()
    try {
      const store = databaseRateLimitStore(t.db)
      const start = Date.now()
      await store.hit('peek-moment', start, 1_000)
      const [before, after] = await Promise.all([
        store.peek('peek-moment', start + 999),
        store.peek('peek-moment', start + 1_000),
      ])
      expect(before).toEqual({ count: 1, resetAt: new Date(start + 1_000).toISOString() })
      expect(after).toBeUndefined()
    } finally {
      await t.close()
    }
  })
})
