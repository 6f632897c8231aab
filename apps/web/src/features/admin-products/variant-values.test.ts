import { ZProductInput } from '@shop/schema/products'
import { describe, expect, it } from 'vitest'
import { type ProductFormValues, toFormValues, toProductInput, type VariantFormValues } from './product-values'
import {
  combinationsOf,
  moveOptionValue,
  renameOptionValue,
  variantSku,
  withAllVariants,
  withImages,
  withOptions,
  withProductSku,
  withVariant,
} from './variant-values'

const SIZE = { key: 'size', name: 'Size', values: ['6', '7'] }
const METAL = { key: 'metal', name: 'Metal', values: ['Gold', 'Silver'] }

function ring(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  return {
    ...toFormValues(),
    name: 'Hammered Ring',
    description: 'A hand-hammered band, made for a test.',
    price: 80,
    categoryId: '3',
    imageUrls: ['/uploads/ring.png', '/uploads/ring-2.png'],
    sku: 'RIN-3015',
    ...overrides,
  }
}

const optionsOf = (variants: VariantFormValues[]) => variants.map((variant) => variant.options)

describe('combinationsOf', () => {
  it('lists every combination, the first option varying slowest', () => {
    expect(combinationsOf([SIZE, METAL])).toEqual([
      ['6', 'Gold'],
      ['6', 'Silver'],
      ['7', 'Gold'],
      ['7', 'Silver'],
    ])
  })

  it('has none without options', () => {
    expect(combinationsOf([])).toEqual([])
  })
})

describe('variantSku', () => {
  it("adds the values to the product's SKU", () => {
    expect(variantSku('RIN-3015', ['7', 'Sterling silver'])).toBe('RIN-3015-7-STERLING-SILVER')
    expect(variantSku('', ['7'])).toBe('7')
  })
})

describe('withOptions', () => {
  it("makes a variant per combination with the product's price, no stock and its own SKU", () => {
    const values = withOptions(ring(), [SIZE, METAL])
    expect(values.variantKeys).toEqual(['size', 'metal'])
    expect(values.variants).toHaveLength(4)
    expect(values.variants[1]).toEqual({
      options: ['6', 'Silver'],
      sku: 'RIN-3015-6-SILVER',
      price: 80,
      stock: 0,
      minStock: 5,
      active: true,
      imageUrl: null,
      leadTime: null,
    })
  })

  it('keeps the id, SKU, price and stock of a combination that still exists when a value is added', () => {
    let values = withOptions(ring(), [SIZE, METAL])
    values = { ...values, variants: values.variants.map((variant, i) => ({ ...variant, id: i + 1, stock: i + 10 })) }
    values = withVariant(values, 3, { sku: 'OWN-SKU', price: 95 })
    const next = withOptions(values, [{ ...SIZE, values: ['6', '7', '8'] }, METAL])
    expect(optionsOf(next.variants)).toEqual([
      ['6', 'Gold'],
      ['6', 'Silver'],
      ['7', 'Gold'],
      ['7', 'Silver'],
      ['8', 'Gold'],
      ['8', 'Silver'],
    ])
    expect(next.variants.slice(0, 4).map((variant) => variant.id)).toEqual([1, 2, 3, 4])
    expect(next.variants[3]).toMatchObject({ sku: 'OWN-SKU', price: 95, stock: 13 })
    expect(next.variants[4]).toMatchObject({ sku: 'RIN-3015-8-GOLD', stock: 0 })
    expect(next.variants[4]?.id).toBeUndefined()
  })

  it('drops the combinations of a removed value and keeps the others', () => {
    let values = withOptions(ring(), [SIZE, METAL])
    values = { ...values, variants: values.variants.map((variant, i) => ({ ...variant, id: i + 1 })) }
    const next = withOptions(values, [{ ...SIZE, values: ['7'] }, METAL])
    expect(next.variants.map((variant) => [variant.id, ...variant.options])).toEqual([
      [3, '7', 'Gold'],
      [4, '7', 'Silver'],
    ])
  })

  it('keeps the variants of the remaining option when an option is removed', () => {
    let values = withOptions(ring(), [SIZE, METAL])
    values = { ...values, variants: values.variants.map((variant, i) => ({ ...variant, id: i + 1 })) }
    const next = withOptions(values, [METAL])
    expect(next.variantKeys).toEqual(['metal'])
    expect(next.variants.map((variant) => [variant.id, ...variant.options])).toEqual([
      [1, 'Gold'],
      [2, 'Silver'],
    ])
  })

  it('gives the first combination of each variant its id when an option is added', () => {
    let values = withOptions(ring(), [SIZE])
    values = { ...values, variants: values.variants.map((variant, i) => ({ ...variant, id: i + 1, price: 70 + i })) }
    const next = withOptions(values, [SIZE, METAL])
    expect(next.variants.map((variant) => [variant.id, variant.price])).toEqual([
      [1, 70],
      [undefined, 70],
      [2, 71],
      [undefined, 71],
    ])
  })

  it('waits, unchanged, while an option has no value', () => {
    const values = withOptions(ring(), [SIZE])
    const waiting = withOptions(values, [SIZE, { key: 'metal', name: 'Metal', values: [] }])
    expect(waiting.variants).toBe(values.variants)
    expect(waiting.variantKeys).toEqual(['size'])
  })

  it('keeps the last totals as the product price and stock when the options are removed', () => {
    let values = withOptions(ring(), [SIZE])
    values = withAllVariants(values, { stock: 4 })
    values = withVariant(values, 1, { price: 65 })
    const next = withOptions(values, [])
    expect(next).toMatchObject({ variants: [], variantKeys: [], price: 65, stock: 8 })
  })

  it('matches values regardless of letter case', () => {
    let values = withOptions(ring(), [METAL])
    values = { ...values, variants: values.variants.map((variant, i) => ({ ...variant, id: i + 1 })) }
    const next = withOptions(values, [{ ...METAL, values: ['gold', 'Silver'] }])
    expect(next.variants.map((variant) => [variant.id, ...variant.options])).toEqual([
      [1, 'gold'],
      [2, 'Silver'],
    ])
  })
})

