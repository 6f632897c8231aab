import { z } from 'zod'

/** The largest value of an integer column in both databases (PostgreSQL's `integer` is 32 bits). */
export const MAX_DB_INTEGER = 2_147_483_647

/** Ids are integer columns: a larger one cannot exist. */
export const MAX_ID = MAX_DB_INTEGER

/** A database id: a positive integer. Path parameters arrive as strings and are coerced. */
export const ZId = z.coerce
  .number({ error: 'Id must be a positive integer' })
  .int('Id must be a positive integer')
  .positive('Id must be a positive integer')
  .max(MAX_ID, `Id must be at most ${MAX_ID}`)

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
