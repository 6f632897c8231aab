import { randomInt } from 'node:crypto'
import { insertProduct } from '@shop/db/testing/factories'
import type { Product } from '@shop/schema/products'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

const customer = {
  customerName: 'Mary Jones',
  customerEmail: 'mary@example.com',
  customerAddress: '12 Oak Street, Springfield, IL 62701, USA',
}
const LIMITED = /^Too many wrong discount codes\. Please try again in 1[45] minutes, or continue without a code\.$/
// The Redis every machine of this project runs (CI too).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** A shop with one product and one code, and the two calls that can name a code, from a client address. */
async function openShop(t: TestApp) {
  const token = await t.login()
  const ring = await insertProduct(t.db, { name: 'Faith Ring', price: 120, stock: 500, sku: `RIN-${randomInt(1e9)}` })
  const created = await t.request({
    method: 'POST',
    url: '/api/admin/discounts',
    token,
    json: { code: 'SAVE12', kind: 'fixed', value: '12' },
  })
  expect(created.statusCode).toBe(201)
  return shopCalls(t, ring, token)
}

function shopCalls(t: TestApp, ring: Product, token: string) {
  const codeOf = (code: string | undefined) => (code === undefined ? {} : { discountCode: code })
  return {
    ring,
    quote: (client: string, code?: string) =>
      t.request({
        method: 'POST',
        url: '/api/orders/quote',
        json: { items: [{ productId: ring.id, quantity: 1 }], ...codeOf(code) },
        remoteAddress: client,
      }),
    order: (client: string, code?: string) =>
      t.request({
        method: 'POST',
        url: '/api/orders',
        json: { ...customer, items: [{ productId: ring.id, quantity: 1 }], ...codeOf(code) },
        remoteAddress: client,
      }),
    async state() {
      const orders = await t.db.selectFrom('orders').select('id').execute()
      const product = (await t.request({ method: 'GET', url: `/api/admin/products/${ring.id}`, token })).json()
      const codes: Array<{ code: string; uses: number }> = (
        await t.request({ method: 'GET', url: '/api/admin/discounts', token })
      ).json()
      return {
        orders: orders.length,
        stock: product.stock as number,
        uses: codes.find((c) => c.code === 'SAVE12')?.uses,
      }
    },
  }
}

type Shop = ReturnType<typeof shopCalls>

function expectLimited(response: Awaited<ReturnType<Shop['quote']>>) {
  expect(response.statusCode).toBe(429)
  expect(response.json()).toEqual({ message: expect.stringMatching(LIMITED), code: 'TOO_MANY_REQUESTS' })
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(800)
  expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(900)
}

