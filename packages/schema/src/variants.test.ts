import { describe, expect, it } from 'vitest'
import { formatLeadTime, madeToOrderNote, variantLabel } from './display'
import { variantsOf, ZProductInput } from './products'
import { graphemesOf, personalizationError } from './text'

const engraving = { label: 'Engraving', maxLength: 6, required: false, allowedCharacters: null }

describe('personalizationError', () => {
  it('counts characters as a reader does, however they are encoded', () => {
    expect(graphemesOf('José')).toHaveLength(4)
    expect(graphemesOf('Jose\u0301')).toHaveLength(4)
    expect(graphemesOf('Ἰησοῦς')).toHaveLength(6)
    expect(graphemesOf('שָׁלוֹם')).toHaveLength(4)
    expect(personalizationError(engraving, 'Ἰησοῦς')).toBeNull()
    expect(personalizationError(engraving, 'Jose\u0301 1')).toBeNull()
    expect(personalizationError(engraving, 'Jn 3:16')).toBe('Engraving must be at most 6 characters')
  })

  it('refuses control and direction characters, and asks for a required field', () => {
    expect(personalizationError(engraving, 'a\nb')).toBe('Engraving must be on one line, without control characters')
    expect(personalizationError(engraving, 'a\u202Eb')).toBe(
      'Engraving must not contain bidirectional control characters',
    )
    expect(personalizationError(engraving, undefined)).toBeNull()
    expect(personalizationError(engraving, '   ')).toBeNull()
    expect(personalizationError({ ...engraving, required: true }, ' \u200B ')).toBe('Engraving is required')
  })

  it('allows only the maker’s characters when the field lists them (space always)', () => {
    const initials = { ...engraving, label: 'Initials', allowedCharacters: 'ABCÉ' }
    expect(personalizationError(initials, 'A B')).toBeNull()
    // É typed as E + combining accent is the same character as the listed É.
    expect(personalizationError(initials, 'E\u0301A')).toBeNull()
    expect(personalizationError(initials, 'AD')).toBe("Initials cannot contain 'D'")
  })
})

describe('variant names and lead times', () => {
  it('names a value without a letter by its option', () => {
    expect(variantLabel(['Size', 'Metal'], ['7', 'Sterling silver'])).toBe('Size 7 / Sterling silver')
    expect(variantLabel(['Metal', 'Chain length'], ['Yellow gold', '18"'])).toBe('Yellow gold / Chain length 18"')
    expect(variantLabel([], [])).toBe('')
  })

  it('says how long a made-to-order piece takes', () => {
    expect(madeToOrderNote({ minDays: 10, maxDays: 15 })).toBe('Made to order: ships in 10-15 business days')
    expect(formatLeadTime({ minDays: 5, maxDays: 5 })).toBe('5 business days')
    expect(formatLeadTime({ minDays: 1, maxDays: 1 })).toBe('1 business day')
  })
})

describe('ZProductInput with options', () => {
  const base = {
    name: 'Gold Ring',
    description: 'A gold ring made by hand.',
    price: 100,
    categoryId: 1,
    imageUrls: ['/a.svg'],
    sku: 'RNG-1000',
    stock: 0,
    minStock: 1,
  }

  it('makes a product without options its one variant', () => {
    const values = ZProductInput.parse({ ...base, leadTime: { minDays: 10, maxDays: 15 } })
    expect(variantsOf(values, 42)).toEqual([
      {
        id: 42,
        options: [],
        sku: 'RNG-1000',
        price: 100,
        stock: 0,
        minStock: 1,
        active: true,
        imageUrl: null,
        leadTime: { minDays: 10, maxDays: 15 },
      },
    ])
  })

  it('matches variant values to the options regardless of case, keeping the option’s spelling', () => {
    const values = ZProductInput.parse({
      ...base,
      options: [{ name: 'Metal', values: ['Yellow gold', 'Sterling silver'] }],
      variants: [{ options: ['yellow GOLD'], sku: 'RNG-1000-G', price: 120, stock: 1, minStock: 1 }],
    })
    expect(variantsOf(values)[0]?.options).toEqual(['Yellow gold'])
  })

  it('refuses options with repeated names or values, lead times backwards and more than three options', () => {
    const result = ZProductInput.safeParse({
      ...base,
      options: [
        { name: 'Size', values: ['5', '5'] },
        { name: 'size', values: ['6'] },
        { name: 'Metal', values: ['Gold'] },
      ],
      leadTime: { minDays: 15, maxDays: 10 },
    })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(
      expect.arrayContaining([
        "Size has '5' twice",
        "There are two options named 'size'",
        'The longest lead time cannot be shorter than the shortest',
      ]),
    )
    const four = ['Size', 'Metal', 'Chain', 'Stone'].map((name) => ({ name, values: ['A'] }))
    expect(ZProductInput.safeParse({ ...base, options: four }).error?.issues.map((issue) => issue.message)).toContain(
      'A product can have at most 3 options',
    )
  })
})
