import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { MAX_ID, visibleText, ZId, ZIdInput } from './common'
import { ZProductInput, ZProductListInput } from './products'

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? []

describe('ids', () => {
  it('accepts JSON integers and canonical decimal strings', () => {
    expect(ZId.parse(16)).toBe(16)
    expect(ZId.parse('16')).toBe(16)
    expect(ZId.parse('1')).toBe(1)
    expect(ZId.parse(String(MAX_ID))).toBe(MAX_ID)
    expect(ZIdInput.parse({ id: '42' })).toEqual({ id: 42 })
  })

  it.each([
    '0x10',
    '1e3',
    '+1',
    '01',
    '00',
    ' 1',
    '1 ',
    '1.0',
    '1.5',
    '0b1',
    '0o7',
    '１２',
    '',
    '0',
    '-1',
    'abc',
    'Infinity',
  ])('refuses the text %j with "Id must be a positive integer"', (text) => {
    const result = ZId.safeParse(text)
    expect(result.success).toBe(false)
    expect(messages(result)[0]).toBe('Id must be a positive integer')
  })

  it.each([0, -1, 1.5, Number.NaN, true, null, undefined, [], {}])('refuses %j as an id', (value) => {
    const result = ZId.safeParse(value)
    expect(result.success).toBe(false)
    expect(messages(result)[0]).toBe('Id must be a positive integer')
  })

  it('refuses an id beyond what an integer column holds', () => {
    expect(messages(ZId.safeParse(MAX_ID + 1))).toEqual([`Id must be at most ${MAX_ID}`])
    expect(messages(ZId.safeParse(String(MAX_ID + 1)))).toEqual([`Id must be at most ${MAX_ID}`])
  })

  it('describes an id as an integer in JSON Schema, for requests and answers alike', () => {
    const expected = { type: 'integer', exclusiveMinimum: 0, maximum: MAX_ID }
    expect(z.toJSONSchema(ZId, { io: 'input' })).toMatchObject(expected)
    expect(z.toJSONSchema(ZId, { io: 'output' })).toMatchObject(expected)
  })

  it("reads a product's category the same way: a JSON integer or canonical digits (the form's select holds text)", () => {
    const product = {
      name: 'Cross Pendant',
      description: 'A sterling silver cross.',
      price: 49,
      imageUrls: ['/uploads/a.jpg'],
      sku: 'NEC-0001',
      stock: 1,
      minStock: 1,
    }
    expect(ZProductInput.parse({ ...product, categoryId: 3 }).categoryId).toBe(3)
    expect(ZProductInput.parse({ ...product, categoryId: '3' }).categoryId).toBe(3)
    for (const categoryId of ['0x3', '3e0', '+3', '03', '', null, 0]) {
      expect(messages(ZProductInput.safeParse({ ...product, categoryId })), String(categoryId)).toEqual([
        'Please select a category',
      ])
    }
  })

  it('reads the product list limit of a query string only as canonical digits', () => {
    expect(ZProductListInput.parse({ limit: '12' }).limit).toBe(12)
    expect(ZProductListInput.parse({ limit: 12 }).limit).toBe(12)
    expect(ZProductListInput.parse({}).limit).toBeUndefined()
    for (const limit of ['0x10', '1e1', '+5', '05', '', '0', '101']) {
      expect(ZProductListInput.safeParse({ limit }).success, limit).toBe(false)
    }
  })
})

describe('visible text', () => {
  const ZName = z
    .string()
    .trim()
    .check(visibleText('Name', { min: 2, tooShort: 'Name must be at least 2 characters' }))

  it('accepts ordinary text in any script, with accents and emoji', () => {
    for (const text of ['Mary', 'Jo', 'Łukasz', 'Жанна', 'שרה', 'محمد', '李雷', 'Zoë', 'Ze\u0301', 'Ann 🙂']) {
      expect(ZName.safeParse(text).success, text).toBe(true)
    }
  })

  it.each([
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['zero-width joiners and non-joiners', '\u200C\u200D\u200C'],
    ['direction marks', '\u200E\u200F\u200E'],
    ['word joiners', '\u2060\u2060'],
    ['byte order marks', '\uFEFF\u200B\uFEFF'],
    ['soft hyphens', '\u00AD\u00AD\u00AD'],
    ['control characters', '\u0001\u0007\u001B'],
    ['combining marks alone', '\u0301\u0308\u0327'],
    ['Hangul fillers', '\u3164\u3164'],
    ['no-break and ideographic spaces around a zero-width space', '\u00A0\u200B\u3000'],
  ])('refuses a name made only of %s', (_, text) => {
    expect(messages(ZName.safeParse(text))).toEqual(['Name must contain visible characters'])
  })

  it('keeps the length message for an empty or blank name', () => {
    expect(messages(ZName.safeParse(''))).toEqual(['Name must be at least 2 characters'])
    expect(messages(ZName.safeParse('   '))).toEqual(['Name must be at least 2 characters'])
  })

  it('counts only visible characters towards the minimum length', () => {
    expect(messages(ZName.safeParse('M\u200B'))).toEqual(['Name must be at least 2 characters'])
    expect(messages(ZName.safeParse('M\u0301'))).toEqual(['Name must be at least 2 characters'])
    expect(ZName.safeParse('M\u200Bo').success).toBe(true)
  })

  it('counts the blanks between words once per run, as a reader would', () => {
    const ZDescription = z
      .string()
      .trim()
      .check(visibleText('Description', { min: 10, tooShort: 'Description must be at least 10 characters' }))
    expect(ZDescription.safeParse('Gold ring!').success).toBe(true)
    expect(ZDescription.safeParse('Gold\nring!').success).toBe(true)
    expect(ZDescription.safeParse('Gold\u200B \u200Bring!').success).toBe(true)
    expect(messages(ZDescription.safeParse('Gold     ring'))).toEqual(['Description must be at least 10 characters'])
    expect(messages(ZDescription.safeParse('Gold ring \u200B'))).toEqual(['Description must be at least 10 characters'])
  })

  it.each(['U+202A', 'U+202B', 'U+202C', 'U+202D', 'U+202E', 'U+2066', 'U+2067', 'U+2068', 'U+2069'])(
    'refuses text carrying the bidirectional control %s',
    (codePoint) => {
      const control = String.fromCodePoint(Number.parseInt(codePoint.slice(2), 16))
      expect(messages(ZName.safeParse(`Mary ${control}Smith`))).toEqual([
        'Name must not contain bidirectional control characters',
      ])
    },
  )
})
