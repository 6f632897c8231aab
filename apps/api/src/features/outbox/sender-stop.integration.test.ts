/**
 * A shop with a backlog of mail still stops at once: the sender finishes the batch in hand and leaves the rest due
 * for the next start (found when `kill` of a server with 50,000 unsent mails waited for all of them).
 */
import * as outboxRepo from '@shop/db/outbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

const MAILS = 400

describe('stopping the mail sender', () => {
  let t: TestApp
  beforeAll(async () => {
    // Polls rarely: the backlog is met by the start's first run, as after a restart.
    t = await createTestApp({ mailDelivery: { pollMs: 60_000 } })
  })
  afterAll(() => t.close())

  it('waits for the batch in hand, not for the whole outbox, and leaves the rest due', async () => {
    const sender = t.app.deps.mailSender
    await sender.stop()
    await outboxRepo.enqueue(
      t.db,
      Array.from({ length: MAILS }, (_, i) => ({
        kind: 'order_placed' as const,
        orderId: null,
        to: `buyer-${i}@example.com`,
        payload: {},
        messageId: `stop-test-${i}`,
      })),
    )
    // Stopped while its first batch is in hand.
    sender.start()
    await sender.stop()

    const counts = await outboxRepo.countByStatus(t.db)
    // Each mail here is obsolete (it names no order) and fails at once, so a sender that ignored the stop would
    // have got through all of them.
    expect(counts.pending).toBeGreaterThan(MAILS / 2)
    const handled = MAILS - counts.pending
    expect(handled).toBeLessThan(MAILS / 2)
  })
})
