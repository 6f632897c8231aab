import { z } from 'zod'
import { MAX_DB_INTEGER, visibleText, ZId, ZIsoDateTime, ZMoney } from './common'
import { regionProblem } from './regions'

/**
 * Money settings (docs/decisions/0012-money-on-the-server.md): shipping zones and their methods, tax rates, the price
 * basis, the currency and the discount codes. Amounts are integer cents in the database and decimal strings with two
 * places on the wire.
 */

/** The largest amount a setting may hold ($21,474,836.47): the database's integer column of cents. */
export const MAX_SETTING_CENTS = MAX_DB_INTEGER

/** A non-negative amount typed by a person: "12", "12.5", "12.50" or a number; zero allowed (free shipping). */
export const ZAmountInput = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, 'Amount must be a number'),
    ],
    {
      error: 'Amount must be a number',
    },
  )
  .transform((value) => Number(value))
  .pipe(
    z
      .number()
      .min(0, 'Amount must not be negative')
      .max(MAX_SETTING_CENTS / 100, `Amount can be at most ${MAX_SETTING_CENTS / 100}`)
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
        message: 'Amount can have at most 2 decimal places',
      }),
  )
  .transform((value) => Math.round(value * 100))

/** ISO 4217: three capital letters the runtime knows ("USD", "EUR"). */
export const ZCurrency = z
  .string({ error: 'Currency must be an ISO 4217 code such as USD' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Currency must be an ISO 4217 code such as USD')
  .refine(
    (code) => {
      try {
        return typeof Intl.supportedValuesOf !== 'function' || Intl.supportedValuesOf('currency').includes(code)
      } catch {
        return false
      }
    },
    { message: 'Currency must be an ISO 4217 code such as USD' },
  )

/** ISO 3166-1 alpha-2 ("US", "DE"). */
export const ZCountryCode = z
  .string({ error: 'Country must be a two-letter code such as US' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Country must be a two-letter code such as US')

/**
 * A state or region as the address names it ("CA", "Bavaria"); compared without regard to case. An order's must be
 * one of its country's (orderRegionCheck).
 */
export const ZRegion = z
  .string({ error: 'State must be text' })
  .trim()
  .max(60, 'State must be at most 60 characters')
  .regex(/^[^\r\n,]*$/, 'State must be on one line, without commas')

/** Where a zone ships: a country ("US") or one of its states ("US-CA"). */
export const ZArea = z
  .string({ error: 'Areas must be country codes such as US or US-CA' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}(-[^\r\n,]{1,60})?$/, 'Areas must be country codes such as US, or a state such as US-CA')

const label = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .regex(/^[^\r\n]*$/, `${name} must be on one line`)
    .check(visibleText(name, { min: 1, tooShort: `${name} is required` }))

// --- The price basis and the currency -------------------------------------------------------------------------

export const ZMoneySettingsInput = z.object({
  currency: ZCurrency,
  /** The country an order ships to when the client names none (the spec's checkout sends one address string). */
  defaultCountry: ZCountryCode,
  /** True: catalogue prices include tax (tax is the part of the price); false: tax is added on top. */
  pricesIncludeTax: z.boolean({ error: 'Prices include tax must be true or false' }),
})
export type MoneySettingsInput = z.input<typeof ZMoneySettingsInput>
export type MoneySettingsValues = z.output<typeof ZMoneySettingsInput>
export const ZMoneySettings = z.object({
  currency: z.string(),
  defaultCountry: z.string(),
  pricesIncludeTax: z.boolean(),
})
export type MoneySettings = z.infer<typeof ZMoneySettings>

// --- Shipping -------------------------------------------------------------------------------------------------

export const MAX_ZONE_METHODS = 20
export const MAX_ZONE_AREAS = 300

export const ZShippingMethodInput = z.object({
  name: label('Method name', 100),
  price: ZAmountInput,
  /** Orders whose goods (after the discount) reach this amount ship free; null: never free. */
  freeOver: ZAmountInput.nullish().transform((value) => value ?? null),
  /** "3-5 business days"; null: none shown. */
  estimate: label('Delivery estimate', 100)
    .nullish()
    .transform((value) => value ?? null),
})

export const ZShippingZoneInput = z.object({
  name: label('Zone name', 100),
  areas: z
    .array(ZArea, { error: 'Areas must be a list of country codes' })
    .min(1, 'A zone needs at least one country')
    .max(MAX_ZONE_AREAS, `A zone can have at most ${MAX_ZONE_AREAS} areas`),
  methods: z
    .array(ZShippingMethodInput, { error: 'Methods must be a list' })
    .min(1, 'A zone needs at least one shipping method')
    .max(MAX_ZONE_METHODS, `A zone can have at most ${MAX_ZONE_METHODS} methods`),
})
export type ShippingZoneInput = z.input<typeof ZShippingZoneInput>
export type ShippingZoneValues = z.output<typeof ZShippingZoneInput>
export const ZUpdateShippingZoneInput = ZShippingZoneInput.extend({ id: ZId })

export const ZShippingMethod = z.object({
  id: ZId,
  name: z.string(),
  price: ZMoney,
  freeOver: ZMoney.nullable(),
  estimate: z.string().nullable(),
})
export type ShippingMethod = z.infer<typeof ZShippingMethod>
export const ZShippingZone = z.object({
  id: ZId,
  name: z.string(),
  areas: z.array(z.string()),
  methods: z.array(ZShippingMethod),
})
export type ShippingZone = z.infer<typeof ZShippingZone>

// --- Tax ------------------------------------------------------------------------------------------------------

/** Rates are kept in hundredths of a percent: 8.25% is 825. */
export const MAX_TAX_RATE_BP = 10_000

export const ZTaxRateInput = z.object({
  name: label('Tax name', 100),
  country: ZCountryCode,
  /** Null: the whole country. */
  region: ZRegion.nullish().transform((value) => value || null),
  /** "8.25" (percent, at most two decimals, 0 to 100). */
  rate: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d+(\.\d+)?$/, 'Rate must be a percentage such as 8.25'),
      ],
      {
        error: 'Rate must be a percentage such as 8.25',
      },
    )
    .transform((value) => Number(value))
    .pipe(
      z
        .number()
        .min(0, 'Rate must not be negative')
        .max(100, 'Rate can be at most 100%')
        .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
          message: 'Rate can have at most 2 decimal places',
        }),
    )
    .transform((value) => Math.round(value * 100)),
  appliesToShipping: z.boolean({ error: 'Applies to shipping must be true or false' }).default(false),
})
export type TaxRateInput = z.input<typeof ZTaxRateInput>
export type TaxRateValues = z.output<typeof ZTaxRateInput>
export const ZUpdateTaxRateInput = ZTaxRateInput.extend({ id: ZId })

