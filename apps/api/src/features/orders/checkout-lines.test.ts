import { goodsOnlyCharges, type Order, type OrderItem } from '@shop/schema/orders'
import { describe, expect, it } from 'vitest'
import { checkoutAmounts, shareOut } from './checkout-lines'

const item = (name: string, price: string, quantity: number, variantLabel: string | null = null): OrderItem => ({
  id: 1,
  productId: 1,
  variantId: 1,
  name,
  price,
  quantity,
  sku: 'SKU',
  imageUrl: null,
  variantLabel,
  personalization: [],
  leadTime: null,
})

const sumOf = (amounts: ReturnType<typeof checkoutAmounts>) =>
  amounts.lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0) + (amounts.shipping?.cents ?? 0)

describe('shareOut', () => {
  it('shares in proportion, the rounding cents to the largest remainders, adding up exactly', () => {
    expect(shareOut(1000, [3333, 3333, 3334])).toEqual([333, 333, 334])
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(shareOut(0, [5, 5])).toEqual([0, 0])
    expect(shareOut(7, [10, 0])).toEqual([7, 0])
  })
})

describe('checkoutAmounts', () => {
  it('is the lines as they are without a discount, tax added as a line, shipping as the option', () => {
    const order: Pick<Order, 'items' | 'charges' | 'total'> = {
      items: [item('Faith Ring', '120.00', 1, 'Size 7'), item('Chain', '19.99', 3)],
      total: '199.89',
      charges: {
        ...goodsOnlyCharges('179.97'),
        shipping: '9.95',
        shippingMethod: 'Standard',
        tax: '9.97',
      },
    }
    const amounts = checkoutAmounts(order)
    expect(amounts).toEqual({
      lines: [
        { name: 'Faith Ring (Size 7)', unitCents: 12_000, quantity: 1 },
        { name: 'Chain', unitCents: 1999, quantity: 3 },
        { name: 'Tax', unitCents: 997, quantity: 1 },
      ],
      shipping: { name: 'Standard', cents: 995 },
    })
    expect(sumOf(amounts)).toBe(19_989)
  })

  it('shares a discount over the lines, splitting a line whose share does not divide by its quantity', () => {
    // 3 x 10.00 + 1 x 5.00 = 35.00, less 10% (3.50): 31.50. The chains take 3.00 of it, the pendant 0.50.
    const order: Pick<Order, 'items' | 'charges' | 'total'> = {
      items: [item('Chain', '10.00', 3), item('Pendant', '5.00', 1)],
      total: '31.50',
      charges: { ...goodsOnlyCharges('35.00'), discount: '3.50', discountCode: 'TEN' },
    }
    expect(checkoutAmounts(order).lines).toEqual([
      { name: 'Chain', unitCents: 900, quantity: 3 },
      { name: 'Pendant', unitCents: 450, quantity: 1 },
    ])
    // 3 x 10.00, less 1.00: 29.00 over 3 units is 9.67 + 9.67 + 9.66.
    const split = checkoutAmounts({
      items: [item('Chain', '10.00', 3)],
      total: '29.00',
      charges: { ...goodsOnlyCharges('30.00'), discount: '1.00', discountCode: 'ONE' },
    })
    expect(split.lines).toEqual([
      { name: 'Chain', unitCents: 967, quantity: 2 },
      { name: 'Chain', unitCents: 966, quantity: 1 },
    ])
    expect(sumOf(split)).toBe(2900)
  })

  it('leaves tax included in the prices inside the lines', () => {
    const amounts = checkoutAmounts({
      items: [item('Ring', '119.00', 1)],
      total: '119.00',
      charges: { ...goodsOnlyCharges('119.00'), tax: '19.00', taxIncluded: true },
    })
    expect(amounts.lines).toEqual([{ name: 'Ring', unitCents: 11_900, quantity: 1 }])
    expect(amounts.shipping).toBeNull()
  })

  it('always adds up to the total, for awkward discounts over many lines', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const items = Array.from({ length: 1 + (seed % 7) }, (_, i) =>
        item(`Piece ${i}`, ((((seed * 37 + i * 101) % 9000) + 100) / 100).toFixed(2), 1 + ((seed + i) % 5)),
      )
      const subtotal = items.reduce((sum, line) => sum + Math.round(Number(line.price) * 100) * line.quantity, 0)
      const discount = (seed * 7919) % subtotal
      const shipping = seed % 3 === 0 ? 995 : 0
      const tax = seed % 4 === 0 ? 123 : 0
      const total = subtotal - discount + shipping + tax
      const amounts = checkoutAmounts({
        items,
        total: (total / 100).toFixed(2),
        charges: {
          ...goodsOnlyCharges((subtotal / 100).toFixed(2)),
          discount: (discount / 100).toFixed(2),
          shipping: (shipping / 100).toFixed(2),
          tax: (tax / 100).toFixed(2),
        },
      })
      expect(sumOf(amounts), `seed ${seed}`).toBe(total)
      expect(amounts.lines.every((line) => line.unitCents >= 0 && line.quantity > 0)).toBe(true)
    }
  })
})
