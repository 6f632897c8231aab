/**
 * Two senders of two processes on one PostgreSQL database (each Db its own pool): every due mail is claimed by
 * exactly one of them. Runs in the postgres test project only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Db } from '../client'
import { createTestDb, type TestDb } from '../testing/create-test-db'
import { claimDue, enqueue } from './outbox.repository'

describe('claiming the outbox from two processes', () => {
  let t: TestDb
  let other: Db
  beforeAll(async () => {
    t = await createTestDb()
    other = createDb(t.options)
  })
  afterAll(async () => {
    await other.destroy()
    await t.cleanup()
  })

  it('gives each of 200 mails to exactly one sender', async () => {
    const now = new Date()
    const ids = await enqueue(
      t.db,
      Array.from({ length: 200 }, (_, n) => ({
        kind: 'order_placed' as const,
        orderId: null,
        to: `buyer${n}@example.com`,
        payload: {},
        messageId: `pg-claim-${n}-${now.getTime()}`,
      })),
    )
    const claimAll = async (db: Db, token: string) => {
      const claimed: number[] = []
      for (;;) {
        const batch = await claimDue(db, { now: new Date(), limit: 7, leaseMs: 60_000, token })
        if (batch.length === 0) return claimed
        claimed.push(...batch.map((m) => m.id))
      }
    }
    const [a, b] = await Promise.all([claimAll(t.db, 'a'), claimAll(other, 'b')])
    expect(a.length).toBeGreaterThan(0)
    expect(b.length).toBeGreaterThan(0)
    expect([...a, ...b].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y))
  })
})
