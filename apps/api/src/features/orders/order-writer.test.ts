import type { OrderableProduct } from '@shop/db/products'
import { MAX_ORDER_TOTAL_CENTS } from '@shop/schema/orders'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../lib/app-error'
import { type CreateOrderValues, decide } from './order-writer'

function product(id: number, overrides: Partial<OrderableProduct> = {}): OrderableProduct {
  return {
    id,
    name: `Product ${id}`,
    sku: `SKU-${id}`,
    priceCents: 1000 * id,
    stock: 10,
    isAvailable: true,
    imageUrl: `/uploads/${id}.png`,
    ...overrides,
  }
}

function catalog(...products: OrderableProduct[]): Map<number, OrderableProduct> {
  return new Map(products.map((p) => [p.id, p]))
}

function order(...items: Array<[productId: number, quantity: number]>): CreateOrderValues {
  return {
    customerName: 'Ruth Miller',
    customerEmail: 'ruth@example.com',
    customerAddress: '4 Vine Street, Dayton, OH 45402, USA',
    notes: null,
    items: items.map(([productId, quantity]) => ({ productId, quantity })),
  }
}

const NUMBERS = ['ORD-1001', 'ORD-1002', 'ORD-1003', 'ORD-1004']

/** Each outcome as the order number it got, or the status and message it was refused with. */
function summary(decision: ReturnType<typeof decide>): string[] {
  return decision.outcomes.map((outcome) =>
    'order' in outcome ? outcome.order.orderNumber : `${outcome.error.status} ${outcome.error.message}`,
  )
}

describe('decide', () => {
  it('prices each order from the database and merges lines of the same product', () => {
    const decision = decide([order([2, 1], [1, 2], [2, 2])], catalog(product(1), product(2)), NUMBERS.slice(0, 1))
    const [outcome] = decision.outcomes
    expect(outcome && 'order' in outcome ? outcome.order : outcome).toMatchObject({
      orderNumber: 'ORD-1001',
      status: 'pending',
      totalCents: 2 * 1000 + 3 * 2000,
      items: [
        { productId: 1, name: 'Product 1', sku: 'SKU-1', priceCents: 1000, quantity: 2, imageUrl: '/uploads/1.png' },
        { productId: 2, name: 'Product 2', sku: 'SKU-2', priceCents: 2000, quantity: 3, imageUrl: '/uploads/2.png' },
      ],
    })
    expect(decision.taken).toEqual(
      new Map([
        [1, 2],
        [2, 3],
      ]),
    )
  })

  it('carries the stock an order leaves to the next order of the batch', () => {
    const decision = decide(
      [order([1, 2]), order([1, 2]), order([1, 1]), order([1, 1])],
      catalog(product(1, { stock: 3, name: 'Gold Cross' })),
      NUMBERS,
    )
    expect(summary(decision)).toEqual([
      'ORD-1001',
      "409 Only 1 of 'Gold Cross' is left in stock",
      'ORD-1002',
      "409 'Gold Cross' is out of stock",
    ])
    expect(decision.taken).toEqual(new Map([[1, 3]]))
  })

  it('refuses each order on its own, in arrival order, and a refused order takes nothing', () => {
    const decision = decide(
      [order([1, 5]), order([9, 1]), order([2, 1]), order([1, 3], [2, 1])],
      catalog(product(1, { stock: 3 }), product(2, { isAvailable: false })),
      NUMBERS,
    )
    expect(summary(decision)).toEqual([
      "409 Only 3 of 'Product 1' are left in stock",
      '400 Product 9 is not available',
      '400 Product 2 is not available',
      '400 Product 2 is not available',
    ])
    expect(decision.taken).toEqual(new Map())
    for (const outcome of decision.outcomes) if ('error' in outcome) expect(outcome.error).toBeInstanceOf(AppError)
  })

  it('refuses a total above the largest the shop records, before it takes any stock', () => {
    const expensive = product(1, { priceCents: MAX_ORDER_TOTAL_CENTS, stock: 5 })
    const decision = decide([order([1, 2]), order([1, 1])], catalog(expensive), NUMBERS.slice(0, 2))
    expect(summary(decision)).toEqual(['400 An order total can be at most $21,474,836.47', 'ORD-1001'])
    expect(decision.taken).toEqual(new Map([[1, 1]]))
  })

  it('numbers the placed orders in arrival order and gives back the numbers left over', () => {
    const decision = decide(
      [order([1, 1]), order([2, 1]), order([1, 1]), order([2, 1])],
      catalog(product(1), product(2, { stock: 0 })),
      NUMBERS,
    )
    expect(summary(decision)).toEqual([
      'ORD-1001',
      "409 'Product 2' is out of stock",
      'ORD-1002',
      "409 'Product 2' is out of stock",
    ])
    expect(decision.unusedNumbers).toBe(2)
  })

  it('gives back no number when every order is placed, and every number when none is', () => {
    const all = decide([order([1, 1]), order([1, 1])], catalog(product(1)), NUMBERS.slice(0, 2))
    expect(all.unusedNumbers).toBe(0)
    const none = decide([order([1, 1]), order([1, 1])], catalog(), NUMBERS.slice(0, 2))
    expect(none.unusedNumbers).toBe(2)
  })
})
