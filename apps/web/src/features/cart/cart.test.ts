import { beforeEach, describe, expect, it } from 'vitest'
import {
  addLine,
  CART_STORAGE_KEY,
  type CartLine,
  cartItemCount,
  cartTotal,
  formatBadgeCount,
  lineKey,
  parseStoredCart,
  remainingStock,
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

describe('line identity', () => {
  const ring = (size: number, overrides: Partial<CartLine> = {}) =>
    line({ id: 5, name: 'Hammered Gold Band Ring', variantId: 50 + size, variantLabel: `Size ${size}`, ...overrides })
  const engraved = (value: string, overrides: Partial<CartLine> = {}) =>
    line({
      id: 9,
      name: 'Engravable Heart Locket',
      personalization: [{ fieldId: 1, label: 'Engraving', value }],
      ...overrides,
    })

  it('merges a line of the same product, variant and personalisation', () => {
    expect(addLine([ring(7)], ring(7, { quantity: 2 })).map((l) => l.quantity)).toEqual([3])
    expect(addLine([engraved('Jn 3:16')], engraved('Jn 3:16')).map((l) => l.quantity)).toEqual([2])
  })

  it('keeps another variant of the same product apart', () => {
    expect(addLine([ring(7)], ring(8)).map((l) => l.variantLabel)).toEqual(['Size 7', 'Size 8'])
  })

  it('keeps the same product with another engraving, or none, apart', () => {
    const lines = addLine(addLine([engraved('Jn 3:16')], engraved('Ἰησοῦς')), line({ id: 9 }))
    expect(lines.map((l) => l.personalization?.[0]?.value ?? '')).toEqual(['Jn 3:16', 'Ἰησοῦς', ''])
  })

  it('compares engravings exactly as typed', () => {
    expect(lineKey(engraved('jn 3:16'))).not.toBe(lineKey(engraved('Jn 3:16')))
    expect(lineKey(engraved('Jn 3:16 '))).not.toBe(lineKey(engraved('Jn 3:16')))
  })

  it('does not depend on the order of the personalisation fields', () => {
    const a = [
      { fieldId: 1, label: 'Front', value: 'A' },
      { fieldId: 2, label: 'Back', value: 'B' },
    ]
    expect(lineKey(line({ personalization: a }))).toBe(lineKey(line({ personalization: [...a].reverse() })))
  })

  it("never holds more of a variant than its stock, over all of the variant's lines", () => {
    const lines = addLine(
      [engraved('Jn 3:16', { quantity: 3, stock: 4 })],
      engraved('Ἰησοῦς', { quantity: 3, stock: 4 }),
    )
    expect(lines.map((l) => l.quantity)).toEqual([3, 1])
    expect(addLine(lines, engraved('Amen', { stock: 4 }))).toBe(lines)
    expect(lines.map((l) => remainingStock(lines, l))).toEqual([0, 0])
  })

  it('caps each variant by its own stock', () => {
    const lines = addLine([ring(7, { quantity: 2, stock: 2 })], ring(8, { quantity: 2, stock: 3 }))
    expect(lines.map((l) => l.quantity)).toEqual([2, 2])
    expect(lines.map((l) => remainingStock(lines, l))).toEqual([0, 1])
  })

  it('sets the quantity and removes the line it is given only', () => {
    const lines = [engraved('Jn 3:16', { stock: 5 }), engraved('Ἰησοῦς', { quantity: 2, stock: 5 })]
    const key = lineKey(engraved('Ἰησοῦς'))
    expect(setLineQuantity(lines, key, 9).map((l) => l.quantity)).toEqual([1, 4])
    expect(removeLine(lines, key).map((l) => l.personalization?.[0]?.value)).toEqual(['Jn 3:16'])
  })
})

describe('setLineQuantity', () => {
  const key1 = lineKey(line())
  it('sets the quantity of a line', () => {
    expect(setLineQuantity([line()], key1, 3)[0]?.quantity).toBe(3)
  })

  it('removes the line at a quantity of 0 or below', () => {
    expect(setLineQuantity([line(), line({ id: 2 })], key1, 0).map((l) => l.id)).toEqual([2])
    expect(setLineQuantity([line()], key1, -1)).toEqual([])
  })

  it('never goes above the stock', () => {
    expect(setLineQuantity([line({ stock: 3 })], key1, 9)[0]?.quantity).toBe(3)
  })
})

describe('removeLine', () => {
  it('removes only the given product', () => {
    expect(removeLine([line(), line({ id: 2 })], lineKey(line({ id: 2 }))).map((l) => l.id)).toEqual([1])
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

  it('reads a line with its variant, personalisation and lead time', () => {
    const stored = line({
      variantId: 12,
      variantLabel: 'Size 7',
      personalization: [{ fieldId: 1, label: 'Engraving', value: 'Jn 3:16' }],
      leadTime: { minDays: 10, maxDays: 15 },
    })
    expect(parseStoredCart(JSON.stringify([stored]))).toEqual([stored])
  })

  it('drops a line whose personalisation cannot be read rather than order it without', () => {
    const stored = JSON.stringify([line({ id: 2 }), { ...line(), personalization: [{ fieldId: 1, text: 'x' }] }])
    expect(parseStoredCart(stored).map((l) => l.id)).toEqual([2])
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
