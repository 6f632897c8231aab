import { z } from 'zod'
import { BIDI_CONTROL, countVisibleCharacters } from './text'

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

// The one-time and verification codes (6 digits) exist as schemas; the spec does not show where they are used.
export const ZOtp = z.string().regex(/^\d{6}$/, 'OTP must be 6 digits')
export const ZVerificationCode = z.string().regex(/^\d{6}$/, 'Verification code must be 6 digits')

// --- Pages of a list ---------------------------------------------------------------------------------------------

/** Lists that grow with the shop answer one page at a time: this many rows unless asked otherwise, never more than MAX. */
export const DEFAULT_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 200
/** Far past any real list; keeps the offset a small integer. */
export const MAX_PAGE = 100_000

/** `page` (from 1) and `pageSize`, as query parameters. Every paged list answers an array and X-Total-Count. */
export const pageFields = {
  page: integerFromText(
    z
      .number({ error: 'Page must be a whole number from 1' })
      .int('Page must be a whole number from 1')
      .min(1, 'Page must be a whole number from 1')
      .max(MAX_PAGE, `Page can be at most ${MAX_PAGE}`),
  ).optional(),
  pageSize: integerFromText(
    z
      .number({ error: `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .int(`Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .min(1, `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .max(MAX_PAGE_SIZE, `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`),
  ).optional(),
}

/** A calendar day, YYYY-MM-DD (UTC), as the date-range filters take it. */
export const ZDay = z.iso.date({ error: 'Dates must be written YYYY-MM-DD' })

/** The ISO times a day range covers: from the start of `from` to the end of `to` (both days included). */
export function dayRange(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  const range: { from?: string; to?: string } = {}
  if (from) range.from = `${from}T00:00:00.000Z`
  if (to) {
    const next = new Date(`${to}T00:00:00.000Z`)
    next.setUTCDate(next.getUTCDate() + 1)
    range.to = next.toISOString()
  }
  return range
}
