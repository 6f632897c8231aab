import type { OrderMail } from '@shop/schema/orders'
import { describe, expect, it } from 'vitest'
import { activityPollInterval, PENDING_MAIL_POLL_MS } from './use-order-activity'

const NOW = Date.parse('2026-11-20T10:00:00.000Z')

function buildMail(overrides: Partial<OrderMail> = {}): OrderMail {
  return {
    id: 1,
    kind: 'order_placed',
    to: 'ann@example.com',
    subject: null,
    status: 'pending',
    attempts: 0,
    lastError: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    sentAt: null,
    nextAttemptAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  }
}

describe('activityPollInterval', () => {
  it('does not poll while no mail is pending', () => {
    expect(activityPollInterval(undefined, NOW)).toBe(false)
    expect(activityPollInterval([], NOW)).toBe(false)
    expect(activityPollInterval([buildMail({ status: 'sent' }), buildMail({ status: 'failed' })], NOW)).toBe(false)
  })

  it('polls every 5 s while a mail waits to be sent', () => {
    expect(activityPollInterval([buildMail()], NOW)).toBe(PENDING_MAIL_POLL_MS)
    expect(activityPollInterval([buildMail({ nextAttemptAt: null })], NOW)).toBe(PENDING_MAIL_POLL_MS)
  })

  it('waits for a retry that is due later, at most a minute', () => {
    const inThirtySeconds = new Date(NOW + 30_000).toISOString()
    expect(activityPollInterval([buildMail({ nextAttemptAt: inThirtySeconds })], NOW)).toBe(35_000)
    const inAnHour = new Date(NOW + 3_600_000).toISOString()
    expect(activityPollInterval([buildMail({ nextAttemptAt: inAnHour })], NOW)).toBe(60_000)
    // The soonest mail decides.
    expect(activityPollInterval([buildMail({ nextAttemptAt: inAnHour }), buildMail({ id: 2 })], NOW)).toBe(
      PENDING_MAIL_POLL_MS,
    )
  })
})
