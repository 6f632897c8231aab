import { describe, expect, it } from 'vitest'
import { lineKey } from '../cart/cart'
import {
  addableQuantity,
  firstSentence,
  orderableQuantity,
  parseQuantity,
  toCartLine,
  toLinePersonalization,
  unitPriceCents,
} from './product'
import { buildPendant, buildProduct, buildVariant, pendantVariant } from './test-products'

const product = buildProduct()
const variant = buildVariant()
const isGiven = (value: string | undefined): value is string => !!value?.trim()
const line = (quantity: number, overrides = {}) =>
  toCartLine(product, { variant, unitCents: 18_950, personalization: [], quantity, ...overrides })

describe('parseQuantity', () => {
  it('reads an integer of at least 1', () => {
    expect(parseQuantity('3')).toBe(3)
    expect(parseQuantity(' 2 ')).toBe(2)
  })

  it('falls back to 1 for invalid input', () => {
    for (const text of ['', 'abc', '0', '-2', '1.5']) expect(parseQuantity(text)).toBe(1)
  })

  it('stops at the stock', () => {
    expect(parseQuantity('50', 34)).toBe(34)
  })
})

describe('firstSentence', () => {
  it('keeps the first sentence of a description', () => {
    expect(firstSentence(product.description)).toBe('A delicate cross in 14k gold.')
  })

  it('keeps a description without a full stop whole', () => {
    expect(firstSentence('  Hand made  ')).toBe('Hand made')
  })
})

describe('toCartLine', () => {
  it('parses the price and takes the first image; a product without options sends no variant', () => {
    expect(line(2)).toEqual({
      id: 4,
      name: 'Gold Cross Necklace',
      price: 189.5,
      quantity: 2,
      imageUrl: '/uploads/demo/a.svg',
      sku: 'NEC-1001',
      stock: 5,
    })
  })

  it('has an empty image for a product without images', () => {
    const bare = buildProduct({ imageUrls: [] })
    expect(toCartLine(bare, { variant, unitCents: 100, personalization: [], quantity: 1 }).imageUrl).toBe('')
  })

  it("takes the chosen variant's id, label, SKU, stock and image", () => {
    const pendant = buildPendant()
    const gold = { ...pendantVariant(pendant, 'Yellow gold', '20"'), imageUrl: '/uploads/demo/gold.svg' }
    expect(toCartLine(pendant, { variant: gold, unitCents: 9800, personalization: [], quantity: 1 })).toMatchObject({
      id: pendant.id,
      variantId: gold.id,
      variantLabel: gold.label,
      sku: gold.sku,
      price: 98,
      stock: gold.stock,
      imageUrl: '/uploads/demo/gold.svg',
    })
  })

  it('keeps the personalisation and the lead time of a made-to-order variant', () => {
    const madeToOrder = buildVariant({ stock: 0, leadTime: { minDays: 10, maxDays: 15 } })
    const personalization = [{ fieldId: 1, label: 'Engraving', value: 'Jn 3:16' }]
    const cartLine = toCartLine(product, { variant: madeToOrder, unitCents: 19_950, personalization, quantity: 1 })
    expect(cartLine).toMatchObject({ personalization, leadTime: { minDays: 10, maxDays: 15 }, stock: 1000 })
  })
})

describe('unitPriceCents and toLinePersonalization', () => {
  const fields = [
    { id: 1, label: 'Engraving', surcharge: '10.00' },
    { id: 2, label: 'Gift note', surcharge: null },
    { id: 3, label: 'Back', surcharge: '5.50' },
  ]

  it('adds the surcharge of each field filled in', () => {
    expect(unitPriceCents({ price: '68.00' }, fields, {}, isGiven)).toBe(6800)
    expect(unitPriceCents({ price: '68.00' }, fields, { 1: 'Jn 3:16', 2: 'Love' }, isGiven)).toBe(7800)
    expect(unitPriceCents({ price: '68.00' }, fields, { 1: 'Jn 3:16', 3: 'A', 2: '' }, isGiven)).toBe(8350)
    expect(unitPriceCents({ price: '68.00' }, fields, { 1: '   ' }, isGiven)).toBe(6800)
  })

  it('keeps the fields filled in, exactly as typed', () => {
    expect(toLinePersonalization(fields, { 1: ' Jn 3:16', 2: '' }, isGiven)).toEqual([
      { fieldId: 1, label: 'Engraving', value: ' Jn 3:16' },
    ])
  })
})

describe('orderableQuantity', () => {
  it('is the stock, or 1000 for a made-to-order variant', () => {
    expect(orderableQuantity({ stock: 3, leadTime: null })).toBe(3)
    expect(orderableQuantity({ stock: -1, leadTime: null })).toBe(0)
    expect(orderableQuantity({ stock: 0, leadTime: { minDays: 1, maxDays: 2 } })).toBe(1000)
  })
})

describe('addableQuantity', () => {
  it('allows the whole quantity when the stock has room', () => {
    expect(addableQuantity([], line(3))).toBe(3)
  })

  it('allows only what the stock has left beyond the cart', () => {
    expect(addableQuantity([line(4)], line(3))).toBe(1)
  })

  it('allows nothing once the cart holds the whole stock', () => {
    expect(addableQuantity([line(5)], line(1))).toBe(0)
  })

  it('counts the lines of the variant with another engraving against its stock', () => {
    const engraved = line(4, { personalization: [{ fieldId: 1, label: 'Engraving', value: 'Amen' }] })
    expect(lineKey(engraved)).not.toBe(lineKey(line(1)))
    expect(addableQuantity([engraved], line(3))).toBe(1)
  })
})
