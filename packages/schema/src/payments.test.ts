import { describe, expect, it } from 'vitest'
import { paymentStatusOf, ZCardRefundInput, ZPaymentSettingsInput, ZRecordPaymentInput } from './payments'

describe('paymentStatusOf', () => {
  it.each([
    [10_000, 0, 0, 'unpaid'],
    [10_000, 4_000, 0, 'unpaid'],
    [10_000, 10_000, 0, 'paid'],
    [10_000, 10_000, 2_500, 'partially_refunded'],
    [10_000, 4_000, 1_000, 'partially_refunded'],
    [10_000, 10_000, 10_000, 'refunded'],
    // A free order is paid only once something is recorded.
    [0, 0, 0, 'unpaid'],
  ] as const)('total %i, paid %i, refunded %i: %s', (total, paid, refunded, status) => {
    expect(paymentStatusOf(total, paid, refunded)).toBe(status)
  })

  it.each([
    [10_000, 0, 0, 'awaiting_payment'],
    [10_000, 10_000, 0, 'paid'],
    [10_000, 10_000, 2_500, 'partially_refunded'],
    [10_000, 10_000, 10_000, 'refunded'],
  ] as const)('a card order still at checkout: total %i, paid %i, refunded %i: %s', (total, paid, refunded, status) => {
    expect(paymentStatusOf(total, paid, refunded, true)).toBe(status)
  })
})

describe('ZRecordPaymentInput', () => {
  it('reads the amount as money and keeps it in cents', () => {
    expect(ZRecordPaymentInput.parse({ id: 1, kind: 'payment', amount: '120.5', note: '  ' })).toEqual({
      id: 1,
      kind: 'payment',
      amount: 12_050,
      note: null,
    })
  })

  it('refuses nothing to pay', () => {
    const result = ZRecordPaymentInput.safeParse({ id: 1, kind: 'refund', amount: 0 })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('Amount must be more than 0')
  })
})

describe('ZPaymentSettingsInput', () => {
  it('asks for instructions only for an enabled method', () => {
    expect(ZPaymentSettingsInput.safeParse({ methods: [{ kind: 'pay_on_pickup', enabled: false }] }).success).toBe(true)
    const enabled = ZPaymentSettingsInput.safeParse({ methods: [{ kind: 'pay_on_pickup', enabled: true }] })
    expect(enabled.error?.issues[0]).toMatchObject({
      message: 'Please enter the instructions for Pay on pickup',
      path: ['methods', 0, 'instructions'],
    })
  })

  it('asks no instructions of card, which Stripe’s page explains', () => {
    expect(ZPaymentSettingsInput.safeParse({ methods: [{ kind: 'card', enabled: true }] }).success).toBe(true)
  })

  it('takes the minutes after which unpaid card orders are cancelled, 30 to 1440', () => {
    expect(ZPaymentSettingsInput.parse({ methods: [], unpaidCancelAfterMinutes: 90 }).unpaidCancelAfterMinutes).toBe(90)
    for (const minutes of [29, 1441, 60.5, '60']) {
      const result = ZPaymentSettingsInput.safeParse({ methods: [], unpaidCancelAfterMinutes: minutes })
      expect(result.error?.issues[0]?.message).toMatch(
        /^Unpaid card orders must be cancelled after 30 minutes to 24 hours/,
      )
    }
  })
})

describe('ZCardRefundInput', () => {
  it('needs a positive amount and a request id', () => {
    const requestId = '0b6f8a4e-7c1d-4a4b-9a53-3d1f0c2b9e10'
    expect(ZCardRefundInput.parse({ id: 3, amount: '12.50', requestId })).toEqual({
      id: 3,
      amount: 1250,
      note: null,
      requestId,
    })
    expect(ZCardRefundInput.safeParse({ id: 3, amount: '0', requestId }).error?.issues[0]?.message).toBe(
      'Amount must be more than 0',
    )
    expect(ZCardRefundInput.safeParse({ id: 3, amount: '1', requestId: 'again' }).error?.issues[0]?.message).toBe(
      'Request id must be a UUID',
    )
  })
})
