/**
 * The JSON objects the stand-in answers and puts in events, shaped after Stripe's API reference for the fields a
 * shop reads. Fields the stand-in has no use for are present with Stripe's empty value (`null`, `[]`, `{}`) when
 * they are common; rarer ones are left out.
 */
import type { Metadata } from './params'

export interface ApiList<T> {
  object: 'list'
  data: T[]
  has_more: boolean
  url: string
}

export interface Price {
  id: string
  object: 'price'
  active: boolean
  billing_scheme: 'per_unit'
  created: number
  currency: string
  livemode: false
  lookup_key: null
  metadata: Metadata
  nickname: null
  product: string
  recurring: null
  tax_behavior: 'unspecified'
  type: 'one_time'
  unit_amount: number
  unit_amount_decimal: string
}

export interface LineItem {
  id: string
  object: 'item'
  amount_discount: number
  amount_subtotal: number
  amount_tax: number
  amount_total: number
  currency: string
  description: string
  metadata: Metadata
  price: Price
  quantity: number
}

export interface ShippingOption {
  shipping_amount: number
  shipping_rate: string
}

export interface CustomerDetails {
  address: null
  email: string | null
  name: string | null
  phone: null
  tax_exempt: 'none'
  tax_ids: []
}

export interface CheckoutSession {
  id: string
  object: 'checkout.session'
  after_expiration: null
  allow_promotion_codes: null
  amount_subtotal: number
  amount_total: number
  automatic_tax: { enabled: false; liability: null; status: null }
  billing_address_collection: null
  cancel_url: string | null
  client_reference_id: string | null
  client_secret: null
  created: number
  currency: string
  custom_fields: []
  customer: null
  customer_creation: 'if_required'
  customer_details: CustomerDetails | null
  customer_email: string | null
  discounts: []
  expires_at: number
  line_items?: ApiList<LineItem>
  livemode: false
  locale: null
  metadata: Metadata
  mode: 'payment'
  payment_intent: string | PaymentIntent | null
  payment_link: null
  payment_method_collection: 'if_required'
  payment_method_types: string[]
  payment_status: 'paid' | 'unpaid'
  phone_number_collection: { enabled: false }
  shipping_address_collection: null
  shipping_cost: {
    amount_subtotal: number
    amount_tax: number
    amount_total: number
    shipping_rate: string
  } | null
  shipping_options: ShippingOption[]
  status: 'open' | 'complete' | 'expired'
  submit_type: null
  success_url: string | null
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number }
  ui_mode: 'hosted'
  url: string | null
}

export interface PaymentError {
  type: 'card_error'
  code: string
  decline_code: string
  message: string
  payment_method: { id: string; object: 'payment_method'; type: 'card' }
}

export interface PaymentIntent {
  id: string
  object: 'payment_intent'
  amount: number
  amount_capturable: number
  amount_received: number
  canceled_at: number | null
  cancellation_reason: string | null
  capture_method: 'automatic_async'
  client_secret: string
  confirmation_method: 'automatic'
  created: number
  currency: string
  customer: null
  description: string | null
  last_payment_error: PaymentError | null
  latest_charge: string | Charge | null
  livemode: false
  metadata: Metadata
  payment_method: string | null
  payment_method_types: string[]
  receipt_email: string | null
  status: 'requires_payment_method' | 'succeeded' | 'canceled'
}

export interface Charge {
  id: string
  object: 'charge'
  amount: number
  amount_captured: number
  amount_refunded: number
  balance_transaction: string
  billing_details: { address: null; email: string | null; name: string | null; phone: null }
  captured: boolean
  created: number
  currency: string
  customer: null
  description: string | null
  disputed: boolean
  failure_code: null
  failure_message: null
  livemode: false
  metadata: Metadata
  paid: boolean
  payment_intent: string
  payment_method: string
  payment_method_details: {
    type: 'card'
    card: { brand: 'visa'; country: 'US'; exp_month: number; exp_year: number; funding: 'credit'; last4: '4242' }
  }
  receipt_email: string | null
  refunded: boolean
  /** Only when asked for with `expand[]=refunds`: Stripe stopped sending it by default in API version 2022-11-15. */
  refunds?: ApiList<Refund>
  status: 'succeeded'
}

export type RefundReason = 'duplicate' | 'fraudulent' | 'requested_by_customer'

export interface Refund {
  id: string
  object: 'refund'
  amount: number
  balance_transaction: string
  charge: string
  created: number
  currency: string
  metadata: Metadata
  payment_intent: string
  reason: RefundReason | null
  receipt_number: null
  status: 'succeeded'
}

export interface StripeEvent {
  id: string
  object: 'event'
  api_version: string
  created: number
  data: { object: unknown }
  livemode: false
  pending_webhooks: number
  request: { id: string | null; idempotency_key: string | null }
  type: string
}
