import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StripeStandIn, startStripeStandIn } from './index'
import { refusal, startReceiver } from './test-support'

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

/** A paid order of 60.00 USD; answers its payment intent's id. */
async function paidOrder(): Promise<string> {
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    success_url: 'http://127.0.0.1:3000/ok',
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 6000, product_data: { name: 'Locket' } } }],
  })
  const { paymentIntent } = await standIn.pay(session.id)
  return paymentIntent.id
}

function eventsSince(count: number): Stripe.Event[] {
  return receiver.received
    .slice(count)
    .map((entry) => stripe.webhooks.constructEvent(entry.body, entry.signature, standIn.webhookSecret))
}

describe('refunds through the API', () => {
  it('refunds part, refuses more than is left, refunds the rest, then refuses any more', async () => {
    const paymentIntent = await paidOrder()
    const before = receiver.received.length

    const key = `refund-${paymentIntent}-1`
    const first = await stripe.refunds.create(
      { payment_intent: paymentIntent, amount: 1500, metadata: { reason: 'resized' } },
      { idempotencyKey: key },
    )
    expect(first).toMatchObject({ object: 'refund', amount: 1500, status: 'succeeded', payment_intent: paymentIntent })
    expect(first.id).toMatch(/^re_/)
    const replay = await stripe.refunds.create(
      { payment_intent: paymentIntent, amount: 1500, metadata: { reason: 'resized' } },
      { idempotencyKey: key },
    )
    expect(replay.id).toBe(first.id)

    const tooMuch = await refusal(stripe.refunds.create({ payment_intent: paymentIntent, amount: 5000 }))
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(tooMuch.code).toBe('amount_too_large')
    expect(tooMuch.param).toBe('amount')
    expect(tooMuch.message).toBe('Refund amount ($50.00) is greater than unrefunded amount on charge ($45.00)')

    const rest = await stripe.refunds.create({ payment_intent: paymentIntent })
    expect(rest.amount).toBe(4500)
    const done = await refusal(stripe.refunds.create({ payment_intent: paymentIntent, amount: 1 }))
    expect(done.code).toBe('charge_already_refunded')

    await standIn.webhooksDelivered()
    const events = eventsSince(before)
    expect(events.map((event) => event.type)).toEqual([
      'charge.refunded',
      'refund.created',
      'charge.refunded',
      'refund.created',
    ])
    const [partial, , full] = events as Stripe.ChargeRefundedEvent[]
    expect(partial?.data.object).toMatchObject({ amount: 6000, amount_refunded: 1500, refunded: false })
    expect(full?.data.object).toMatchObject({ amount_refunded: 6000, refunded: true })
    expect(partial?.request).toEqual({ id: expect.stringMatching(/^req_/), idempotency_key: key })

    const intent = await stripe.paymentIntents.retrieve(paymentIntent)
    const charge = await stripe.charges.retrieve(String(intent.latest_charge), { expand: ['refunds'] })
    expect(charge.refunds?.data.map((refund) => refund.amount)).toEqual([4500, 1500])
    const listed = await stripe.refunds.list({ payment_intent: paymentIntent })
    expect(listed.data.map((refund) => refund.id)).toEqual([rest.id, first.id])
  })

  it('refuses a payment intent that was never paid, and one that does not exist', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 900, product_data: { name: 'Stud' } } }],
    })
    const declined = await standIn.failPayment(session.id)
    const unpaid = await refusal(stripe.refunds.create({ payment_intent: declined.id }))
    expect(unpaid.param).toBe('payment_intent')
    const missing = await refusal(stripe.refunds.create({ payment_intent: 'pi_nothing' }))
    expect(missing.code).toBe('resource_missing')
    const unknown = await refusal(stripe.paymentIntents.retrieve('pi_nothing'))
    expect(unknown.statusCode).toBe(404)
  })
})

describe('refunds from the Dashboard', () => {
  it('sends charge.refunded with what is now refunded, with no API request behind it', async () => {
    const paymentIntent = await paidOrder()
    const before = receiver.received.length
    const { refund, charge } = await standIn.refundFromDashboard(paymentIntent, 2000)
    expect(refund.amount).toBe(2000)
    expect(charge.amount_refunded).toBe(2000)
    const [refunded] = eventsSince(before) as Stripe.ChargeRefundedEvent[]
    expect(refunded?.type).toBe('charge.refunded')
    expect(refunded?.data.object.amount_refunded).toBe(2000)
    expect(refunded?.request).toEqual({ id: null, idempotency_key: null })
    await expect(standIn.refundFromDashboard(paymentIntent, 5000)).rejects.toThrow(/greater than unrefunded/)
  })
})
