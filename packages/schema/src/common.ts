import { z } from 'zod'

/** The largest value of an integer column in both databases (PostgreSQL's `integer` is 32 bits). */
export const MAX_DB_INTEGER = 2_147_483_647

/** Ids are integer columns: a larger one cannot exist. */
export const MAX_ID = MAX_DB_INTEGER

/** A whole number written the one canonical way: decimal digits, no sign, no leading zero, nothing around. */
const CANONICAL_INTEGER = /^(0|[1-9][0-9]*)$/

/**
 * An integer that may arrive as text (a path or query parameter, a form's select): a JSON number is checked as it
 * is, text only when it is canonical digits. Number() and z.coerce also read '0x10' as 16, and '1e3', '+1', '01',
 * ' 1' as numbers, which would give one id many spellings; any other text fails `schema` as not a number.
 *
 * A preprocess, not a union of number and string: its JSON Schema (the OpenAPI document) is `schema`'s, an
 * integer, for requests and answers alike; and trpc-to-openapi, which switches coercion on for plain number
 * fields of an input, leaves a pipe alone.
 */
export function integerFromText<T extends z.ZodType<number, number>>(schema: T) {
  return (
    z
      .preprocess(
        (value: number | string): unknown =>
          typeof value === 'string' && CANONICAL_INTEGER.test(value) ? Number(value) : value,
        schema,
      )
      // zod-openapi takes a parameter to be optional when its schema starts with a transform, as this one does;
      // the value is required all the same (undefined is not a number), and a path parameter must say so.
      .meta({ param: { required: true } })
  )
}

/** A database id: a positive integer, as a JSON number or, in a path or query, as canonical digits. */
export const ZId = integerFromText(
  z
    .number({ error: 'Id must be a positive integer' })
    .int('Id must be a positive integer')
    .positive('Id must be a positive integer')
    .max(MAX_ID, `Id must be at most ${MAX_ID}`),
)

export const ZIdInput = z.object({ id: ZId })
export type IdInput = z.infer<typeof ZIdInput>

/** Money on the wire: a decimal string with exactly two places, e.g. "49.00". Cents inside. */
export const ZMoney = z.string().regex(/^-?\d+\.\d{2}$/, 'Money must be a decimal string with 2 places')
export type Money = z.infer<typeof ZMoney>

// Prices above this are almost certainly a typo (an extra zero or two) rather than a real piece.
export const MAX_PRICE_CENTS = 100_000_000

/** A price entered by a person or a client: a number or a numeric string, positive, at most 2 decimals. */
export const ZPriceInput = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, 'Price must be a number'),
    ],
    {
      error: 'Price must be a number',
    },
  )
  .transform((value) => Number(value))
  .pipe(
    z
      .number()
      .positive('Price must be positive')
      .max(MAX_PRICE_CENTS / 100, 'Price is too large')
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
        message: 'Price can have at most 2 decimal places',
      }),
  )

export const ZIsoDateTime = z.iso.datetime()

/**
 * An image reference: an absolute http(s) URL or a path on this server (uploads, demo artwork).
 * Protocol-relative `//host` paths are refused: they would load from another host.
 */
export const ZImageUrl = z
  .string()
  .trim()
  .max(2048, 'Image URL is too long')
  .regex(/^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/, 'Please enter a valid image URL starting with http:// or https://')

// Embeddings, overrides and isolates reorder how the text around them is displayed, so a name or a note could
// show something other than what it holds (the "Trojan Source" trick, CVE-2021-42574).
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u

// Characters that take no room of their own: control and format characters (zero-width spaces and joiners,
// direction marks, word joiner, BOM, soft hyphen), combining marks (they belong to the letter before them) and the
// other default-ignorable code points (Hangul fillers, variation selectors).
const ZERO_WIDTH = /[\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}]/gu
// Blank room: whitespace, and the blank Braille pattern, a favourite for names that look empty.
const BLANKS = /[\p{White_Space}\u2800]+/gu

/**
 * How many characters of the text a reader sees: zero-width characters and combining marks count for nothing,
 * a run of blanks between words counts once, blanks at either end not at all. So neither zero-width padding nor
 * stacked marks make a short text long enough, while "Gold ring!" is still 10 characters.
 */
export function countVisibleCharacters(text: string): number {
  // Blanks first: a tab or a line break is a control character too, but it separates words like a space.
  const readable = text.replace(BLANKS, ' ').replace(ZERO_WIDTH, '').replace(BLANKS, ' ').trim()
  let count = 0
  for (const _ of readable) count += 1
  return count
}

/**
 * The rules of free text that people type and others read (names, addresses, descriptions, reviews): it must
 * show something, carry no bidirectional controls, and reach `min` visible characters (empty text gets the
 * `tooShort` message, so the spec's messages stay as they are). Apply after `.trim()`; an empty optional text
 * passes.
 */
export function visibleText(label: string, options: { min?: number; tooShort?: string } = {}) {
  const { min = 0, tooShort = `${label} must be at least ${min} characters` } = options
  return z.superRefine<string>((text, ctx) => {
    if (BIDI_CONTROL.test(text)) {
      ctx.addIssue({ code: 'custom', message: `${label} must not contain bidirectional control characters` })
    }
    const visible = countVisibleCharacters(text)
    if (text.length > 0 && visible === 0) {
      ctx.addIssue({ code: 'custom', message: `${label} must contain visible characters` })
    } else if (visible < min) {
      ctx.addIssue({ code: 'custom', message: tooShort })
    }
  })
}

export const ZEmail = z.email('Please enter a valid email address').max(254, 'Email address is too long')

/** The error body of every 4xx/5xx answer of the API. */
export const ZApiError = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
})
export type ApiError = z.infer<typeof ZApiError>

/** Formats integer cents as the wire's money string: 4900 -> "49.00". */
export function centsToMoney(cents: number): Money {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.trunc(cents))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** Parses a money string or number into integer cents: "49.9" -> 4990. */
export function moneyToCents(value: string | number): number {
  return Math.round(Number(value) * 100)
}

// Spec point 5: one-time and verification codes exist as schemas; their use is not shown.
export const ZOtp = z.string().regex(/^\d{6}$/, 'OTP must be 6 digits')
export const ZVerificationCode = z.string().regex(/^\d{6}$/, 'Verification code must be 6 digits')