describe('made SKUs', () => {
  it('follow an added option and the product SKU, while typed ones stay', () => {
    let values = withOptions(ring(), [SIZE])
    values = withVariant(values, 1, { sku: 'MY-OWN-7' })
    values = withOptions(values, [SIZE, METAL])
    expect(values.variants.map((variant) => variant.sku)).toEqual([
      'RIN-3015-6-GOLD',
      'RIN-3015-6-SILVER',
      'MY-OWN-7',
      'RIN-3015-7-SILVER',
    ])
    values = withProductSku(values, 'RIN-9000')
    expect(values.variants.map((variant) => variant.sku)).toEqual([
      'RIN-9000-6-GOLD',
      'RIN-9000-6-SILVER',
      'MY-OWN-7',
      'RIN-9000-7-SILVER',
    ])
    values = renameOptionValue(values, 0, 0, '5')
    expect(values.variants[0]?.sku).toBe('RIN-9000-5-GOLD')
  })
})

describe('renameOptionValue and moveOptionValue', () => {
  it('renames a value in the option and its variants, which keep their ids', () => {
    let values = withOptions(ring(), [SIZE, METAL])
    values = { ...values, variants: values.variants.map((variant, i) => ({ ...variant, id: i + 1 })) }
    const next = renameOptionValue(values, 1, 1, 'Sterling silver')
    expect(next.options[1]?.values).toEqual(['Gold', 'Sterling silver'])
    expect(next.variants.map((variant) => [variant.id, ...variant.options])).toEqual([
      [1, '6', 'Gold'],
      [2, '6', 'Sterling silver'],
      [3, '7', 'Gold'],
      [4, '7', 'Sterling silver'],
    ])
  })

  it('reorders the variants with the values', () => {
    let values = withOptions(ring(), [SIZE, METAL])
    values = { ...values, variants: values.variants.map((variant, i) => ({ ...variant, id: i + 1 })) }
    const next = moveOptionValue(values, 0, 1, 0)
    expect(next.options[0]?.values).toEqual(['7', '6'])
    expect(next.variants.map((variant) => variant.id)).toEqual([3, 4, 1, 2])
  })
})

describe('withImages', () => {
  it("shows the product's images again for a variant whose image was removed", () => {
    let values = withOptions(ring(), [SIZE])
    values = withVariant(values, 0, { imageUrl: '/uploads/ring-2.png' })
    values = withVariant(values, 1, { imageUrl: '/uploads/ring.png' })
    const next = withImages(values, ['/uploads/ring.png'])
    expect(next.variants.map((variant) => variant.imageUrl)).toEqual([null, '/uploads/ring.png'])
  })
})

describe('toProductInput', () => {
  it('sends the options and variants, with the price and stock the variants add up to', () => {
    let values = withOptions(ring(), [SIZE, METAL])
    values = withAllVariants(values, { stock: 3 })
    values = withVariant(values, 0, { id: 11, price: 120 })
    values = withVariant(values, 1, { price: 95.5, leadTime: { minDays: 10, maxDays: 15 } })
    values = withVariant(values, 3, { price: 60, active: false, stock: 50 })
    const input = ZProductInput.parse(toProductInput(values))
    expect(input).toMatchObject({
      sku: 'RIN-3015',
      price: 80,
      stock: 9,
      leadTime: null,
      options: [
        { name: 'Size', values: ['6', '7'] },
        { name: 'Metal', values: ['Gold', 'Silver'] },
      ],
    })
    expect(input.options[0]).not.toHaveProperty('key')
    expect(input.variants).toEqual([
      {
        id: 11,
        options: ['6', 'Gold'],
        sku: 'RIN-3015-6-GOLD',
        price: 120,
        stock: 3,
        minStock: 5,
        active: true,
        imageUrl: null,
        leadTime: null,
      },
      expect.objectContaining({ options: ['6', 'Silver'], price: 95.5, leadTime: { minDays: 10, maxDays: 15 } }),
      expect.objectContaining({ options: ['7', 'Gold'], price: 80 }),
      expect.objectContaining({ options: ['7', 'Silver'], price: 60, active: false }),
    ])
    expect(input.variants?.[1]).not.toHaveProperty('id')
  })

  it('reports a problem of a variant at its own path', () => {
    let values = withOptions(ring(), [SIZE, METAL])
    values = withVariant(values, 2, { sku: 'RIN-3015-6-GOLD', price: '' })
    const result = ZProductInput.safeParse(toProductInput(values))
    const issues = result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])
    expect(issues).toEqual(
      expect.arrayContaining([
        ['variants.2.sku', "Two variants have the SKU 'RIN-3015-6-GOLD'"],
        ['variants.2.price', expect.any(String)],
      ]),
    )
  })

  it('sends a made-to-order lead time for a product without options, and no variant', () => {
    const input = ZProductInput.parse(toProductInput(ring({ stock: 0, leadTime: { minDays: 5, maxDays: 8 } })))
    expect(input).toMatchObject({ options: [], variants: [], leadTime: { minDays: 5, maxDays: 8 }, price: 80 })
  })
})
