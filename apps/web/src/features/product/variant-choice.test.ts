import { describe, expect, it } from 'vitest'
import { buildPendant, buildProduct, buildVariant, pendantVariant } from './test-products'
import {
  candidateVariants,
  chosenVariant,
  hasMadeToOrder,
  hasPriceRange,
  initialChoice,
  isPurchasable,
  isValueAvailable,
  missingOption,
  withValue,
} from './variant-choice'

const pendant = buildPendant()

describe('isPurchasable', () => {
  it('needs stock, unless the variant is made to order', () => {
    expect(isPurchasable({ stock: 1, leadTime: null })).toBe(true)
    expect(isPurchasable({ stock: 0, leadTime: null })).toBe(false)
    expect(isPurchasable({ stock: 0, leadTime: { minDays: 10, maxDays: 15 } })).toBe(true)
  })
})

describe('isValueAvailable', () => {
  it('offers every value that some variant in stock has, before anything is chosen', () => {
    for (const length of ['16"', '18"', '20"']) expect(isValueAvailable(pendant, [null, null], 1, length)).toBe(true)
    expect(isValueAvailable(pendant, [null, null], 0, 'Yellow gold')).toBe(true)
  })

  it('marks a value unavailable when, with the other choices, no variant of it can be bought', () => {
    expect(isValueAvailable(pendant, ['Yellow gold', null], 1, '18"')).toBe(false)
    expect(isValueAvailable(pendant, ['Sterling silver', null], 1, '18"')).toBe(true)
    expect(isValueAvailable(pendant, [null, '18"'], 0, 'Yellow gold')).toBe(false)
    expect(isValueAvailable(pendant, [null, '18"'], 0, 'Sterling silver')).toBe(true)
  })

  it("judges a value against the other options' choices, not its own", () => {
    // 18" is chosen: the other lengths stay available for Sterling silver.
    expect(isValueAvailable(pendant, ['Sterling silver', '18"'], 1, '20"')).toBe(true)
    expect(isValueAvailable(pendant, ['Yellow gold', '20"'], 1, '18"')).toBe(false)
  })

  it('offers a made-to-order variant without stock', () => {
    const madeToOrder = buildPendant({
      variants: pendant.variants.map((v) =>
        v.options.join() === 'Yellow gold,18"' ? { ...v, leadTime: { minDays: 10, maxDays: 15 } } : v,
      ),
    })
    expect(isValueAvailable(madeToOrder, ['Yellow gold', null], 1, '18"')).toBe(true)
  })

  it('marks a value that no active variant has as unavailable', () => {
    const withoutSilver20 = buildPendant({ variants: pendant.variants.filter((v) => v.sku !== 'NEC-1081-S20') })
    expect(isValueAvailable(withoutSilver20, ['Sterling silver', null], 1, '20"')).toBe(false)
  })
})

describe('chosenVariant', () => {
  it('is the variant of a complete choice', () => {
    expect(chosenVariant(pendant, ['Yellow gold', '20"'])).toBe(pendantVariant(pendant, 'Yellow gold', '20"'))
  })

  it('is undefined while an option is still to choose', () => {
    expect(chosenVariant(pendant, ['Yellow gold', null])).toBeUndefined()
    expect(chosenVariant(pendant, [])).toBeUndefined()
  })

  it('is the one variant of a product without options', () => {
    const product = buildProduct()
    expect(chosenVariant(product, [])).toBe(product.variants[0])
  })
})

describe('missingOption', () => {
  it('names the first option without a value', () => {
    expect(missingOption(pendant, [null, null])).toBe('Metal')
    expect(missingOption(pendant, ['Yellow gold', null])).toBe('Chain length')
    expect(missingOption(pendant, [null, '18"'])).toBe('Metal')
    expect(missingOption(pendant, ['Yellow gold', '18"'])).toBeUndefined()
  })
})

describe('initialChoice', () => {
  it("opens with the URL's variant", () => {
    const variant = pendantVariant(pendant, 'Sterling silver', '20"')
    expect(initialChoice(pendant, String(variant.id))).toEqual(['Sterling silver', '20"'])
  })

  it('ignores a variant the product does not have and chooses nothing that is a choice', () => {
    expect(initialChoice(pendant, '999')).toEqual([null, null])
    expect(initialChoice(pendant, 'abc')).toEqual([null, null])
    expect(initialChoice(pendant, null)).toEqual([null, null])
  })

  it('chooses an option whose variants all have the same value', () => {
    const silverOnly = buildPendant({ variants: pendant.variants.filter((v) => v.options[0] === 'Sterling silver') })
    expect(initialChoice(silverOnly, null)).toEqual(['Sterling silver', null])
  })
})

describe('candidateVariants and withValue', () => {
  it('narrows the variants as values are chosen', () => {
    const choice = withValue([null, null], 0, 'Yellow gold')
    expect(choice).toEqual(['Yellow gold', null])
    expect(candidateVariants(pendant, choice).map((v) => v.options[1])).toEqual(['16"', '18"', '20"'])
    expect(candidateVariants(pendant, withValue(choice, 1, '16"'))).toHaveLength(1)
  })
})

describe('hasPriceRange and hasMadeToOrder', () => {
  it('tells a product whose variants cost different amounts', () => {
    expect(hasPriceRange(pendant)).toBe(true)
    expect(hasPriceRange(buildProduct())).toBe(false)
    expect(hasPriceRange(buildProduct({ variants: [] }))).toBe(false)
  })

  it('tells a product with a made-to-order variant', () => {
    expect(hasMadeToOrder(pendant)).toBe(false)
    expect(hasMadeToOrder(buildProduct({ variants: [buildVariant({ leadTime: { minDays: 10, maxDays: 15 } })] }))).toBe(
      true,
    )
  })
})
