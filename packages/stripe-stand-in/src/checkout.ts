import { formatAmount, isCurrency, MAX_AMOUNT, minimumCharge } from './currency'
import { invalidRequest, noSuch } from './errors'
import { newId } from './ids'
import type { CheckoutSession, LineItem, ShippingOption } from './objects'
import type { Metadata, ParamReader } from './params'

/** A Checkout Session may expire no sooner than 30 minutes and no later than 24 hours after it is created. */
const EXPIRES_MIN_SECONDS = 30 * 60
const EXPIRES_MAX_SECONDS = 24 * 60 * 60
/** Leeway for the client's clock and the trip: a client that asks for exactly 30 minutes is not refused. */
const EXPIRES_LEEWAY_SECONDS = 5
/** Stripe takes at most 100 line items in payment mode, and at most 5 shipping options. */
const MAX_LINE_ITEMS = 100
const MAX_SHIPPING_OPTIONS = 5
const MAX_QUANTITY = 999_999

/** What the stand-in keeps of a session beyond its JSON: what the payment intent will be made with. */
export interface SessionRecord {
  session: CheckoutSession
  lineItems: LineItem[]
  paymentIntentData: { metadata: Metadata; description: string | null; receiptEmail: string | null }
  shippingName: string | null
}

function checkUrl(params: ParamReader, key: string): string | null {
  const value = params.string(key, { max: 5000 })
  if (value === undefined) return null
  let url: URL | null = null
  try {
    // The `{CHECKOUT_SESSION_ID}` placeholder is allowed; braces are not valid in a URL until it is filled in.
    url = new URL(value.replaceAll('{CHECKOUT_SESSION_ID}', 'cs_test_placeholder'))
  } catch {
    url = null
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw invalidRequest('Not a valid URL', { param: params.name(key), code: 'url_invalid' })
  }
  return value
}

function checkEmail(params: ParamReader, key: string): string | null {
  const value = params.string(key, { max: 800 })
  if (value === undefined) return null
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    throw invalidRequest(`Invalid email address: ${value}`, { param: params.name(key), code: 'email_invalid' })
  }
  return value
}

function readCurrency(params: ParamReader, key: string): string {
  const value = (params.string(key, { required: true }) as string).toLowerCase()
  if (!isCurrency(value)) {
    throw invalidRequest(`Invalid currency: ${value}. Stripe takes a lowercase three-letter ISO currency code.`, {
      param: params.name(key),
    })
  }
  return value
}

interface DraftLineItem {
  name: string
  description: string | null
  productMetadata: Metadata
  currency: string
  unitAmount: number
  quantity: number
  metadata: Metadata
}

function readLineItem(item: ParamReader): DraftLineItem {
  const priceId = item.string('price')
  const priceData = item.hashOf('price_data')
  if (priceId !== undefined) {
    // The stand-in keeps no catalogue of Prices, so a Price id names nothing here.
    throw noSuch('price', priceId, item.name('price'))
  }
  if (!priceData) {
    throw invalidRequest(`You must specify either \`price\` or \`price_data\` in ${item.path}.`, {
      param: item.name('price_data'),
    })
  }
  const quantity = item.integer('quantity', { required: true, min: 1, max: MAX_QUANTITY }) as number
  const metadata = item.metadata()
  item.done()

  const currency = readCurrency(priceData, 'currency')
  const unitAmount = priceData.integer('unit_amount', { required: true, min: 0, max: MAX_AMOUNT }) as number
  if (priceData.has('product')) {
    const productId = priceData.string('product')
    throw noSuch('product', productId ?? '', priceData.name('product'))
  }
  const product = priceData.hashOf('product_data', { required: true }) as ParamReader
  priceData.done()

  const name = product.string('name', { required: true, max: 250 }) as string
  const description = product.string('description', { max: 40000 }) ?? null
  product.listOfStrings('images')
  const productMetadata = product.metadata()
  product.done()
  return { name, description, productMetadata, currency, unitAmount, quantity, metadata }
}

interface DraftShipping {
  name: string
  amount: number
  currency: string
}

function readShippingOption(option: ParamReader): DraftShipping {
  const rateId = option.string('shipping_rate')
  if (rateId !== undefined) throw noSuch('shipping_rate', rateId, option.name('shipping_rate'))
  const data = option.hashOf('shipping_rate_data', { required: true }) as ParamReader
  option.done()
  const name = data.string('display_name', { required: true, max: 100 }) as string
  data.choice('type', ['fixed_amount'] as const)
  const fixed = data.hashOf('fixed_amount', { required: true }) as ParamReader
  data.metadata()
  data.done()
  const amount = fixed.integer('amount', { required: true, min: 0, max: MAX_AMOUNT }) as number
  const currency = readCurrency(fixed, 'currency')
  fixed.done()
  return { name, amount, currency }
}

/**
 * Checks the parameters of `POST /v1/checkout/sessions` the way Stripe does for the ones the stand-in supports, and
 * builds the open session. Throws a `StripeFailure` (400) on the first problem.
 */
