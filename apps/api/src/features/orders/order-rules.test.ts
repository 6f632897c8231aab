import { ORDER_STATUSES } from '@shop/schema/orders'
import { describe, expect, it } from 'vitest'
import { stockMessage, stockMovementOf } from './order-rules'

const OPEN_STATUSES = ORDER_STATUSES.filter((status) => status !== 'cancelled')

describe('stockMovementOf', () => {
  it('returns the items to stock when an order is cancelled', () => {
    for (const from of OPEN_STATUSES) {
      expect(stockMovementOf(from, 'cancelled')).toBe('release')
    }
  })

  it('takes the items again when a cancelled order is reopened', () => {
    for (const to of OPEN_STATUSES) {
      expect(stockMovementOf('cancelled', to)).toBe('take')
    }
  })

  it('leaves stock alone between the other statuses, and when the status stays', () => {
    for (const from of OPEN_STATUSES) {
      for (const to of OPEN_STATUSES) expect(stockMovementOf(from, to), `${from} -> ${to}`).toBe('none')
    }
    expect(stockMovementOf('cancelled', 'cancelled')).toBe('none')
  })
})

describe('stockMessage', () => {
  it('says how many are left, or that none are', () => {
    expect(stockMessage('Gold Cross', 0)).toBe("'Gold Cross' is out of stock")
    expect(stockMessage('Gold Cross', 1)).toBe("Only 1 of 'Gold Cross' is left in stock")
    expect(stockMessage('Gold Cross', 3)).toBe("Only 3 of 'Gold Cross' are left in stock")
  })
})
