export { type StripeErrorBody, StripeFailure } from './errors'
export type { PayOverrides } from './ledger'
export type {
  ApiList,
  Charge,
  CheckoutSession,
  LineItem,
  PaymentIntent,
  Refund,
  StripeEvent,
} from './objects'
export {
  DEFAULT_API_VERSION,
  DEFAULT_SECRET_KEY,
  DEFAULT_WEBHOOK_SECRET,
  type RecordedRequest,
  StripeStandIn,
  type StripeStandInOptions,
  startStripeStandIn,
} from './server'
export { type Delivery, type SentEvent, signatureHeader } from './webhooks'