describe('the limit on unknown discount codes', () => {
  let t: TestApp
  let shop: Shop
  beforeAll(async () => {
    t = await createTestApp()
    shop = await openShop(t)
  })
  afterAll(() => t.close())

  it('answers 10 unknown codes in quotes, then refuses the next with 429, a right code too', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await shop.quote('10.9.0.1', `GUESS${i}`)
      expect(response.statusCode).toBe(200)
      expect(response.json().discountMessage).toBe(`Code GUESS${i} does not exist`)
    }
    expectLimited(await shop.quote('10.9.0.1', 'GUESS10'))
    // Answering a right code now would tell it from the wrong ones as well as the messages do.
    expectLimited(await shop.quote('10.9.0.1', 'SAVE12'))
    // Without a code the quote still answers.
    expect((await shop.quote('10.9.0.1')).json()).toMatchObject({ total: '120.00', discountMessage: null })
  })

  it('refuses an order with a code past the limit and changes nothing; an order without a code is placed', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await shop.order('10.9.0.2', `GUESS${i}`)
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe(`Code GUESS${i} does not exist`)
    }
    const before = await shop.state()
    expectLimited(await shop.order('10.9.0.2', 'GUESS10'))
    expectLimited(await shop.order('10.9.0.2', 'SAVE12'))
    expect(await shop.state()).toEqual(before)
    expect((await shop.order('10.9.0.2')).statusCode).toBe(201)
    expect(await shop.state()).toEqual({ ...before, orders: before.orders + 1, stock: before.stock - 1 })
  })

  it('counts unknown codes of quotes and orders together, per client address', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await shop.quote('10.9.0.3', `MIXED${i}`)).statusCode).toBe(200)
      expect((await shop.order('10.9.0.3', `MIXED${i + 5}`)).statusCode).toBe(400)
    }
    expectLimited(await shop.order('10.9.0.3', 'MIXED10'))
    expectLimited(await shop.quote('10.9.0.3', 'MIXED10'))
    // Another client is not affected.
    expect((await shop.quote('10.9.0.4', 'MIXED10')).json().discountMessage).toBe('Code MIXED10 does not exist')
    expect((await shop.order('10.9.0.4', 'SAVE12')).statusCode).toBe(201)
  })

  it('never counts a right code, nor a code of the shop that does not apply', async () => {
    const token = await t.login()
    const expired = await t.request({
      method: 'POST',
      url: '/api/admin/discounts',
      token,
      json: { code: 'OLD5', kind: 'percent', value: '5', endsAt: '2020-01-01T00:00:00.000Z' },
    })
    expect(expired.statusCode).toBe(201)
    for (let i = 0; i < 12; i++) {
      expect((await shop.quote('10.9.0.5', 'save12')).json().discountApplied).toBe(true)
      expect((await shop.quote('10.9.0.5', 'OLD5')).json().discountMessage).toBe('Code OLD5 has expired')
      expect((await shop.order('10.9.0.5', 'OLD5')).statusCode).toBe(409)
    }
    expect((await shop.order('10.9.0.5', 'SAVE12')).statusCode).toBe(201)
    const rows = await t.db.selectFrom('rate_limits').select('key').where('key', 'like', '%10.9.0.5%').execute()
    expect(rows).toEqual([])
    // The client still has all its 10 unknown codes.
    for (let i = 0; i < 10; i++) expect((await shop.quote('10.9.0.5', `GUESS${i}`)).statusCode).toBe(200)
    expectLimited(await shop.quote('10.9.0.5', 'GUESS10'))
  })

  it('counts an unknown code once, however often the checkout sends it again', async () => {
    for (let i = 0; i < 15; i++) {
      expect((await shop.quote('10.9.0.6', 'TYPO')).json().discountMessage).toBe('Code TYPO does not exist')
    }
    expect((await shop.order('10.9.0.6', 'TYPO')).statusCode).toBe(400)
    for (let i = 0; i < 9; i++) expect((await shop.quote('10.9.0.6', `GUESS${i}`)).statusCode).toBe(200)
    expectLimited(await shop.quote('10.9.0.6', 'GUESS9'))
  })

  it('answers at most 10 of 40 codes sent at once, the right one among them', async () => {
    const codes = Array.from({ length: 40 }, (_, i) => (i === 25 ? 'SAVE12' : `BURST${i}`))
    for (const [client, send] of [
      ['10.9.0.7', shop.quote],
      ['10.9.0.8', shop.order],
    ] as const) {
      const responses = await Promise.all(codes.map((code) => send(client, code)))
      const answered = responses.filter((response) => response.statusCode !== 429)
      expect(answered.length).toBeLessThanOrEqual(10)
      expect(responses.length - answered.length).toBeGreaterThanOrEqual(30)
      expectLimited(await send(client, 'SAVE12'))
    }
  })

  it('never limits a quote or an order without a code, and reads no counter for it', async () => {
    for (let i = 0; i < 10; i++) expect((await shop.order('10.9.0.9', `GUESS${i}`)).statusCode).toBe(400)
    expectLimited(await shop.order('10.9.0.9', 'GUESS10'))
    // Orders are group-committed for speed: one without a code costs the limit no read, let alone a write.
    const peek = vi.spyOn(t.app.deps.rateLimits, 'peek')
    const hit = vi.spyOn(t.app.deps.rateLimits, 'hit')
    try {
      const responses = await Promise.all(Array.from({ length: 30 }, () => shop.order('10.9.0.9')))
      expect(responses.map((response) => response.statusCode)).toEqual(Array(30).fill(201))
      expect((await shop.quote('10.9.0.9')).statusCode).toBe(200)
      expect(peek).not.toHaveBeenCalled()
      expect(hit).not.toHaveBeenCalled()
    } finally {
      peek.mockRestore()
      hit.mockRestore()
    }
  })
})

describe('the limit on unknown discount codes across processes', () => {
  it('is shared by two apps on one database', async () => {
    const a = await createTestApp()
    const b = await createTestApp({ database: a.database })
    try {
      const shopA = await openShop(a)
      const shopB = shopCalls(b, shopA.ring, await b.login())
      for (let i = 0; i < 10; i++) {
        const shop = i % 2 === 0 ? shopA : shopB
        expect((await shop.quote('10.9.1.1', `SHARED${i}`)).statusCode).toBe(200)
      }
      expectLimited(await shopA.order('10.9.1.1', 'SHARED10'))
      expectLimited(await shopB.quote('10.9.1.1', 'SAVE12'))
      expect((await shopB.order('10.9.1.1')).statusCode).toBe(201)
    } finally {
      await b.close()
      await a.close()
    }
  })

  describe('in Redis (REDIS_URL)', () => {
    // Two apps with databases of their own: only Redis can carry a count from one to the other.
    let a: TestApp
    let b: TestApp
    let redis: Redis
    // A client address of its own per run, so runs sharing the Redis server do not meet.
    const client = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`
    beforeAll(async () => {
      a = await createTestApp({ env: { REDIS_URL } })
      b = await createTestApp({ env: { REDIS_URL } })
      redis = new Redis(REDIS_URL)
    })
    afterAll(async () => {
      const keys = await redis.keys(`shop:rate-limit:discount-code-*:${client}*`)
      if (keys.length > 0) await redis.del(...keys)
      redis.disconnect()
      await Promise.all([a.close(), b.close()])
    })

    it('counts unknown codes sent through different processes together, and writes no database', async () => {
      const shopA = await openShop(a)
      const shopB = await openShop(b)
      for (let i = 0; i < 10; i++) {
        if (i % 2 === 0) expect((await shopA.quote(client, `REDIS${i}`)).statusCode).toBe(200)
        else expect((await shopB.order(client, `REDIS${i}`)).statusCode).toBe(400)
      }
      expect(Number(await redis.get(`shop:rate-limit:discount-code-misses:${client}`))).toBe(10)
      expectLimited(await shopA.order(client, 'REDIS10'))
      expectLimited(await shopB.quote(client, 'SAVE12'))
      expect((await shopA.order(client)).statusCode).toBe(201)
      expect(await a.db.selectFrom('rate_limits').selectAll().execute()).toEqual([])
      expect(await b.db.selectFrom('rate_limits').selectAll().execute()).toEqual([])
    })
  })
})