export const ZTaxRate = z.object({
  id: ZId,
  name: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  /** "8.25" percent. */
  rate: z.string(),
  appliesToShipping: z.boolean(),
})
export type TaxRate = z.infer<typeof ZTaxRate>

/** "8.25" from 825. */
export function rateText(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`
}

// --- Discount codes -------------------------------------------------------------------------------------------

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const
export const ZDiscountKind = z.enum(DISCOUNT_KINDS, { error: 'Kind must be percent or fixed' })
export type DiscountKind = z.infer<typeof ZDiscountKind>

export const ZDiscountCode = z
  .string({ error: 'Code is required' })
  .trim()
  .toUpperCase()
  .min(1, 'Code is required')
  .max(40, 'Code must be at most 40 characters')
  .regex(/^[A-Z0-9_-]+$/, 'Codes use letters, digits, - and _ only')

export const ZDiscountInput = z
  .object({
    code: ZDiscountCode,
    kind: ZDiscountKind,
    /** Percent ("10", "12.5") for percent codes, an amount ("12.00") for fixed ones. */
    value: z.union([z.number(), z.string().trim()], { error: 'Value must be a number' }),
    minSubtotal: ZAmountInput.nullish().transform((value) => value ?? null),
    startsAt: ZIsoDateTime.nullish().transform((value) => value ?? null),
    endsAt: ZIsoDateTime.nullish().transform((value) => value ?? null),
    /** How many orders may use the code in all; null: no limit. */
    maxUses: z
      .number({ error: 'Use limit must be a whole number' })
      .int('Use limit must be a whole number')
      .positive('Use limit must be at least 1')
      .max(MAX_DB_INTEGER, 'Use limit is too large')
      .nullish()
      .transform((value) => value ?? null),
    oncePerEmail: z.boolean({ error: 'Once per e-mail must be true or false' }).default(false),
    active: z.boolean({ error: 'Active must be true or false' }).default(true),
  })
  .superRefine((input, ctx) => {
    const amount = discountAmountOf(input.value)
    if (amount === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Value must be a positive number', path: ['value'] })
    } else if (input.kind === 'percent' && amount > 10_000) {
      ctx.addIssue({ code: 'custom', message: 'A percentage can be at most 100', path: ['value'] })
    } else if (amount > MAX_SETTING_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'Value is too large', path: ['value'] })
    }
    if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) {
      ctx.addIssue({ code: 'custom', message: 'The code must end after it starts', path: ['endsAt'] })
    }
  })

/**
 * A code's value as kept: percent in hundredths of a percent, fixed in cents (both are the number times 100);
 * undefined when it is not a positive number with at most two decimals.
 */
export function discountAmountOf(value: string | number): number | undefined {
  const text = String(value).trim()
  if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) <= 0) return undefined
  return Math.round(Number(text) * 100)
}
export type DiscountInput = z.input<typeof ZDiscountInput>
export type DiscountValues = z.output<typeof ZDiscountInput>
export const ZUpdateDiscountInput = ZDiscountInput.safeExtend({ id: ZId })

export const ZDiscount = z.object({
  id: ZId,
  code: z.string(),
  kind: ZDiscountKind,
  /** "10.00" (percent) or "12.00" (amount). */
  value: z.string(),
  minSubtotal: ZMoney.nullable(),
  startsAt: ZIsoDateTime.nullable(),
  endsAt: ZIsoDateTime.nullable(),
  maxUses: z.number().int().nullable(),
  oncePerEmail: z.boolean(),
  active: z.boolean(),
  /** Orders that used it so far. */
  uses: z.number().int(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
})
export type Discount = z.infer<typeof ZDiscount>

// --- The quote ------------------------------------------------------------------------------------------------

/** What the checkout adds to an order besides the spec's fields; all optional, with the shop's defaults. */
export const orderMoneyFields = {
  /** ISO 3166-1 alpha-2; default: the shop's default country. */
  country: ZCountryCode.optional(),
  /** The state, where zones or rates depend on it. */
  region: ZRegion.optional(),
  /** A method of the zone that covers the address; default: its first method. */
  shippingMethodId: ZId.optional(),
  discountCode: z
    .string({ error: 'Code must be text' })
    .trim()
    .max(40, 'Code must be at most 40 characters')
    .transform((value) => (value ? value.toUpperCase() : undefined))
    .optional(),
}

/**
 * An order's region must be a state of its country (regions.ts), so that it is taxed and shipped as that state and
 * never at the country's rate by mistake. Without a country the shop's default country applies, which only the
 * server knows: it checks that case when it prices the order.
 */
export function orderRegionCheck(input: { country?: string; region?: string }, ctx: z.RefinementCtx): void {
  if (!input.country || !input.region) return
  const problem = regionProblem(input.country, input.region)
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['region'] })
}

/**
 * Run a check across an object's fields once those fields are valid themselves, whatever the others: a field gets
 * one message at a time, and a form shows it however the rest is filled in.
 */
export function whenValid(...fields: string[]) {
  return {
    when: (payload: { value: unknown; issues: ReadonlyArray<{ path?: readonly PropertyKey[] }> }) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !payload.issues.some((issue) => fields.includes(String(issue.path?.[0]))),
  }
}

export const ZQuote = z.object({
  currency: z.string(),
  subtotal: ZMoney,
  discount: ZMoney,
  /** The code applied, or null. */
  discountCode: z.string().nullable(),
  /** "Code applied: -$12.00", or why the code does not apply; null without a code. */
  discountMessage: z.string().nullable(),
  discountApplied: z.boolean(),
  shipping: ZMoney,
  /** The method charged; null when the shop has no shipping zones (shipping is free). */
  shippingMethod: ZShippingMethod.nullable(),
  /** The methods that apply to the address, with the price each would cost this order. */
  shippingMethods: z.array(ZShippingMethod.extend({ cost: ZMoney })),
  tax: ZMoney,
  /** True when prices include tax: the tax is part of the total, not added to it. */
  taxIncluded: z.boolean(),
  taxName: z.string().nullable(),
  total: ZMoney,
  country: z.string(),
  region: z.string().nullable(),
})
export type Quote = z.infer<typeof ZQuote>
