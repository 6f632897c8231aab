import { z } from 'zod'
import { MAX_DB_INTEGER, MAX_ID, visibleText, ZEmail, ZId, ZIsoDateTime, ZMoney } from './common'

export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'cancelled'] as const
export const ZOrderStatus = z.enum(ORDER_STATUSES, {
  error: 'Status must be one of: pending, processing, completed, cancelled',
})
export type OrderStatus = z.infer<typeof ZOrderStatus>

export const ZOrderItem = z.object({
  id: ZId,
  /** Null once the product has been deleted; the line keeps its name, price and SKU. */
  productId: ZId.nullable(),
  name: z.string(),
  price: ZMoney,
  quantity: z.number().int(),
  sku: z.string(),
  imageUrl: z.string().nullable(),
})
export type OrderItem = z.infer<typeof ZOrderItem>

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
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
})
export type OrderSummary = z.infer<typeof ZOrderSummary>

export const ZOrder = ZOrderSummary.extend({ items: z.array(ZOrderItem) })
export type Order = z.infer<typeof ZOrder>

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
  name: z.string().max(500).optional(),
  price: z.union([z.string().max(32), z.number().positive('Price must be positive')]).optional(),
  sku: z.string().max(200).optional(),
  imageUrl: z.string().max(2048).nullish(),
})

export const ZCreateOrderInput = z.object({
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
  total: z.union([z.string().max(32), z.number()]).optional(),
  orderNumber: z.string().max(64).optional(),
})
export type CreateOrderInput = z.input<typeof ZCreateOrderInput>

export const ZUpdateOrderStatusInput = z.object({ id: ZId, status: ZOrderStatus })
export type UpdateOrderStatusInput = z.infer<typeof ZUpdateOrderStatusInput>

/** A line of the checkout form: visible text of at least `min` characters, or the spec's message. */
const checkoutText = (label: string, min: number, tooShort: string) =>
  z.string().trim().check(visibleText(label, { min, tooShort }))

/** The checkout form of the storefront (spec point 5). Its values become a ZCreateOrderInput. */
export const ZCheckoutForm = z.object({
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
export type CheckoutForm = z.infer<typeof ZCheckoutForm>

/** Spec point 3: one string joining street, city, state plus zip, and country. */
export function joinCustomerAddress(form: Pick<CheckoutForm, 'address' | 'city' | 'state' | 'zip' | 'country'>) {
  return `${form.address}, ${form.city}, ${form.state} ${form.zip}, ${form.country}`
}
