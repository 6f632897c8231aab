import { z } from 'zod'
import {
  centsToMoney,
  MAX_DB_INTEGER,
  MAX_ID,
  type Money,
  moneyToCents,
  pageFields,
  visibleText,
  ZDay,
  ZEmail,
  ZId,
  ZIsoDateTime,
  ZMoney,
} from './common'
import { webLinkOf } from './display'
import { orderMoneyFields, orderRegionCheck, whenValid } from './money'
import { ZOrderPayment, ZPaymentEntry, ZPaymentMethodKind, ZPaymentStatus } from './payments'
import { MAX_PERSONALIZATION_FIELDS, ZLeadTime } from './products'
import { countryCodeOf, regionProblem } from './regions'

export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'cancelled'] as const
export const ZOrderStatus = z.enum(ORDER_STATUSES, {
  error: 'Status must be one of: pending, processing, completed, cancelled',
})
export type OrderStatus = z.infer<typeof ZOrderStatus>

/** What the buyer typed for a personalisation field, exactly as typed, and what it added to the unit price. */
export const ZOrderPersonalization = z.object({
  label: z.string(),
  value: z.string(),
  surcharge: ZMoney.nullable(),
})
export type OrderPersonalization = z.infer<typeof ZOrderPersonalization>

/** What every view of an order line shows besides name, SKU, price and quantity. */
const lineDetails = {
  /** "Size 7 / Sterling silver"; null for a product without options. */
  variantLabel: z.string().nullable(),
  personalization: z.array(ZOrderPersonalization),
  /** Made to order: ships in this many business days. Null: sent from stock. */
  leadTime: ZLeadTime.nullable(),
}

export const ZOrderItem = z.object({
  id: ZId,
  /** Null once the product has been deleted; the line keeps its name, price and SKU. */
  productId: ZId.nullable(),
  /** The variant bought; null once it has been deleted. */
  variantId: ZId.nullable(),
  name: z.string(),
  /** The unit price, personalisation surcharges included. */
  price: ZMoney,
  quantity: z.number().int(),
  /** The variant's SKU. */
  sku: z.string(),
  imageUrl: z.string().nullable(),
  ...lineDetails,
})
export type OrderItem = z.infer<typeof ZOrderItem>

/**
 * A line's total in cents: its unit price (personalisation surcharges included) times its quantity. Integer cents,
 * so 3 x 0.10 is 30 and not 30.000000000000004: nothing to round.
 */
export function lineTotalCents(item: { price: Money; quantity: number }): number {
  return moneyToCents(item.price) * item.quantity
}

/** A line's total as money: 3 x "19.99" is "59.97". The one rule of every view of a line: screens, mails, CSV, invoice. */
export function lineTotal(item: { price: Money; quantity: number }): Money {
  return centsToMoney(lineTotalCents(item))
}

export const ZOrderSummary = z.object({
  id: ZId,
  orderNumber: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerAddress: z.string().nullable(),
  status: ZOrderStatus,
  total: ZMoney,
  notes: z.string().nullable(),
  itemCount: z.number().int(),
  /** Unpaid, paid, partially_refunded or refunded (from the payments the admin records). */
  paymentStatus: ZPaymentStatus,
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
})
export type OrderSummary = z.infer<typeof ZOrderSummary>

export const ORDER_SORTS = ['newest', 'oldest', 'total-desc', 'total-asc'] as const
export type OrderSort = (typeof ORDER_SORTS)[number]

/** The filters of the admin's orders: the list and the CSV export take the same ones, so both show the same orders. */
const orderListFilters = {
  sort: z.enum(ORDER_SORTS, { error: `Sort must be one of: ${ORDER_SORTS.join(', ')}` }).default('newest'),
  status: ZOrderStatus.optional(),
  paymentStatus: ZPaymentStatus.optional(),
  q: z.string().trim().max(100, 'Search text is too long').optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
}

const isRangeInOrder = (input: { from?: string; to?: string }) => !input.from || !input.to || input.from <= input.to
const RANGE_ORDER = { message: 'The range must not end before it starts', path: ['to'] }

