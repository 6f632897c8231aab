import type { StoredPaymentMethod } from '@shop/db/payments'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../lib/app-error'
import { chooseMethod, PAYMENT_STEPS } from './payment-step'

const bank: StoredPaymentMethod = { kind: 'bank_transfer', enabled: true, instructions: 'IBAN DE89' }
const cash: StoredPaymentMethod = { kind: 'cash_on_delivery', enabled: false, instructions: 'Cash to the courier' }
const pickup: StoredPaymentMethod = { kind: 'pay_on_pickup', enabled: true, instructions: 'At the workshop' }

describe('chooseMethod', () => {
  it('takes the method chosen when the shop offers it', () => {
    expect(chooseMethod([cash, bank, pickup], 'pay_on_pickup')).toBe(pickup)
  })

  it('takes the first enabled method when none is chosen, and none when the shop offers none', () => {
    expect(chooseMethod([cash, pickup, bank], undefined)).toBe(pickup)
    // Never card unasked: a client that names no method would leave the order waiting for Stripe.
    const card: StoredPaymentMethod = { kind: 'card', enabled: true, instructions: '' }
    expect(chooseMethod([card, bank], undefined)).toBe(bank)
    expect(chooseMethod([card], undefined)).toBeNull()
    expect(chooseMethod([card], 'card')).toBe(card)
    expect(chooseMethod([cash], undefined)).toBeNull()
    expect(chooseMethod([], undefined)).toBeNull()
  })

  it('refuses a method that is off with a 400 naming those offered', () => {
    const refused = chooseMethod([cash, bank, pickup], 'cash_on_delivery')
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Cash on delivery is not offered by this shop. Please choose Bank transfer or Pay on pickup.',
    })
  })
})

describe('the offline payment steps', () => {
  it('give the buyer the owner’s instructions, as written', () => {
    expect(PAYMENT_STEPS.bank_transfer.begin(bank, { orderNumber: 'ORD-1001', totalCents: 12_000 })).toEqual({
      instructions: 'IBAN DE89',
    })
  })
})
