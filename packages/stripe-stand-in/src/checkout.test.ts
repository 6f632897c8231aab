import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_API_VERSION, type StripeStandIn, startStripeStandIn } from './index'
import { refusal } from './test-support'

let standIn: StripeStandIn
let stripe: Stripe

beforeAll(async () => {
  standIn = await startStripeStandIn()
  stripe = new Stripe(standIn.secretKey, { ...standIn.sdkOptions })
})
afterAll(() => standIn.close())

const now = () => Math.floor(Date.now() / 1000)

/** An order as the shop sends it: two pieces, tax as a line item, flat-rate shipping. */
function order(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    success_url: 'http://127.0.0.1:3000/checkout/success?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1:3000/cart',
    client_reference_id: 'order_42',
    customer_email: 'ada@example.test',
    metadata: { order_id: '42' },
    payment_intent_data: { metadata: { order_id: '42' } },
    line_items: [
      { quantity: 2, price_data: { currency: 'usd', unit_amount: 2500, product_data: { name: 'Silver ring' } } },
      { quantity: 1, price_data: { currency: 'usd', unit_amount: 400, product_data: { name: 'Sales tax' } } },
    ],
    shipping_options: [
      {
        shipping_rate_data: {
          type: 'fixed_amount',
          display_name: 'Standard',
          fixed_amount: { amount: 500, currency: 'usd' },
        },
      },
    ],
    ...overrides,
  }
}

describe('creating a Checkout Session', () => {
  it('answers an open session whose total is the line items plus shipping', async () => {
    const session = await stripe.checkout.sessions.create(order())
    expect(session.id).toMatch(/^cs_test_/)
    expect(session.object).toBe('checkout.session')
    expect(session.amount_subtotal).toBe(5400)
    expect(session.amount_total).toBe(5900)
    expect(session.total_details?.amount_shipping).toBe(500)
    expect(session.shipping_cost?.amount_total).toBe(500)
    expect(session.currency).toBe('usd')
    expect(session.status).toBe('open')
    expect(session.payment_status).toBe('unpaid')
    expect(session.payment_intent).toBeNull()
    expect(session.url).toBe(`${standIn.url}/pay/${session.id}`)
    expect(session.metadata).toEqual({ order_id: '42' })
    expect(session.client_reference_id).toBe('order_42')
    expect(session.customer_email).toBe('ada@example.test')
    expect(session.success_url).toContain('{CHECKOUT_SESSION_ID}')
    expect(session.expires_at - session.created).toBe(24 * 60 * 60)
  })

  it('takes expires_at between 30 minutes and 24 hours from now, and refuses it outside', async () => {
    const inAnHour = now() + 3600
    expect((await stripe.checkout.sessions.create(order({ expires_at: inAnHour }))).expires_at).toBe(inAnHour)
    const soon = await refusal(stripe.checkout.sessions.create(order({ expires_at: now() + 60 })))
    expect(soon).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(soon.param).toBe('expires_at')
    const late = await refusal(stripe.checkout.sessions.create(order({ expires_at: now() + 25 * 3600 })))
    expect(late.param).toBe('expires_at')
  })

  it('sends what the SDK sends: form-encoded brackets, the API version, a Bearer key', async () => {
    await stripe.checkout.sessions.create(order())
    const last = standIn.requests.at(-1)
    expect(last?.path).toBe('/v1/checkout/sessions')
    expect(last?.stripeVersion).toBe(Stripe.API_VERSION)
    expect(last?.params).toMatchObject({ line_items: [{ price_data: { unit_amount: '2500' } }, {}] })
  })

  it('events carry the API version of the pinned SDK', () => {
    expect(DEFAULT_API_VERSION).toBe(Stripe.API_VERSION)
  })
})