export function createSession(params: ParamReader, options: { now: number; baseUrl: string }): SessionRecord {
  const { now } = options
  const mode = params.choice('mode', ['payment', 'setup', 'subscription'] as const, { required: true })
  if (mode !== 'payment') {
    throw invalidRequest(`The stand-in supports only mode=payment, not mode=${mode}.`, { param: 'mode' })
  }
  const successUrl = checkUrl(params, 'success_url')
  const cancelUrl = checkUrl(params, 'cancel_url')
  const clientReferenceId = params.string('client_reference_id', { max: 200 }) ?? null
  const customerEmail = checkEmail(params, 'customer_email')
  const metadata = params.metadata()

  const paymentMethodTypes = params.listOfStrings('payment_method_types') ?? ['card']
  paymentMethodTypes.forEach((type, index) => {
    if (type !== 'card') {
      throw invalidRequest(`The stand-in takes only card payments, not ${type}.`, {
        param: `payment_method_types[${index}]`,
      })
    }
  })

  let expiresAt = now + EXPIRES_MAX_SECONDS
  const askedExpiry = params.integer('expires_at')
  if (askedExpiry !== undefined) {
    if (askedExpiry < now + EXPIRES_MIN_SECONDS - EXPIRES_LEEWAY_SECONDS) {
      throw invalidRequest('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', {
        param: 'expires_at',
      })
    }
    if (askedExpiry > now + EXPIRES_MAX_SECONDS + EXPIRES_LEEWAY_SECONDS) {
      throw invalidRequest('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', {
        param: 'expires_at',
      })
    }
    expiresAt = askedExpiry
  }

  const intentParams = params.hashOf('payment_intent_data')
  const paymentIntentData = {
    metadata: {} as Metadata,
    description: null as string | null,
    receiptEmail: null as string | null,
  }
  if (intentParams) {
    paymentIntentData.metadata = intentParams.metadata()
    paymentIntentData.description = intentParams.string('description', { max: 1000 }) ?? null
    paymentIntentData.receiptEmail = checkEmail(intentParams, 'receipt_email')
    intentParams.done()
  }

  const items = (params.listOfHashes('line_items', { required: true, max: MAX_LINE_ITEMS }) ?? []).map(readLineItem)
  if (items.length === 0) throw invalidRequest('Missing required param: line_items.', { param: 'line_items' })
  const currency = (items[0] as DraftLineItem).currency
  items.forEach((item, index) => {
    if (item.currency !== currency) {
      throw invalidRequest(
        `All line items must use the same currency: line_items[0] is in ${currency}, line_items[${index}] in ${item.currency}.`,
        { param: `line_items[${index}][price_data][currency]` },
      )
    }
  })

  const shipping = (params.listOfHashes('shipping_options', { max: MAX_SHIPPING_OPTIONS }) ?? []).map(
    readShippingOption,
  )
  shipping.forEach((option, index) => {
    if (option.currency !== currency) {
      throw invalidRequest(
        `The shipping rate's currency (${option.currency}) must match the currency of the line items (${currency}).`,
        { param: `shipping_options[${index}][shipping_rate_data][fixed_amount][currency]` },
      )
    }
  })

  params.listOfStrings('expand')
  params.done()

  const id = newId.checkoutSession()
  const lineItems: LineItem[] = items.map((item) => {
    const total = item.unitAmount * item.quantity
    return {
      id: newId.lineItem(),
      object: 'item',
      amount_discount: 0,
      amount_subtotal: total,
      amount_tax: 0,
      amount_total: total,
      currency,
      description: item.name,
      metadata: item.metadata,
      price: {
        id: newId.price(),
        object: 'price',
        active: false,
        billing_scheme: 'per_unit',
        created: now,
        currency,
        livemode: false,
        lookup_key: null,
        metadata: {},
        nickname: null,
        product: newId.product(),
        recurring: null,
        tax_behavior: 'unspecified',
        type: 'one_time',
        unit_amount: item.unitAmount,
        unit_amount_decimal: String(item.unitAmount),
      },
      quantity: item.quantity,
    }
  })
  const subtotal = lineItems.reduce((sum, item) => sum + item.amount_total, 0)
  // The customer starts on the first shipping option, as on Stripe's page.
  const shippingOptions: ShippingOption[] = shipping.map((option) => ({
    shipping_amount: option.amount,
    shipping_rate: newId.shippingRate(),
  }))
  const chosen = shippingOptions[0]
  const shippingAmount = chosen?.shipping_amount ?? 0
  const total = subtotal + shippingAmount

  const minimum = minimumCharge(currency)
  if (minimum !== undefined && total < minimum) {
    throw invalidRequest(
      `The Checkout Session's total amount due must add up to at least ${formatAmount(minimum, currency)} ${currency}`,
      { param: 'line_items' },
    )
  }
  if (total > MAX_AMOUNT) {
    throw invalidRequest(
      `The Checkout Session's total amount due must be no more than ${formatAmount(MAX_AMOUNT, currency)} ${currency}`,
      { param: 'line_items' },
    )
  }

  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: subtotal,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, status: null },
    billing_address_collection: null,
    cancel_url: cancelUrl,
    client_reference_id: clientReferenceId,
    client_secret: null,
    created: now,
    currency,
    custom_fields: [],
    customer: null,
    customer_creation: 'if_required',
    customer_details: null,
    customer_email: customerEmail,
    discounts: [],
    expires_at: expiresAt,
    livemode: false,
    locale: null,
    metadata,
    mode: 'payment',
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_types: paymentMethodTypes,
    payment_status: 'unpaid',
    phone_number_collection: { enabled: false },
    shipping_address_collection: null,
    shipping_cost: chosen
      ? {
          amount_subtotal: chosen.shipping_amount,
          amount_tax: 0,
          amount_total: chosen.shipping_amount,
          shipping_rate: chosen.shipping_rate,
        }
      : null,
    shipping_options: shippingOptions,
    status: 'open',
    submit_type: null,
    success_url: successUrl,
    total_details: { amount_discount: 0, amount_shipping: shippingAmount, amount_tax: 0 },
    ui_mode: 'hosted',
    url: `${options.baseUrl}/pay/${id}`,
  }
  return { session, lineItems, paymentIntentData, shippingName: shipping[0]?.name ?? null }
}
