/**
 * Mails sent leave nothing behind. Found on the bench: after a burst of orders, a server with the 512 MB heap that
 * `pnpm start` gives it ran out of memory while its sender worked through the mails, because every streamed render
 * stayed reachable (with its HTML) from the async context of its stream's promises.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import * as outboxRepo from '@shop/db/outbox'
import { insertProduct } from '@shop/db/testing/factories'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

const ORDERS = 1_000
const MB = 1024 * 1024

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

function heapAfterCollecting(): number {
  for (let i = 0; i < 3; i++) collectGarbage()
  return process.memoryUsage().heapUsed
}

/** Waits until the sender has handled every mail in the outbox. */
function sendAllMail(t: TestApp): Promise<void> {
  return vi.waitFor(
    async () => {
      const { pending } = await outboxRepo.countByStatus(t.db)
      if (pending > 0) throw new Error(`${pending} mails still pending`)
    },
    { timeout: 60_000, interval: 100 },
  )
}

describe('the mail sender’s memory', () => {
  let t: TestApp
  let productId: number
  beforeAll(async () => {
    // No mail server: each mail is rendered, logged and marked failed, as in a shop whose SMTP is not set up yet.
    t = await createTestApp({ mailDelivery: { pollMs: 20 } })
    productId = (await insertProduct(t.db, { stock: ORDERS * 2 })).id
  })
  afterAll(() => t.close())

  async function placeOrders(count: number): Promise<void> {
    // A few buyers at a time, as a busy shop's checkouts come.
    for (let start = 0; start < count; start += 20) {
      const batch = Array.from({ length: Math.min(20, count - start) }, (_, j) => start + j)
      const responses = await Promise.all(
        batch.map((i) =>
          t.request({
            method: 'POST',
            url: '/api/orders',
            json: {
              customerName: `Buyer ${i}`,
              customerEmail: `buyer-${i}@example.com`,
              customerAddress: '12 Oak Street, Springfield, IL 62701, USA',
              items: [{ productId, quantity: 1 }],
            },
          }),
        ),
      )
      expect(responses.map((response) => response.statusCode)).toEqual(batch.map(() => 201))
    }
    await sendAllMail(t)
  }

  it('keeps no rendered mail after sending thousands', async () => {
    // Warm up: the first mails load the renderer and fill the caches a shop keeps anyway.
    await placeOrders(50)
    const before = heapAfterCollecting()

    await placeOrders(ORDERS)
    const counts = await outboxRepo.countByStatus(t.db)
    expect(counts.pending).toBe(0)
    // The buyer's and the owner's mail of every order were rendered.
    expect(counts.failed + counts.sent).toBeGreaterThanOrEqual(2 * (ORDERS + 50))

    const grown = (heapAfterCollecting() - before) / MB
    // Each mail's HTML is 20 to 30 kB: 2,000 kept mails would be 50 MB or more.
    expect(grown).toBeLessThan(15)
  }, 180_000)
})
