import Stripe from 'stripe'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type StripeStandIn, startStripeStandIn } from './index'
import { startReceiver } from './test-support'

let receiver: Awaited<ReturnType<typeof startReceiver>>
let standIn: StripeStandIn
let stripe: Stripe

beforeAll(async () => {
  receiver = await startReceiver()
  standIn = await startStripeStandIn({ webhookUrl: receiver.url })
  stripe = new Stripe(standIn.secretKey, { ...standIn.sdkOptions })
})
afterAll(async () => {
  await standIn.close()
  await receiver.close()
})
beforeEach(() => {
  receiver.received.length = 0
  receiver.answer(200)
})
afterEach(() => standIn.webhooksDelivered())

function createSession(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create({
    mode: 'payment',
    success_url: 'http://127.0.0.1:3000/checkout/success?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1:3000/cart',
    client_reference_id: 'order_7',
    payment_intent_data: { metadata: { order_id: '7' } },
    line_items: [
      {
        quantity: 1,
        price_data: { currency: 'eur', unit_amount: 12900, product_data: { name: 'Pearl & gold <earrings>' } },
      },
    ],
    shipping_options: [
      {
        shipping_rate_data: {
          type: 'fixed_amount',
          display_name: 'Tracked',
          fixed_amount: { amount: 700, currency: 'eur' },
        },
      },
    ],
    ...overrides,
  })
}

/** The events the receiver got, checked with the SDK as the shop's webhook route will. */
function receivedEvents(secret = standIn.webhookSecret): Stripe.Event[] {
  return receiver.received.map((entry) => stripe.webhooks.constructEvent(entry.body, entry.signature, secret, 300))
}

