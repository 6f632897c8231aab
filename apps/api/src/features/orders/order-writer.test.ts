import type { OrderableProduct, OrderableVariant } from '@shop/db/products'
import { MAX_ORDER_TOTAL_CENTS } from '@shop/schema/orders'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../lib/app-error'
import { type CreateOrderValues, decide } from './order-writer'

function variant(id: number, overrides: Partial<OrderableVariant> = {}): OrderableVariant {
  return {
    id,
    sku: `SKU-${id}`,
    priceCents: 1000 * id,
    stock: 10,
    active: true,
    label: '',
    imageUrl: null,
    leadTime: null,
    ...overrides,
  }
}

/** A product sold in one form: its one variant has the product's id, SKU-{id}, and costs 10.00 per id. */
function product(
  id: number,
  overrides: Partial<OrderableProduct> & { stock?: number; priceCents?: number } = {},
): OrderableProduct {
  const { stock, priceCents, ...rest } = overrides
  return {
    id,
    name: `Product ${id}`,
    isAvailable: true,
    imageUrl: `/uploads/${id}.png`,
    options: [],
    fields: [],
    variants: [
      variant(id, { ...(stock === undefined ? {} : { stock }), ...(priceCents === undefined ? {} : { priceCents }) }),
    ],
    ...rest,
  }
}

/** A ring in sizes 6 and 7 (variants 71 and 72, $100 and $120), engravable up to 10 characters for $15. */
function ring(overrides: Partial<OrderableProduct> = {}): OrderableProduct {
  return product(7, {
    name: 'Gold Ring',
    options: [{ name: 'Ring size', values: ['6', '7'] }],
    variants: [
      variant(71, { sku: 'RNG-6', priceCents: 10_000, stock: 2, label: 'Ring size 6' }),
      variant(72, { sku: 'RNG-7', priceCents: 12_000, stock: 1, label: 'Ring size 7', imageUrl: '/uploads/7.png' }),
    ],
    fields: [
      { id: 1, label: 'Engraving', maxLength: 10, required: false, surcharge: '15.00', allowedCharacters: null },
    ],
    ...overrides,
  })
}

type Line = CreateOrderValues['items'][number]

function orderOf(...items: Line[]): CreateOrderValues {
  return { ...order(), items }
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

  it('takes stock per variant, and two engravings of one ring share its stock', () => {
    const decision = decide(
      [
        orderOf(
          { productId: 7, variantId: 71, quantity: 1, personalization: [{ fieldId: 1, value: 'Jn 3:16' }] },
          { productId: 7, variantId: 71, quantity: 1, personalization: [{ fieldId: 1, value: 'Ἰησοῦς' }] },
        ),
        orderOf({ productId: 7, variantId: 71, quantity: 1 }),
        orderOf({ productId: 7, variantId: 72, quantity: 1 }),
      ],
      catalog(ring()),
      NUMBERS.slice(0, 3),
    )
    expect(summary(decision)).toEqual(['ORD-1001', "409 'Gold Ring (Ring size 6)' is out of stock", 'ORD-1002'])
    expect(decision.taken).toEqual(
      new Map([
        [71, 2],
        [72, 1],
      ]),
    )
    const [first, , third] = decision.outcomes
    expect(first && 'order' in first ? first.order.items : first).toEqual([
      {
        productId: 7,
        variantId: 71,
        name: 'Gold Ring',
        sku: 'RNG-6',
        priceCents: 11_500,
        quantity: 1,
        imageUrl: '/uploads/7.png',
        variantLabel: 'Ring size 6',
        personalization: [{ label: 'Engraving', value: 'Jn 3:16', surchargeCents: 1500 }],
        leadTime: null,
      },
      expect.objectContaining({ personalization: [{ label: 'Engraving', value: 'Ἰησοῦς', surchargeCents: 1500 }] }),
    ])
    expect(third && 'order' in third ? third.order.items[0] : third).toMatchObject({
      sku: 'RNG-7',
      priceCents: 12_000,
      imageUrl: '/uploads/7.png',
    })
  })

  it('refuses a missing variant by naming the option, and a variant of another product or switched off', () => {
    const other = product(3)
    const decision = decide(
      [
        orderOf({ productId: 7, quantity: 1 }),
        orderOf({ productId: 7, variantId: 3, quantity: 1 }),
        orderOf({ productId: 7, variantId: 72, quantity: 1 }),
        orderOf({ productId: 3, quantity: 1 }),
      ],
      catalog(ring({ variants: [variant(71, { label: 'Ring size 6' }), variant(72, { active: false })] }), other),
      NUMBERS,
    )
    expect(summary(decision)).toEqual([
      '400 Please choose a Ring size',
      "400 Variant 3 of 'Gold Ring' is not available",
      "400 Variant 72 of 'Gold Ring' is not available",
      'ORD-1001',
    ])
  })

  it('checks personalisation with the field rules and never trims or changes what was typed', () => {
    const required = ring({
      fields: [
        { id: 1, label: 'Engraving', maxLength: 6, required: true, surcharge: null, allowedCharacters: null },
        { id: 2, label: 'Initials', maxLength: 3, required: false, surcharge: null, allowedCharacters: 'ABC' },
      ],
    })
    const line = (...personalization: Array<{ fieldId: number; value: string }>) =>
      orderOf({ productId: 7, variantId: 71, quantity: 1, personalization })
    const decision = decide(
      [
        line(),
        line({ fieldId: 1, value: 'Ἰησοῦς!' }),
        line({ fieldId: 1, value: 'a\u202Eb' }),
        line({ fieldId: 1, value: 'a\nb' }),
        line({ fieldId: 1, value: 'José' }, { fieldId: 2, value: 'AD' }),
        line({ fieldId: 9, value: 'x' }),
        line({ fieldId: 1, value: ' Jo sé' }, { fieldId: 2, value: 'AB' }),
      ],
      catalog(required),
      NUMBERS.slice(0, 1),
    )
    expect(summary(decision)).toEqual([
      '400 Engraving is required',
      '400 Engraving must be at most 6 characters',
      '400 Engraving must not contain bidirectional control characters',
      '400 Engraving must be on one line, without control characters',
      "400 Initials cannot contain 'D'",
      "400 'Gold Ring' has no personalisation field 9",
      'ORD-1001',
    ])
    const placed = decision.outcomes[6]
    expect(placed && 'order' in placed ? placed.order.items[0]?.personalization : placed).toEqual([
      { label: 'Engraving', value: ' Jo sé', surchargeCents: null },
      { label: 'Initials', value: 'AB', surchargeCents: null },
    ])
  })

  it('sells a made-to-order variant without stock and takes none', () => {
    const rosary = product(5, {
      name: 'Garnet Rosary',
      variants: [variant(5, { stock: 0, leadTime: { minDays: 10, maxDays: 15 } })],
    })
    const decision = decide([order([5, 3]), order([5, 2])], catalog(rosary), NUMBERS.slice(0, 2))
    expect(summary(decision)).toEqual(['ORD-1001', 'ORD-1002'])
    expect(decision.taken).toEqual(new Map())
    const [first] = decision.outcomes
    expect(first && 'order' in first ? first.order.items[0]?.leadTime : first).toEqual({ minDays: 10, maxDays: 15 })
  })
})