describe('refusals', () => {
  it('a wrong key is a StripeAuthenticationError', async () => {
    const wrong = new Stripe('sk_test_wrong_key_1234', { ...standIn.sdkOptions })
    const error = await refusal(wrong.checkout.sessions.create(order()))
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
    expect(error.statusCode).toBe(401)
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\**1234$/)
  })

  it.each([
    ['a missing currency', { currency: undefined }, 'line_items[0][price_data][currency]', 'parameter_missing'],
    ['a negative unit amount', { unit_amount: -1 }, 'line_items[0][price_data][unit_amount]', undefined],
    ['an unknown currency', { currency: 'xyz' }, 'line_items[0][price_data][currency]', undefined],
  ])('%s is a StripeInvalidRequestError naming the parameter', async (_name, change, param, code) => {
    const params = order()
    const item = params.line_items?.[0]
    if (!item?.price_data) throw new Error('the order has no first line item')
    Object.assign(item.price_data, change)
    const error = await refusal(stripe.checkout.sessions.create(params))
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(error.statusCode).toBe(400)
    expect(error.param).toBe(param)
    if (code) expect(error.code).toBe(code)
  })

  it('refuses an empty product name, a missing quantity, and an unknown parameter', async () => {
    const empty = await refusal(
      stripe.checkout.sessions.create(
        order({
          line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 900, product_data: { name: '' } } }],
        }),
      ),
    )
    expect(empty.code).toBe('parameter_invalid_empty')
    const noQuantity = await refusal(
      stripe.checkout.sessions.create(
        order({ line_items: [{ price_data: { currency: 'usd', unit_amount: 900, product_data: { name: 'Ring' } } }] }),
      ),
    )
    expect(noQuantity.param).toBe('line_items[0][quantity]')
    const unknown = await refusal(stripe.checkout.sessions.create(order({ discounts: [{ coupon: 'TEN' }] })))
    expect(unknown.code).toBe('parameter_unknown')
    expect(unknown.param).toBe('discounts')
  })

  it('refuses shipping in another currency and a total under the minimum charge', async () => {
    const shipping = await refusal(
      stripe.checkout.sessions.create(
        order({
          shipping_options: [
            { shipping_rate_data: { display_name: 'Post', fixed_amount: { amount: 500, currency: 'eur' } } },
          ],
        }),
      ),
    )
    expect(shipping.param).toBe('shipping_options[0][shipping_rate_data][fixed_amount][currency]')
    const tiny = await refusal(
      stripe.checkout.sessions.create(
        order({
          shipping_options: [],
          line_items: [
            { quantity: 1, price_data: { currency: 'usd', unit_amount: 10, product_data: { name: 'Pin' } } },
          ],
        }),
      ),
    )
    expect(tiny.message).toContain('at least $0.50 usd')
  })
})

describe('idempotency', () => {
  it('the same key and body answer the same session; no second one is made', async () => {
    const key = `order-42-${Date.now()}`
    const before = standIn.sessions.length
    const first = await stripe.checkout.sessions.create(order(), { idempotencyKey: key })
    const again = await stripe.checkout.sessions.create(order(), { idempotencyKey: key })
    expect(again.id).toBe(first.id)
    expect(standIn.sessions.length).toBe(before + 1)
    expect(standIn.requests.at(-1)?.replayed).toBe(true)
  })

  it('the same key with another body is an idempotency error', async () => {
    const key = `order-43-${Date.now()}`
    await stripe.checkout.sessions.create(order(), { idempotencyKey: key })
    const error = await refusal(
      stripe.checkout.sessions.create(order({ client_reference_id: 'order_43' }), { idempotencyKey: key }),
    )
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
    expect(error.statusCode).toBe(400)
  })

  it('a request refused for its parameters keeps no answer: a corrected retry with the key goes through', async () => {
    const key = `order-44-${Date.now()}`
    await refusal(stripe.checkout.sessions.create(order({ expires_at: now() + 60 }), { idempotencyKey: key }))
    const session = await stripe.checkout.sessions.create(order(), { idempotencyKey: key })
    expect(session.status).toBe('open')
  })
})

describe('retrieving and expiring', () => {
  it('retrieves a session, with its line items when asked', async () => {
    const created = await stripe.checkout.sessions.create(order())
    const session = await stripe.checkout.sessions.retrieve(created.id, { expand: ['line_items'] })
    expect(session.id).toBe(created.id)
    expect(session.line_items?.data.map((item) => [item.description, item.quantity, item.amount_total])).toEqual([
      ['Silver ring', 2, 5000],
      ['Sales tax', 1, 400],
    ])
    const listed = await stripe.checkout.sessions.listLineItems(created.id, { limit: 1 })
    expect(listed.data).toHaveLength(1)
    expect(listed.has_more).toBe(true)
  })

  it('expires an open session once; a second expiry is refused', async () => {
    const created = await stripe.checkout.sessions.create(order())
    const expired = await stripe.checkout.sessions.expire(created.id)
    expect(expired.status).toBe('expired')
    expect(expired.url).toBeNull()
    const again = await refusal(stripe.checkout.sessions.expire(created.id))
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
  })

  it('an unknown id is a 404 resource_missing', async () => {
    const error = await refusal(stripe.checkout.sessions.retrieve('cs_test_nothing'))
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(error.statusCode).toBe(404)
    expect(error.code).toBe('resource_missing')
    const expire = await refusal(stripe.checkout.sessions.expire('cs_test_nothing'))
    expect(expire.statusCode).toBe(404)
  })
})