/**
 * GET /api/admin/orders: one page of orders, newest first unless sorted otherwise, filtered by status, by payment
 * status, by the day they were placed (from and to included) and by a search of the order number, the customer's
 * name and e-mail.
 */
export const ZAdminOrderListInput = z.object({ ...pageFields, ...orderListFilters }).refine(isRangeInOrder, RANGE_ORDER)
export type AdminOrderListInput = z.input<typeof ZAdminOrderListInput>

/** GET /api/admin/orders/export: every order the list would show with these filters, as CSV (no paging). */
export const ZAdminOrderExportInput = z.object(orderListFilters).refine(isRangeInOrder, RANGE_ORDER)
export type AdminOrderExportInput = z.input<typeof ZAdminOrderExportInput>

/**
 * An order's money as charged, computed by the server and stored with the order: total = subtotal - discount +
 * shipping, plus tax unless taxIncluded (prices included it: tax is then the part of the total that is tax); see
 * docs/decisions/0012-money-on-the-server.md. Orders placed before these existed have their total as subtotal and zero
 * elsewhere.
 */
export const ZOrderCharges = z.object({
  subtotal: ZMoney,
  discount: ZMoney,
  discountCode: z.string().nullable(),
  shipping: ZMoney,
  shippingMethod: z.string().nullable(),
  tax: ZMoney,
  taxIncluded: z.boolean(),
  country: z.string().nullable(),
  region: z.string().nullable(),
})
export type OrderCharges = z.infer<typeof ZOrderCharges>

export const ZOrder = ZOrderSummary.extend({
  items: z.array(ZOrderItem),
  charges: ZOrderCharges,
  /** The method chosen at checkout, its instructions, the payment status and the sums paid and refunded. */
  payment: ZOrderPayment,
  /** The parcel's tracking number and the carrier's tracking page, once the admin enters them. */
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
})
export type Order = z.infer<typeof ZOrder>

/**
 * The answer to placing an order: the order, and the key of its guest order page
 * (`/orders/{orderNumber}?key={accessKey}`). The key is shown once; the shop keeps only its hash. A card order also
 * carries `payUrl`, Stripe's hosted page where the buyer pays (its payment status is awaiting_payment until Stripe
 * confirms the payment); null for every other order.
 */
export const ZPlacedOrder = ZOrder.extend({ accessKey: z.string(), payUrl: z.string().nullable() })
export type PlacedOrder = z.infer<typeof ZPlacedOrder>

/** The path of an order's guest page, for whoever holds its key. */
export function guestOrderPath(orderNumber: string, accessKey: string): string {
  return `/orders/${encodeURIComponent(orderNumber)}?key=${encodeURIComponent(accessKey)}`
}

export const MAX_ORDER_LINES = 100
export const MAX_LINE_QUANTITY = 1000
/** The largest order total the shop records ($21,474,836.47): totals are kept in an integer column of cents. */
export const MAX_ORDER_TOTAL_CENTS = MAX_DB_INTEGER

/**
 * A guest's order. The server reads only productId and quantity of each line: it prices the order from the
 * database. The other fields the storefront sends (name, price, sku, imageUrl, total, orderNumber) are accepted
 * and ignored, so a client can never set its own price or order number.
 */
export const ZCreateOrderItemInput = z.object({
  productId: z
    .number({ error: 'Product id must be a positive integer' })
    .int('Product id must be a positive integer')
    .positive('Product id must be a positive integer')
    .max(MAX_ID, `Product id must be at most ${MAX_ID}`),
  quantity: z
    .number({ error: 'Quantity must be a positive integer' })
    .int('Quantity must be an integer')
    .positive('Quantity must be positive')
    .max(MAX_LINE_QUANTITY, `Quantity can be at most ${MAX_LINE_QUANTITY}`),
  /** The variant chosen: required when the product has more than one. */
  variantId: z
    .number({ error: 'Variant id must be a positive integer' })
    .int('Variant id must be a positive integer')
    .positive('Variant id must be a positive integer')
    .max(MAX_ID, `Variant id must be at most ${MAX_ID}`)
    .optional(),
  /** The buyer's text per personalisation field of the product; checked against the field on the server. */
  personalization: z
    .array(
      z.object({
        fieldId: z
          .number({ error: 'Personalisation field id must be a positive integer' })
          .int('Personalisation field id must be a positive integer')
          .positive('Personalisation field id must be a positive integer')
          .max(MAX_ID, `Personalisation field id must be at most ${MAX_ID}`),
        value: z.string({ error: 'Personalisation must be text' }).max(2000, 'Personalisation is too long'),
      }),
    )
    .max(MAX_PERSONALIZATION_FIELDS, `A line can have at most ${MAX_PERSONALIZATION_FIELDS} personalisations`)
    .optional(),
  name: z.string().max(500).optional(),
  price: z.union([z.string().max(32), z.number().positive('Price must be positive')]).optional(),
  sku: z.string().max(200).optional(),
  imageUrl: z.string().max(2048).nullish(),
})

