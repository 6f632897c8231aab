import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../testing/create-test-db'
import { claimDue, enqueue, findById, markFailed, markSent, type NewMail } from './outbox.repository'

const NOW = new Date('2026-11-24T09:00:00.000Z')
const later = (ms: number) => new Date(NOW.getTime() + ms)
const mail = (n: number): NewMail => ({
  kind: 'order_placed',
  orderId: null,
  to: `buyer${n}@example.com`,
  payload: { n },
  messageId: `outbox-test-${n}-${Math.random()}`,
})

describe('the outbox', () => {
  let t: TestDb
  beforeAll(async () => {
    t = await createTestDb()
  })
  afterAll(() => t.cleanup())

  it('queues mails due at once, gives their ids in order, and lets one sender claim each', async () => {
    const ids = await enqueue(t.db, [mail(1), mail(2), mail(3)], NOW)
    expect(ids).toHaveLength(3)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    const first = await claimDue(t.db, { now: NOW, limit: 2, leaseMs: 60_000, token: 'a' })
    expect(first.map((m) => m.id)).toEqual(ids.slice(0, 2))
    expect(first.every((m) => m.attempts === 1 && m.claimToken === 'a')).toBe(true)
    // Held by "a" until its lease ends: another sender gets only the third.
    const second = await claimDue(t.db, { now: NOW, limit: 10, leaseMs: 60_000, token: 'b' })
    expect(second.map((m) => m.id)).toEqual([ids[2]])
    // A sender that died: its rows are taken over once the lease has passed.
    const takenOver = await claimDue(t.db, { now: later(61_000), limit: 10, leaseMs: 60_000, token: 'c' })
    expect(takenOver.map((m) => m.id)).toEqual(ids)
    // "a" lost its claim: its late report changes nothing.
    expect(await markSent(t.db, ids[0] as number, 'a', { subject: 'Late', sentAt: NOW })).toBe(false)
    expect(await markSent(t.db, ids[0] as number, 'c', { subject: 'Your order', sentAt: NOW })).toBe(true)
    expect(await findById(t.db, ids[0] as number)).toMatchObject({ status: 'sent', subject: 'Your order', attempts: 2 })
  })

  it('tries a failed mail again when its retry is due, and gives up on it when told', async () => {
    const [id] = (await enqueue(t.db, [mail(10)], later(100_000))) as [number]
    const claim = async (now: Date) =>
      (await claimDue(t.db, { now, limit: 50, leaseMs: 1_000, token: 'r' })).filter((m) => m.id === id)
    expect(await claim(later(100_000))).toHaveLength(1)
    expect(await markFailed(t.db, id, 'r', { error: 'refused', retryAt: later(200_000), subject: null })).toBe(true)
    expect(await findById(t.db, id)).toMatchObject({ status: 'pending', lastError: 'refused' })
    expect(await claim(later(150_000))).toHaveLength(0)
    expect(await claim(later(200_000))).toHaveLength(1)
    expect(await markFailed(t.db, id, 'r', { error: 'still refused', retryAt: null, subject: 'S' })).toBe(true)
    expect(await findById(t.db, id)).toMatchObject({ status: 'failed', lastError: 'still refused', attempts: 2 })
    expect(await claim(later(900_000))).toHaveLength(0)
  })
})

describe('the outbox after many mails went out', () => {
  let t: TestDb
  beforeAll(async () => {
    t = await createTestDb()
  })
  afterAll(() => t.cleanup())

  it('still hands the oldest due mails over first: retries and abandoned claims in their place, sent ones never', async () => {
    const ids = await enqueue(
      t.db,
      Array.from({ length: 300 }, (_, n) => mail(100 + n)),
      NOW,
    )
    const claim = async (now: Date, limit: number, token: string) =>
      (await claimDue(t.db, { now, limit, leaseMs: 60_000, token })).map((m) => m.id)
    // A sender works through the first 250, oldest first, 50 at a time.
    for (let batch = 0; batch < 5; batch++) {
      const claimed = await claim(NOW, 50, 'sender')
      expect(claimed).toEqual(ids.slice(batch * 50, batch * 50 + 50))
      for (const id of claimed) await markSent(t.db, id, 'sender', { subject: 'Your order', sentAt: NOW })
    }
    const [refused, abandoned, held] = (await claim(NOW, 3, 'sender')) as [number, number, number]
    expect([refused, abandoned, held]).toEqual(ids.slice(250, 253))
    // The first is refused and waits ten minutes; the second is given up; the third's sender dies holding it.
    await markFailed(t.db, refused, 'sender', { error: 'refused', retryAt: later(600_000), subject: null })
    await markFailed(t.db, abandoned, 'sender', { error: 'refused', retryAt: null, subject: null })

    const next = await claim(later(1_000), 5, 'next')
    expect(next).toEqual(ids.slice(253, 258))
    for (const id of next) await markSent(t.db, id, 'next', { subject: 'Your order', sentAt: later(1_000) })
    // Ten minutes on: the retry and the dead sender's mail come before the newer ones.
    expect(await claim(later(600_000), 3, 'later')).toEqual([refused, held, ids[258]])
  })
})