describe('the hosted page', () => {
  it('shows the amount, the items, a Pay button and a Cancel link, and loads nothing from elsewhere', async () => {
    const session = await createSession()
    const response = await fetch(session.url ?? '')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('€136.00')
    expect(html).toContain('Pearl &amp; gold &lt;earrings&gt;')
    expect(html).toContain('Tracked')
    expect(html).toMatch(/<button[^>]*>Pay €136.00<\/button>/)
    expect(html).toContain('<a href="http://127.0.0.1:3000/cart">Cancel</a>')
    expect(html).not.toMatch(/<(script|link|img)\b/)
  })

  it('paying redirects to success_url and delivers checkout.session.completed, signed with the secret', async () => {
    const session = await createSession()
    const response = await fetch(`${standIn.url}/pay/${session.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pay&email=buyer%40example.test',
      redirect: 'manual',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`http://127.0.0.1:3000/checkout/success?session=${session.id}`)

    // Delivered before the redirect was answered.
    const events = receivedEvents()
    expect(events.map((event) => event.type)).toEqual(['payment_intent.succeeded', 'checkout.session.completed'])
    const completed = events[1] as Stripe.CheckoutSessionCompletedEvent
    expect(completed.object).toBe('event')
    expect(completed.livemode).toBe(false)
    expect(completed.api_version).toBe(Stripe.API_VERSION)
    expect(completed.data.object.id).toBe(session.id)
    expect(completed.data.object.payment_status).toBe('paid')
    expect(completed.data.object.amount_total).toBe(13600)
    expect(completed.data.object.client_reference_id).toBe('order_7')
    expect(completed.data.object.customer_details?.email).toBe('buyer@example.test')

    // Another secret does not verify.
    expect(() => receivedEvents('whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError)
    expect(standIn.events.at(-1)?.status).toBe(200)

    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] })
    expect(paid.status).toBe('complete')
    const intent = paid.payment_intent as Stripe.PaymentIntent
    expect(intent.id).toMatch(/^pi_/)
    expect(intent.status).toBe('succeeded')
    expect(intent.amount).toBe(13600)
    expect(intent.metadata).toEqual({ order_id: '7' })
    expect(intent.latest_charge).toMatch(/^ch_/)
    expect((await stripe.paymentIntents.retrieve(intent.id)).amount_received).toBe(13600)

    const again = await fetch(`${standIn.url}/pay/${session.id}`)
    expect(await again.text()).toContain('Already paid')
  })

  it('a declined card leaves the session open and sends payment_intent.payment_failed', async () => {
    const session = await createSession()
    const response = await fetch(`${standIn.url}/pay/${session.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=decline',
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Your card was declined.')
    const [failed] = receivedEvents() as Stripe.PaymentIntentPaymentFailedEvent[]
    expect(failed?.type).toBe('payment_intent.payment_failed')
    expect(failed?.data.object.last_payment_error?.code).toBe('card_declined')
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open')
    // The customer tries again with another card: the same payment intent succeeds.
    const { paymentIntent } = await standIn.pay(session.id)
    expect(paymentIntent.id).toBe(failed?.data.object.id)
  })
})

describe('test controls', () => {
  it('pay() can charge another amount, to simulate a mismatch', async () => {
    const session = await createSession()
    const { paymentIntent } = await standIn.pay(session.id, { amount: 100, currency: 'usd' })
    expect(paymentIntent.amount).toBe(100)
    const completed = receivedEvents().find((event) => event.type === 'checkout.session.completed')
    expect(completed?.data.object).toMatchObject({ amount_total: 100, currency: 'usd' })
  })

  it('expire() sends checkout.session.expired; failPayment() on it is refused', async () => {
    const session = await createSession()
    const expired = await standIn.expire(session.id)
    expect(expired.status).toBe('expired')
    expect(receivedEvents().map((event) => event.type)).toEqual(['checkout.session.expired'])
    await expect(standIn.failPayment(session.id)).rejects.toThrow(/expired, not open/)
    expect(await (await fetch(`${standIn.url}/pay/${session.id}`)).text()).toContain('This checkout has expired')
  })

  it('resend() delivers the same event again, freshly signed', async () => {
    const session = await createSession()
    await standIn.pay(session.id)
    const completed = standIn.events.find(
      (sent) =>
        sent.type === 'checkout.session.completed' && (sent.event.data.object as { id: string }).id === session.id,
    )
    if (!completed) throw new Error('no checkout.session.completed was sent')
    const delivery = await standIn.resend(completed.id)
    expect(delivery.replay).toBe(true)
    expect(delivery.status).toBe(200)
    const ids = receivedEvents().map((event) => event.id)
    expect(ids.filter((id) => id === completed.id)).toHaveLength(2)
    expect(completed.deliveries).toHaveLength(2)
    await expect(standIn.resend('evt_nothing')).rejects.toThrow()
  })

  it('records the status the endpoint answered; a failed delivery is not retried', async () => {
    receiver.answer(500)
    const session = await createSession()
    await standIn.pay(session.id)
    const sent = standIn.events.slice(-2)
    expect(sent.map((entry) => [entry.type, entry.status, entry.deliveries.length])).toEqual([
      ['payment_intent.succeeded', 500, 1],
      ['checkout.session.completed', 500, 1],
    ])
  })

  it('sendRaw() posts a body with any signature, for tests of forged ones', async () => {
    const body = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'checkout.session.completed' })
    const forged = standIn.sign(body).replace(/v1=[0-9a-f]{4}/, 'v1=0000')
    const delivery = await standIn.sendRaw(body, forged)
    expect(delivery.status).toBe(200)
    const entry = receiver.received.at(-1)
    expect(entry?.body).toBe(body)
    expect(() => stripe.webhooks.constructEvent(body, forged, standIn.webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    )
    const stale = standIn.sign(body, Math.floor(Date.now() / 1000) - 3600)
    expect(() => stripe.webhooks.constructEvent(body, stale, standIn.webhookSecret, 300)).toThrow(/tolerance/)
    expect(stripe.webhooks.constructEvent(body, standIn.sign(body), standIn.webhookSecret).id).toBe('evt_forged')
  })
})

describe('options', () => {
  it('a session past expires_at on the stand-in clock is expired when next looked at', async () => {
    let clock = Date.now()
    const local = await startStripeStandIn({ now: () => clock, webhookUrl: receiver.url })
    const client = new Stripe(local.secretKey, { ...local.sdkOptions })
    try {
      const session = await client.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          { quantity: 1, price_data: { currency: 'gbp', unit_amount: 3000, product_data: { name: 'Bangle' } } },
        ],
        expires_at: Math.floor(clock / 1000) + 1800,
      })
      clock += 31 * 60 * 1000
      expect((await client.checkout.sessions.retrieve(session.id)).status).toBe('expired')
      await local.webhooksDelivered()
      expect(local.events.map((sent) => sent.type)).toEqual(['checkout.session.expired'])
    } finally {
      await local.close()
    }
  })

  it('deliverBeforeRedirect: false answers the redirect first; enabledEvents filters the types sent', async () => {
    const local = await startStripeStandIn({
      webhookUrl: receiver.url,
      deliverBeforeRedirect: false,
      enabledEvents: ['checkout.session.completed'],
    })
    const client = new Stripe(local.secretKey, { ...local.sdkOptions })
    try {
      const session = await client.checkout.sessions.create({
        mode: 'payment',
        success_url: 'http://127.0.0.1:3000/ok',
        line_items: [
          { quantity: 1, price_data: { currency: 'usd', unit_amount: 900, product_data: { name: 'Charm' } } },
        ],
      })
      const response = await fetch(`${local.url}/pay/${session.id}`, { method: 'POST', redirect: 'manual' })
      expect(response.status).toBe(303)
      await local.webhooksDelivered()
      expect(local.events.map((sent) => sent.type)).toEqual(['checkout.session.completed'])
    } finally {
      await local.close()
    }
  })

  it('refuses a webhook URL off this machine', async () => {
    await expect(startStripeStandIn({ webhookUrl: 'http://192.0.2.1/hook' })).rejects.toThrow(/this machine/)
  })
})
