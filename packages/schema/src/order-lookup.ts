import { z } from 'zod'
import { ZEmail } from './common'

/** The longest order number the look-up takes (the form's field stops there too). */
export const MAX_ORDER_NUMBER_LENGTH = 64

/** "Order Tracking": the link is e-mailed when the number and the address belong to one order. */
export const ZOrderLookupInput = z.object({
  orderNumber: z
    .string({ error: 'Please enter your order number' })
    .trim()
    .min(1, 'Please enter your order number')
    .max(MAX_ORDER_NUMBER_LENGTH, `Order number must be at most ${MAX_ORDER_NUMBER_LENGTH} characters`),
  email: z.string({ error: 'Please enter a valid email address' }).trim().pipe(ZEmail),
})
export type OrderLookupInput = z.infer<typeof ZOrderLookupInput>

/** The same words whether or not the order exists. */
export const ORDER_LOOKUP_MESSAGE =
  'If that order number and e-mail address belong to an order, we have sent a link to it to that address.'

/**
 * What the Order Tracking page says after its form was sent to the server as HTML sends it, before the page's code
 * has run (`/order-tracking?lookup=`): the look-up was sent, a field was invalid, or the client is past the limit.
 */
export const ORDER_LOOKUP_OUTCOMES = {
  sent: ORDER_LOOKUP_MESSAGE,
  invalid: 'Please enter your order number and the e-mail address you ordered with.',
  'too-many': 'Too many order look-ups. Please try again later.',
} as const
export type OrderLookupOutcome = keyof typeof ORDER_LOOKUP_OUTCOMES

export function orderLookupOutcomeOf(value: string | null): OrderLookupOutcome | undefined {
  return value !== null && Object.hasOwn(ORDER_LOOKUP_OUTCOMES, value) ? (value as OrderLookupOutcome) : undefined
}
