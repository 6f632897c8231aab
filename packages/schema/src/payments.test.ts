import { describe, expect, it } from 'vitest'
import { paymentStatusOf, ZPaymentSettingsInput, ZRecordPaymentInput } from './payments'

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
})
