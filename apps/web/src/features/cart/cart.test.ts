import { beforeEach, describe, expect, it } from 'vitest'
import {
  addLine,
  CART_STORAGE_KEY,
  type CartLine,
  cartItemCount,
  cartTotal,
  formatBadgeCount,
  parseStoredCart,
  removeLine,
  setLineQuantity,
} from './cart'
import { cartStore } from './cart-store'

function line(overrides: Partial<CartLine> = {}): CartLine {
  return {
    id: 1,
    name: 'Gold Cross Necklace',
    price: 189,
    quantity: 1,
    imageUrl: '/uploads/demo/gold-cross-necklace-1.svg',
    sku: 'NEC-1001',
    stock: 10,
    ...overrides,
  }
}

describe('addLine', () => {
  it('adds the amount to the quantity of a product already in the cart', () => {
    const lines = addLine([line({ quantity: 2 })], line({ quantity: 3 }))
    expect(lines).toHaveLength(1)
    expect(lines[0]?.quantity).toBe(5)
  })

  it('appends a line for a new product', () => {
    const lines = addLine([line()], line({ id: 2, name: 'Dove Pendant', quantity: 2 }))
    expect(lines.map((l) => [l.id, l.quantity])).toEqual([
      [1, 1],
      [2, 2],
    ])
  })

  it('never puts more than the stock in the cart', () => {
    expect(addLine([], line({ quantity: 12, stock: 5 }))[0]?.quantity).toBe(5)
    expect(addLine([line({ quantity: 4, stock: 5 })], line({ quantity: 3, stock: 5 }))[0]?.quantity).toBe(5)
  })

  it('adds nothing of a product that is out of stock', () => {
    expect(addLine([], line({ quantity: 1, stock: 0 }))).toEqual([])
  })
})

describe('setLineQuantity', () => {
  it('sets the quantity of a line', () => {
    expect(setLineQuantity([line()], 1, 3)[0]?.quantity).toBe(3)
  })

  it('removes the line at a quantity of 0 or below', () => {
    expect(setLineQuantity([line(), line({ id: 2 })], 1, 0).map((l) => l.id)).toEqual([2])
    expect(setLineQuantity([line()], 1, -1)).toEqual([])
  })

  it('never goes above the stock', () => {
    expect(setLineQuantity([line({ stock: 3 })], 1, 9)[0]?.quantity).toBe(3)
  })
})

describe('removeLine', () => {
  it('removes only the given product', () => {
    expect(removeLine([line(), line({ id: 2 })], 2).map((l) => l.id)).toEqual([1])
  })
})

describe('totals', () => {
  it('adds prices in cents, so 0.1 + 0.2 makes 0.30', () => {
    expect(cartTotal([line({ id: 1, price: 0.1 }), line({ id: 2, price: 0.2 })])).toBe(0.3)
    expect(cartTotal([line({ price: 19.99, quantity: 3 })])).toBe(59.97)
    expect(cartTotal([])).toBe(0)
  })

  it('counts the items, not the lines', () => {
    expect(cartItemCount([line({ quantity: 2 }), line({ id: 2, quantity: 3 })])).toBe(5)
    expect(cartItemCount([])).toBe(0)
  })

  it('caps the badge at 99+', () => {
    expect(formatBadgeCount(0)).toBe('0')
    expect(formatBadgeCount(99)).toBe('99')
    expect(formatBadgeCount(100)).toBe('99+')
  })
})

describe('parseStoredCart', () => {
  it('reads a stored cart', () => {
    expect(parseStoredCart(JSON.stringify([line()]))).toEqual([line()])
  })

  it('ignores malformed JSON and values that are not a list', () => {
    expect(parseStoredCart('{not json')).toEqual([])
    expect(parseStoredCart('{"id":1}')).toEqual([])
    expect(parseStoredCart(null)).toEqual([])
  })

  it('drops malformed lines and keeps the good ones', () => {
    const stored = JSON.stringify([line(), { id: 'x', name: 3 }, line({ id: 2, quantity: 0 }), null])
    expect(parseStoredCart(stored).map((l) => l.id)).toEqual([1])
  })

  it('fills in a missing image and SKU', () => {
    const stored = JSON.stringify([{ id: 3, name: 'Ring', price: 10, quantity: 1 }])
    expect(parseStoredCart(stored)).toEqual([{ id: 3, name: 'Ring', price: 10, quantity: 1, imageUrl: '', sku: '' }])
  })
})

describe('cartStore', () => {
  beforeEach(() => cartStore.clear())

  it('keeps the cart in local storage under "cart"', () => {
    cartStore.add(line({ quantity: 2 }))
    expect(parseStoredCart(localStorage.getItem(CART_STORAGE_KEY))).toEqual([line({ quantity: 2 })])
  })

  it('empties the cart on clear', () => {
    cartStore.add(line())
    cartStore.add(line({ id: 2 }))
    cartStore.clear()
    expect(cartStore.getLines()).toEqual([])
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe('[]')
  })

  it('tells its subscribers about a change', () => {
    let calls = 0
    const unsubscribe = cartStore.subscribe(() => {
      calls += 1
    })
    cartStore.add(line())
    unsubscribe()
    cartStore.add(line())
    expect(calls).toBe(1)
  })
})