export const ZCreateOrderInput = z
  .object({
    customerName: z
      .string({ error: 'Name must be at least 2 characters' })
      .trim()
      .max(200, 'Name must be at most 200 characters')
      .check(visibleText('Name', { min: 2, tooShort: 'Name must be at least 2 characters' })),
    customerEmail: z.string({ error: 'Please enter a valid email address' }).trim().pipe(ZEmail),
    customerAddress: z
      .string({ error: 'Please enter your full address' })
      .trim()
      .max(1000, 'Address must be at most 1000 characters')
      .check(visibleText('Address', { min: 5, tooShort: 'Please enter your full address' })),
    notes: z
      .string()
      .trim()
      .max(2000, 'Notes must be at most 2000 characters')
      .check(visibleText('Notes'))
      .nullish()
      .transform((value) => value || null),
    items: z
      .array(ZCreateOrderItemInput, { error: 'At least one item is required' })
      .min(1, 'At least one item is required')
      .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines`),
    /**
     * The spec's client figure (the lines' sum in its storefront): accepted and ignored, as any client's figures
     * are; the stored total is always the server's.
     */
    total: z.union([z.string().max(32), z.number()]).optional(),
    /**
     * The total the buyer was shown (the quote's). When given and different from what the server computes (a price
     * changed meanwhile, or the figure was tampered with), the order is refused with 409 and the new total.
     */
    expectedTotal: z.union([z.string().max(32), z.number()]).optional(),
    orderNumber: z.string().max(64).optional(),
    ...orderMoneyFields,
    /** One of the methods the shop offers (GET /api/shop); default: the first it offers, or none when it offers none. */
    paymentMethod: ZPaymentMethodKind.optional(),
  })
  .superRefine(orderRegionCheck, whenValid('country', 'region'))
export type CreateOrderInput = z.input<typeof ZCreateOrderInput>

export const MAX_TRACKING_NUMBER_LENGTH = 100

/** A tracking number: one line of visible text; empty clears it. */
export const ZTrackingNumber = z
  .string({ error: 'Tracking number must be text' })
  .trim()
  .max(MAX_TRACKING_NUMBER_LENGTH, `Tracking number must be at most ${MAX_TRACKING_NUMBER_LENGTH} characters`)
  .regex(/^[^\r\n]*$/, 'Tracking number must be on one line')
  .check(visibleText('Tracking number'))

/** The carrier's tracking page: an http(s) address; empty clears it. */
export const ZTrackingUrl = z
  .string({ error: 'Tracking link must be a web address' })
  .trim()
  .max(2048, 'Tracking link must be at most 2048 characters')
  .refine((value) => value === '' || webLinkOf(value) !== undefined, {
    message: 'Tracking link must be a web address starting with http:// or https://',
  })

/**
 * A status change. `notifyCustomer` (default on) mails the buyer when the order becomes processing, completed or
 * cancelled. The tracking number and link are optional: left out, they stay as they are; empty, they are removed.
 */
export const ZUpdateOrderStatusInput = z.object({
  id: ZId,
  status: ZOrderStatus,
  notifyCustomer: z.boolean({ error: 'Notify customer must be true or false' }).default(true),
  trackingNumber: ZTrackingNumber.nullish(),
  trackingUrl: ZTrackingUrl.nullish(),
})
export type UpdateOrderStatusInput = z.input<typeof ZUpdateOrderStatusInput>

/** The statuses whose change the buyer is told of by mail. */
export const NOTIFIED_STATUSES: readonly OrderStatus[] = ['processing', 'completed', 'cancelled']

// --- The guest order page -------------------------------------------------------------------------------------

export const ZGuestOrderInput = z.object({
  orderNumber: z.string().max(64, 'Order number must be at most 64 characters'),
  /** Missing or wrong, the order is answered as unknown. */
  key: z.string().max(200, 'Key must be at most 200 characters').optional(),
})
export type GuestOrderInput = z.infer<typeof ZGuestOrderInput>

export const ZOrderHistoryEntry = z.object({ status: ZOrderStatus, at: ZIsoDateTime })
export type OrderHistoryEntry = z.infer<typeof ZOrderHistoryEntry>

/** What the holder of an order's link sees: no ids, no admin notes, no timeline beyond the statuses. */
export const ZGuestOrder = z.object({
  orderNumber: z.string(),
  status: ZOrderStatus,
  createdAt: ZIsoDateTime,
  customerName: z.string(),
  shippingAddress: z.string().nullable(),
  items: z.array(
    z.object({
      name: z.string(),
      sku: z.string(),
      price: ZMoney,
      quantity: z.number().int(),
      lineTotal: ZMoney,
      ...lineDetails,
    }),
  ),
  total: ZMoney,
  /** Subtotal, discount, shipping and tax as charged. */
  charges: ZOrderCharges,
  /** How to pay (the instructions as given when the order was placed) and whether the shop has the money. */
  payment: ZOrderPayment.pick({ method: true, methodName: true, instructions: true, status: true }),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /** Placed (pending) first, then every status change, oldest first. */
  history: z.array(ZOrderHistoryEntry),
})
export type GuestOrder = z.infer<typeof ZGuestOrder>

/** A line as its buyer is shown it, on the guest order page and in the mails: no ids, its total worked out once. */
export type BuyerLine = GuestOrder['items'][number]
export function buyerLineOf(item: OrderItem): BuyerLine {
  const { name, sku, price, quantity, variantLabel, personalization, leadTime } = item
  return { name, sku, price, quantity, lineTotal: lineTotal(item), variantLabel, personalization, leadTime }
}

// "Order Tracking" has a module of its own, light enough for its page (no money rules, no list of regions).
export { ORDER_LOOKUP_MESSAGE, type OrderLookupInput, ZOrderLookupInput } from './order-lookup'

// --- Mails and the admin's order timeline ---------------------------------------------------------------------

export const MAIL_KINDS = ['order_placed', 'order_received', 'order_status', 'order_link', 'password_reset'] as const
export const ZMailKind = z.enum(MAIL_KINDS)
export type MailKind = z.infer<typeof ZMailKind>

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const
export const ZMailStatus = z.enum(MAIL_STATUSES)
export type MailStatus = z.infer<typeof ZMailStatus>

/** A mail of the outbox as the admin sees it on the order. */
export const ZOrderMail = z.object({
  id: ZId,
  kind: ZMailKind,
  to: z.string(),
  /** Known once the mail has been rendered for sending. */
  subject: z.string().nullable(),
  status: ZMailStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: ZIsoDateTime,
  sentAt: ZIsoDateTime.nullable(),
  /** When a pending mail is tried next. */
  nextAttemptAt: ZIsoDateTime.nullable(),
})
export type OrderMail = z.infer<typeof ZOrderMail>

const timelineBase = { at: ZIsoDateTime }
export const ZOrderTimelineEntry = z.discriminatedUnion('type', [
  z.object({ ...timelineBase, type: z.literal('placed') }),
  z.object({
    ...timelineBase,
    type: z.literal('status'),
    actor: z.string().nullable(),
    from: ZOrderStatus,
    to: ZOrderStatus,
    notified: z.boolean(),
  }),
  z.object({
    ...timelineBase,
    type: z.literal('tracking'),
    actor: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
  }),
  z.object({ ...timelineBase, type: z.literal('note'), actor: z.string().nullable(), text: z.string() }),
  ZPaymentEntry.omit({ at: true }).extend({ ...timelineBase, type: z.literal('payment') }),
  z.object({
    ...timelineBase,
    type: z.literal('mail'),
    event: z.enum(['queued', 'sent', 'failed', 'resent']),
    mailId: ZId,
    kind: ZMailKind,
    to: z.string(),
    actor: z.string().nullable(),
    /** Why the mail server refused the mail (failed only). */
    error: z.string().nullable(),
  }),
])
export type OrderTimelineEntry = z.infer<typeof ZOrderTimelineEntry>

/** An order's page in the admin: its timeline, oldest first, and its mails. */
export const ZOrderActivity = z.object({ timeline: z.array(ZOrderTimelineEntry), mails: z.array(ZOrderMail) })
export type OrderActivity = z.infer<typeof ZOrderActivity>

export const MAX_NOTE_LENGTH = 2000

/** An internal note on an order: never shown to the buyer. */
export const ZAddOrderNoteInput = z.object({
  id: ZId,
  text: z
    .string({ error: 'Note is required' })
    .trim()
    .max(MAX_NOTE_LENGTH, `Note must be at most ${MAX_NOTE_LENGTH} characters`)
    .check(visibleText('Note', { min: 1, tooShort: 'Note is required' })),
})
export type AddOrderNoteInput = z.input<typeof ZAddOrderNoteInput>

export const ZResendMailInput = z.object({ id: ZId, mailId: ZId })
export type ResendMailInput = z.infer<typeof ZResendMailInput>

/** A line of the checkout form: visible text of at least `min` characters, or the spec's message. */
const checkoutText = (label: string, min: number, tooShort: string) =>
  z.string().trim().check(visibleText(label, { min, tooShort }))

/**
 * The checkout form of the storefront. Its values become a ZCreateOrderInput. The state must be one
 * of the country's, as the order's region must (orderRegionCheck): its ISO 3166-2 code or its name. That is checked
 * once the country names a country; text that names none leaves the country to the shop's default, which only the
 * server knows and checks.
 */
export const ZCheckoutForm = z
  .object({
    name: checkoutText('Name', 2, 'Name must be at least 2 characters'),
    email: z.string().trim().pipe(z.email('Please enter a valid email address')),
    phone: z.string().trim().min(10, 'Please enter a valid phone number'),
    address: checkoutText('Address', 5, 'Please enter your full address'),
    city: checkoutText('City', 2, 'City is required'),
    state: checkoutText('State', 2, 'State is required'),
    zip: checkoutText('Zip code', 4, 'Zip code is required'),
    country: checkoutText('Country', 2, 'Country is required'),
    notes: z.string().trim().check(visibleText('Notes')).optional(),
  })
  .superRefine(
    (form, ctx) => {
      const country = countryCodeOf(form.country)
      const problem = country ? regionProblem(country, form.state, 'State') : undefined
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['state'] })
    },
    whenValid('state', 'country'),
  )
export type CheckoutForm = z.infer<typeof ZCheckoutForm>

/** The order's customerAddress: one string joining street, city, state plus zip, and country. */
export function joinCustomerAddress(form: Pick<CheckoutForm, 'address' | 'city' | 'state' | 'zip' | 'country'>) {
  return `${form.address}, ${form.city}, ${form.state} ${form.zip}, ${form.country}`
}

/** POST /api/orders/quote: what the order would cost; the same fields as placing it, contact optional. */
export const ZQuoteInput = z
  .object({
    items: ZCreateOrderInput.shape.items,
    customerEmail: z.string().trim().max(254, 'Email address is too long').optional(),
    ...orderMoneyFields,
  })
  .superRefine(orderRegionCheck, whenValid('country', 'region'))
export type QuoteInput = z.input<typeof ZQuoteInput>

/**
 * The charges of an order that is all goods (no discount, shipping or tax), as orders placed before those charges
 * existed read.
 */
export function goodsOnlyCharges(total: string): OrderCharges {
  return {
    subtotal: total,
    discount: '0.00',
    discountCode: null,
    shipping: '0.00',
    shippingMethod: null,
    tax: '0.00',
    taxIncluded: false,
    country: null,
    region: null,
  }
}
