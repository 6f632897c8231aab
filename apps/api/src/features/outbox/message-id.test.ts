import { describe, expect, it } from 'vitest'
import { newMessageId } from './outbox-mails'

describe('Message-IDs', () => {
  it('are UUIDs of version 7 that sort in the order they were made', () => {
    const earlier = newMessageId(Date.parse('2026-11-27T10:00:00.000Z'))
    const later = newMessageId(Date.parse('2026-11-27T10:00:00.001Z'))
    for (const id of [earlier, later, newMessageId()]) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    }
    expect(earlier < later).toBe(true)
    // The time, in milliseconds, is the first 48 bits.
    expect(Number.parseInt(later.replace('-', '').slice(0, 12), 16)).toBe(Date.parse('2026-11-27T10:00:00.001Z'))
  })

  it('differ when made in the same millisecond', () => {
    const now = Date.now()
    const ids = new Set(Array.from({ length: 1000 }, () => newMessageId(now)))
    expect(ids.size).toBe(1000)
  })
})
