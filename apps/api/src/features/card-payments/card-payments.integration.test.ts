/**
 * Card payments end to end, with the real `stripe` SDK against the Stripe stand-in (the machines reach no payment
 * provider): the shop listens on a port so that the stand-in's signed webhooks reach it as Stripe's would.
 */
import type net from 'node:net'
import * as auditRepo from '@shop/db/audit-log'
import * as cardRepo from '@shop/db/card-payments'
import * as outboxRepo from '@shop/db/outbox'
import * as productsRepo from '@shop/db/products'
import { insertProduct } from '@shop/db/testing/factories'
import type { GuestOrder, Order, OrderActivity, PlacedOrder } from '@shop/schema/orders'
import { CARD_KEYS_MISSING_MESSAGE, type PaymentSettings } from '@shop/schema/payments'
import type { Product } from '@shop/schema/products'
import type { ShopInfo } from '@shop/schema/shop'
import { type StripeStandIn, startStripeStandIn } from '@shop/stripe-stand-in'
import { type ParsedMail, simpleParser } from 'mailparser'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpInbox, startSmtpInbox } from '../../testing/smtp-inbox'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { freePort, waitFor } from '../../testing/waits'
import { CARD_UNAVAILABLE_MESSAGE } from '../orders/card-checkout'
import { sweepOverdueCardOrders } from './card-sweep'

const PUBLIC_URL = 'http://shop.test:8080'
const customer = {
  customerName: 'Nora Quinn',
  customerEmail: 'nora@example.com',
  customerAddress: '7 Elm Road, Springfield, IL 62701, USA',
}
const silent = { warn: () => {}, info: () => {} }

const stripeEnv = (standIn: StripeStandIn, apiUrl = standIn.url) => ({
  PUBLIC_URL,
  STRIPE_SECRET_KEY: standIn.secretKey,
  STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
  STRIPE_API_URL: apiUrl,
})

describe('card payments through Stripe Checkout', () => {
  let standIn: StripeStandIn
  let stripe: Stripe
  let inbox: SmtpInbox
  let t: TestApp
  let owner: string
  let ring: Product
  let chain: Product
  let shippingMethodId: number

  /** Where the stand-in sends its events: the test app's webhook. */
  const webhookUrl = () => `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}/api/stripe/webhook`

  /** Runs `work` while the stand-in's events reach nobody (a lost webhook), then sends them to the shop again. */
  async function withoutWebhooks<T>(work: () => Promise<T>): Promise<T> {
    standIn.setWebhookUrl(null)
    try {
      return await work()
    } finally {
      standIn.setWebhookUrl(webhookUrl())
    }
  }

  beforeAll(async () => {
    standIn = await startStripeStandIn()
    stripe = new Stripe(standIn.secretKey, { ...standIn.sdkOptions })
    inbox = await startSmtpInbox()
    t = await createTestApp({ smtpPort: inbox.port, env: stripeEnv(standIn) })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    standIn.setWebhookUrl(webhookUrl())
    owner = await t.login()
    ring = await insertProduct(t.db, {
      name: 'Card Ring',
      sku: 'CRD-0001',
      price: 100,
      stock: 0,
      options: [{ name: 'Size', values: ['6', '7'] }],
      variants: [6, 7].map((size) => ({
        options: [String(size)],
        sku: `CRD-R${size}`,
        price: 90 + size,
        stock: 50,
        minStock: 1,
        active: true,
        imageUrl: null,
        leadTime: null,
      })),
    })
    chain = await insertProduct(t.db, { name: 'Card Chain', sku: 'CRD-0002', price: 33.33, stock: 50 })
    const admin = (url: string, json: unknown) => t.request({ method: 'POST', url, token: owner, json })
    const zone = await admin('/api/admin/shipping-zones', {
      name: 'Domestic',
      areas: ['US'],
      methods: [{ name: 'Standard', price: '9.95' }],
    })
    shippingMethodId = zone.json<{ methods: Array<{ id: number }> }>().methods[0]?.id as number
    expect((await admin('/api/admin/tax-rates', { name: 'Sales tax', country: 'US', rate: '8' })).statusCode).toBe(201)
    expect((await admin('/api/admin/discounts', { code: 'CARD10', kind: 'percent', value: '10' })).statusCode).toBe(201)
    const saved = await putMethods(t, owner, [
      { kind: 'card', enabled: true },
      { kind: 'bank_transfer', enabled: true, instructions: 'IBAN DE89 3704' },
    ])
    expect(saved.statusCode, saved.body).toBe(200)
  })
  afterAll(async () => {
    await t?.close()
    await standIn?.close()
    await inbox?.close()
  })

  const placeCardOrder = async (extra: Record<string, unknown> = {}, app = t) => {
    const response = await app.request({
      method: 'POST',
      url: '/api/orders',
      json: {
        ...customer,
        items: [{ productId: chain.id, quantity: 1 }],
        paymentMethod: 'card',
        ...extra,
      },
    })
    return response
  }
  const placed = async (extra: Record<string, unknown> = {}) => {
    const response = await placeCardOrder(extra)
    expect(response.statusCode, response.body).toBe(201)
    const order = response.json<PlacedOrder>()
    const card = await cardRepo.findByOrderId(t.db, order.id)
    if (!card?.sessionId) throw new Error('no session was stored')
    return { order, sessionId: card.sessionId }
  }
  const getOrder = async (id: number) =>
    (await t.request({ method: 'GET', url: `/api/admin/orders/${id}`, token: owner })).json<Order>()
  const activity = async (id: number) =>
    (await t.request({ method: 'GET', url: `/api/admin/orders/${id}/activity`, token: owner })).json<OrderActivity>()
  const notes = async (id: number) =>
    (await activity(id)).timeline.flatMap((entry) => (entry.type === 'note' ? [entry] : []))
  const payments = async (id: number) =>
    (await activity(id)).timeline.flatMap((entry) => (entry.type === 'payment' ? [entry] : []))
  const mailsOf = async (id: number) => (await outboxRepo.listForOrder(t.db, id)).map((mail) => mail.kind).sort()
  const stockOf = async (productId: number) => (await productsRepo.findById(t.db, productId))?.stock
  const refund = (id: number, body: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: `/api/admin/orders/${id}/refunds`,
      token: owner,
      json: { requestId: crypto.randomUUID(), ...body },
    })

  describe('settings', () => {
    it('shows card as available in test mode, with the webhook URL, and offers it at checkout', async () => {
      const settings = await t.request({ method: 'GET', url: '/api/admin/settings/payments', token: owner })
      const body = settings.json<PaymentSettings>()
      expect(body.card).toEqual({
        available: true,
        mode: 'test',
        webhookUrl: `${PUBLIC_URL}/api/stripe/webhook`,
        lastEventAt: null,
        unpaidCancelAfterMinutes: 60,
      })
      expect(body.methods.slice(0, 2)).toEqual([
        { kind: 'card', name: 'Card', enabled: true, instructions: '' },
        { kind: 'bank_transfer', name: 'Bank transfer', enabled: true, instructions: 'IBAN DE89 3704' },
      ])
      expect(JSON.stringify(body)).not.toContain(standIn.secretKey)
      const shop = (await t.request({ method: 'GET', url: '/api/shop' })).json<ShopInfo>()
      expect(shop.paymentMethods[0]).toEqual({
        kind: 'card',
        name: 'Card',
        instructions: "You will pay by card on Stripe's secure page.",
      })
    })

    it('stores when unpaid card orders are cancelled, 30 minutes to 24 hours, and audits it without secrets', async () => {
      const methods = [
        { kind: 'card', enabled: true },
        { kind: 'bank_transfer', enabled: true, instructions: 'IBAN DE89 3704' },
      ]
      const refused = await putMethods(t, owner, methods, 20)
      expect(refused.statusCode).toBe(400)
      expect(refused.body).toContain('Unpaid card orders must be cancelled after 30 minutes to 24 hours')
      const saved = await putMethods(t, owner, methods, 90)
      expect(saved.json<PaymentSettings>().card.unpaidCancelAfterMinutes).toBe(90)
      const kept = await putMethods(t, owner, methods)
      expect(kept.json<PaymentSettings>().card.unpaidCancelAfterMinutes).toBe(90)
      const { rows } = await auditRepo.listPage(t.db, { entity: 'settings' }, { limit: 5, offset: 0 })
      expect(JSON.stringify(rows)).not.toContain(standIn.secretKey)
      expect(JSON.stringify(rows)).not.toContain(standIn.webhookSecret)
      await putMethods(t, owner, methods, 60)
    })
  })

  describe('placing a card order', () => {
    it('places the order awaiting payment and makes a session for exactly its total: discount, shipping, tax, variants', async () => {
      const ringStock = (await productsRepo.findById(t.db, ring.id))?.variants.map((variant) => variant.stock)
      const { order, sessionId } = await placed({
        items: [
          { productId: ring.id, variantId: ring.variants[0]?.id, quantity: 3 },
          { productId: ring.id, variantId: ring.variants[1]?.id, quantity: 1 },
          { productId: chain.id, quantity: 2 },
        ],
        country: 'US',
        region: 'IL',
        shippingMethodId,
        discountCode: 'card10',
      })
      expect(order).toMatchObject({
        paymentStatus: 'awaiting_payment',
        payment: { method: 'card', methodName: 'Card', status: 'awaiting_payment', paid: '0.00' },
      })
      expect(order.charges).toMatchObject({ discountCode: 'CARD10', shippingMethod: 'Standard' })
      expect(Number(order.charges.discount)).toBeGreaterThan(0)
      expect(Number(order.charges.tax)).toBeGreaterThan(0)
      // Stock and the code's use are taken with the order, as for any order.
      expect((await productsRepo.findById(t.db, ring.id))?.variants.map((variant) => variant.stock)).toEqual(
        ringStock?.map((stock, i) => stock - (i === 0 ? 3 : 1)),
      )
      // The buyer is told nothing by mail until the payment is recorded.
      expect(await mailsOf(order.id)).toEqual([])

      const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['line_items'] })
      expect(order.payUrl).toBe(session.url)
      const totalCents = Math.round(Number(order.total) * 100)
      const lines = session.line_items?.data ?? []
      const linesCents = lines.reduce((sum, line) => sum + line.amount_total, 0)
      expect(linesCents + (session.shipping_cost?.amount_total ?? 0)).toBe(totalCents)
      expect(session.amount_total).toBe(totalCents)
      expect(session.shipping_cost?.amount_total).toBe(995)
      expect(session.currency).toBe('usd')
      expect(lines.map((line) => line.description)).toContain('Tax')
      expect(session).toMatchObject({
        mode: 'payment',
        client_reference_id: order.orderNumber,
        customer_email: customer.customerEmail,
        metadata: { order_number: order.orderNumber },
        success_url: `${PUBLIC_URL}/orders/${order.orderNumber}?key=${encodeURIComponent(order.accessKey)}`,
        cancel_url: `${PUBLIC_URL}/checkout`,
      })
      const minutesLeft = ((session.expires_at ?? 0) * 1000 - Date.now()) / 60_000
      expect(minutesLeft).toBeGreaterThan(58)
      expect(minutesLeft).toBeLessThanOrEqual(60)
      const create = standIn.requests.find(
        (request) => request.path === '/v1/checkout/sessions' && request.status === 200,
      )
      expect(create?.idempotencyKey).toMatch(new RegExp(`^checkout-session:${order.orderNumber}:\\d+$`))

      const guest = await t.request({
        method: 'GET',
        url: `/api/orders/${order.orderNumber}?key=${encodeURIComponent(order.accessKey)}`,
      })
      expect(guest.json<GuestOrder>().payment.status).toBe('awaiting_payment')
    })

    it('never takes card for a client that names no method, though card comes first', async () => {
      const response = await placeCardOrder({ paymentMethod: undefined })
      expect(response.statusCode).toBe(201)
      expect(response.json<PlacedOrder>()).toMatchObject({
        payUrl: null,
        paymentStatus: 'unpaid',
        payment: { method: 'bank_transfer' },
      })
    })

    it('answers 503 when Stripe cannot be reached: the order is cancelled, no stock or code use is lost', async () => {
      const other = await createTestApp({ env: stripeEnv(standIn, `http://127.0.0.1:${await freePort()}`) })
      try {
        const token = await other.login()
        expect((await putMethods(other, token, [{ kind: 'card', enabled: true }])).statusCode).toBe(200)
        const pendant = await insertProduct(other.db, { name: 'Lost Pendant', sku: 'LST-0001', price: 80, stock: 5 })
        const response = await placeCardOrder({ items: [{ productId: pendant.id, quantity: 2 }] }, other)
        expect(response.statusCode).toBe(503)
        expect(response.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: CARD_UNAVAILABLE_MESSAGE })
        expect((await productsRepo.findById(other.db, pendant.id))?.stock).toBe(5)
        const list = await other.request({ method: 'GET', url: '/api/admin/orders', token })
        expect(list.json<Order[]>().map((order) => [order.status, order.paymentStatus])).toEqual([
          ['cancelled', 'unpaid'],
        ])
        // The shop page shows the stock as it is again.
        const product = await other.request({ method: 'GET', url: `/api/products/${pendant.id}` })
        expect(product.json<Product>().stock).toBe(5)
      } finally {
        await other.close()
      }
    })

    it('without Stripe keys: card is not offered, enabling it is a 400, other orders go as before', async () => {
      const plain = await createTestApp()
      try {
        const token = await plain.login()
        const refused = await putMethods(plain, token, [{ kind: 'card', enabled: true }])
        expect(refused.statusCode).toBe(400)
        expect(refused.json().message).toBe(CARD_KEYS_MISSING_MESSAGE)
        const settings = await plain.request({ method: 'GET', url: '/api/admin/settings/payments', token })
        expect(settings.json<PaymentSettings>().card).toMatchObject({ available: false, mode: null })
        const webhook = await plain.request({
          method: 'POST',
          url: '/api/stripe/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
          payload: '{}',
        })
        expect(webhook.statusCode).toBe(400)
        expect(webhook.json().message).toBe('Card payments are not set up on this server')
      } finally {
        await plain.close()
      }
    })
  })

  describe('the payment', () => {
    let paid: PlacedOrder
    let paymentIntent: string

    it('records the payment when Stripe says so: paid, by Stripe, on the timeline and in the audit log, with the mails', async () => {
      const { order, sessionId } = await placed({ items: [{ productId: chain.id, quantity: 3 }] })
      paid = order
      inbox.mails.splice(0)
      const result = await standIn.pay(sessionId)
      paymentIntent = result.paymentIntent.id
      expect(standIn.events.filter((event) => event.status !== 200)).toEqual([])
      const after = await getOrder(order.id)
      expect(after.payment).toMatchObject({ status: 'paid', paid: order.total, refunded: '0.00' })
      expect(after.paymentStatus).toBe('paid')
      expect(await payments(order.id)).toEqual([
        expect.objectContaining({ kind: 'payment', amount: order.total, actor: 'Stripe', note: paymentIntent }),
      ])
      const { rows } = await auditRepo.listPage(t.db, { entity: 'order' }, { limit: 1, offset: 0 })
      expect(rows[0]).toMatchObject({
        actor: 'Stripe',
        action: 'payments',
        entityId: String(order.id),
        changes: { orderNumber: order.orderNumber, kind: 'payment', amount: order.total, reference: paymentIntent },
      })
      expect(await mailsOf(order.id)).toEqual(['order_placed', 'order_received'])
      const mails = await waitFor(
        () => inbox.mails.length,
        (count) => count >= 2,
      ).then(() => Promise.all(inbox.mails.map((mail) => simpleParser(mail.raw))))
      const to = (mail: ParsedMail) => JSON.stringify(mail.to)
      const buyer = mails.find((mail) => to(mail).includes(customer.customerEmail))
      const ownerMail = mails.find((mail) => !to(mail).includes(customer.customerEmail))
      expect(buyer?.subject).toContain(order.orderNumber)
      expect(buyer?.text).toContain('Paid by card')
      expect(ownerMail?.text).toContain('Paid by card')
      const guest = await t.request({
        method: 'GET',
        url: `/api/orders/${order.orderNumber}?key=${encodeURIComponent(order.accessKey)}`,
      })
      expect(guest.json<GuestOrder>().payment.status).toBe('paid')
      const settings = await t.request({ method: 'GET', url: '/api/admin/settings/payments', token: owner })
      expect(settings.json<PaymentSettings>().card.lastEventAt).toEqual(expect.any(String))
    })

    it('changes nothing when Stripe sends the same event again', async () => {
      const completed = standIn.events.find(
        (event) =>
          event.type === 'checkout.session.completed' &&
          (event.event.data.object as { client_reference_id?: string }).client_reference_id === paid.orderNumber,
      )
      if (!completed) throw new Error('no completed event')
      const delivery = await standIn.resend(completed.id)
      expect(delivery.status).toBe(200)
      expect(await payments(paid.id)).toHaveLength(1)
      expect(await mailsOf(paid.id)).toEqual(['order_placed', 'order_received'])
    })

    it('refuses a manual refund of a card payment, and a refund above what is held before asking Stripe', async () => {
      const manual = await t.request({
        method: 'POST',
        url: `/api/admin/orders/${paid.id}/payments`,
        token: owner,
        json: { kind: 'refund', amount: '1.00' },
      })
      expect(manual.statusCode).toBe(400)
      expect(manual.json().message).toBe(
        `Order ${paid.id} was paid by card: refund it with Refund, which sends the money back through Stripe`,
      )
      const asked = standIn.requests.length
      const tooMuch = await refund(paid.id, { amount: '1000.00' })
      expect(tooMuch.statusCode).toBe(400)
      expect(tooMuch.json().message).toBe(`A refund of $1,000.00 is more than the $${paid.total} paid for this order`)
      expect(standIn.requests.length).toBe(asked)
      expect((await refund(999_999, { amount: '1.00' })).statusCode).toBe(404)
    })

    it('answers 503 when Stripe cannot be reached for a refund, and records nothing', async () => {
      const cut = await createTestApp({
        database: t.database,
        env: stripeEnv(standIn, `http://127.0.0.1:${await freePort()}`),
      })
      try {
        const response = await cut.request({
          method: 'POST',
          url: `/api/admin/orders/${paid.id}/refunds`,
          token: await cut.login(),
          json: { requestId: crypto.randomUUID(), amount: '5.00' },
        })
        expect(response.statusCode).toBe(503)
        expect(response.json()).toEqual({
          code: 'SERVICE_UNAVAILABLE',
          message: 'Stripe could not be reached: no refund was made. Please try again.',
        })
        expect((await getOrder(paid.id)).payment).toMatchObject({ status: 'paid', refunded: '0.00' })
        expect(await payments(paid.id)).toHaveLength(1)
      } finally {
        await cut.close()
      }
    })

    it('refunds part from the order page, then the rest, each recorded once when Stripe confirms it', async () => {
      const requestId = crypto.randomUUID()
      const part = await refund(paid.id, { amount: '10.00', note: 'Scratched clasp', requestId })
      expect(part.statusCode, part.body).toBe(201)
      expect(part.json<Order>().payment).toMatchObject({ status: 'partially_refunded', refunded: '10.00' })
      // The same form sent twice is one refund, at Stripe and in the ledger.
      const again = await refund(paid.id, { amount: '10.00', note: 'Scratched clasp', requestId })
      expect(again.statusCode).toBe(201)
      await standIn.webhooksDelivered()
      const refunds = standIn.requests.filter((request) => request.path === '/v1/refunds' && request.method === 'POST')
      expect(refunds.at(-1)).toMatchObject({ idempotencyKey: `refund:${paid.id}:${requestId}`, replayed: true })
      expect((await getOrder(paid.id)).payment.refunded).toBe('10.00')
      const rest = await refund(paid.id, { amount: (Number(paid.total) - 10).toFixed(2) })
      expect(rest.json<Order>().payment).toMatchObject({ status: 'refunded', refunded: paid.total })
      await standIn.webhooksDelivered()
      const entries = await payments(paid.id)
      expect(entries.map((entry) => [entry.kind, entry.actor])).toEqual([
        ['payment', 'Stripe'],
        ['refund', 'admin'],
        ['refund', 'admin'],
      ])
      expect(entries[1]?.note).toMatch(/^Scratched clasp \(re_/)
    })

    it('records a refund made in Stripe’s Dashboard once, though two events tell of it', async () => {
      const { order, sessionId } = await placed({ items: [{ productId: chain.id, quantity: 2 }] })
      const { paymentIntent: intent } = await standIn.pay(sessionId)
      await standIn.refundFromDashboard(intent.id, 1500)
      await standIn.webhooksDelivered()
      expect((await getOrder(order.id)).payment).toMatchObject({ status: 'partially_refunded', refunded: '15.00' })
      expect((await payments(order.id)).map((entry) => [entry.kind, entry.amount, entry.actor])).toEqual([
        ['payment', order.total, 'Stripe'],
        ['refund', '15.00', 'Stripe'],
      ])
    })
  })

  describe('checkouts that end unpaid', () => {
    it('notes a declined card; the order still awaits payment', async () => {
      const { order, sessionId } = await placed()
      await standIn.failPayment(sessionId, 'insufficient_funds')
      expect((await getOrder(order.id)).paymentStatus).toBe('awaiting_payment')
      expect((await notes(order.id)).map((note) => [note.actor, note.text])).toEqual([
        ['Stripe', 'Card declined (insufficient_funds: Your card was declined.). The order still awaits payment.'],
      ])
    })

    it('cancels an expired checkout’s order and gives back its stock and its code’s use', async () => {
      const uses = async () =>
        (await t.request({ method: 'GET', url: '/api/admin/discounts', token: owner }))
          .json<Array<{ code: string; uses: number }>>()
          .find((code) => code.code === 'CARD10')?.uses
      const stock = await stockOf(chain.id)
      const usesBefore = await uses()
      const { order, sessionId } = await placed({
        items: [{ productId: chain.id, quantity: 4 }],
        discountCode: 'CARD10',
      })
      expect(await stockOf(chain.id)).toBe((stock ?? 0) - 4)
      expect(await uses()).toBe((usesBefore ?? 0) + 1)
      await standIn.expire(sessionId)
      const after = await getOrder(order.id)
      expect([after.status, after.paymentStatus]).toEqual(['cancelled', 'unpaid'])
      expect(await stockOf(chain.id)).toBe(stock)
      expect(await uses()).toBe(usesBefore)
      expect(await mailsOf(order.id)).toEqual([])
      // Told again (a replay), nothing moves twice.
      const expired = standIn.events.find((event) => event.type === 'checkout.session.expired')
      await standIn.resend(expired?.id ?? '')
      expect(await stockOf(chain.id)).toBe(stock)
    })

    it('does not mark paid an amount other than the order’s: a discrepancy on the timeline', async () => {
      const { order, sessionId } = await placed()
      await standIn.pay(sessionId, { amount: 100 })
      const after = await getOrder(order.id)
      // Its checkout is over: no longer awaiting, not paid, not cancelled (the owner settles it with Stripe).
      expect([after.status, after.paymentStatus]).toEqual(['pending', 'unpaid'])
      expect(await payments(order.id)).toEqual([])
      expect((await notes(order.id))[0]?.text).toMatch(/^Payment discrepancy: Stripe took \$1\.00 \(pi_/)
      expect(await mailsOf(order.id)).toEqual([])
    })

    it('sweeps card orders whose webhook was lost: records a payment made, cancels a checkout left open', async () => {
      const open = await placed()
      const lost = await placed()
      await withoutWebhooks(async () => {
        await standIn.pay(lost.sessionId)
        expect((await getOrder(lost.order.id)).paymentStatus).toBe('awaiting_payment')
        // Too early: nothing is overdue yet.
        expect(await sweepOverdueCardOrders(t.app.deps, silent)).toEqual({ cancelled: 0, paid: 0, failed: 0 })
        const later = Date.now() + 2 * 60 * 60_000
        const result = await sweepOverdueCardOrders(t.app.deps, silent, later)
        expect(result).toMatchObject({ paid: 1, failed: 0 })
        expect(result.cancelled).toBeGreaterThanOrEqual(1)
      })
      expect((await getOrder(lost.order.id)).paymentStatus).toBe('paid')
      expect(await mailsOf(lost.order.id)).toEqual(['order_placed', 'order_received'])
      expect(await getOrder(open.order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid' })
      expect(standIn.session(open.sessionId).status).toBe('expired')
      // Every card order left waiting by the tests above is settled; none is left awaiting payment.
      const waiting = await t.request({
        method: 'GET',
        url: '/api/admin/orders?paymentStatus=awaiting_payment',
        token: owner,
      })
      expect(waiting.json<Order[]>()).toEqual([])
      // Stripe's expiry event, arriving after the sweep's cancellation, moves nothing twice.
      await standIn.webhooksDelivered()
      expect(await notes(open.order.id)).toHaveLength(1)
    })

    it('closes the checkout at Stripe when the admin cancels an order awaiting payment', async () => {
      const { order, sessionId } = await placed()
      const cancelled = await t.request({
        method: 'PATCH',
        url: `/api/admin/orders/${order.id}/status`,
        token: owner,
        json: { status: 'cancelled', notifyCustomer: false },
      })
      expect(cancelled.json<Order>()).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid' })
      await t.app.deps.background.drain()
      expect(standIn.session(sessionId).status).toBe('expired')
    })
  })

  describe('the webhook', () => {
    const post = (payload: string, signature?: string, app = t) =>
      app.request({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        payload,
      })

    it('refuses a wrong, stale or missing signature with 400 and changes nothing', async () => {
      const { order, sessionId } = await placed()
      await withoutWebhooks(() => standIn.pay(sessionId))
      const completed = standIn.events.findLast((event) => event.type === 'checkout.session.completed')
      const payload = JSON.stringify(completed?.event)
      const forged = await standIn.sendRaw(payload, `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`)
      expect(forged.status).toBe(400)
      const stale = await post(payload, standIn.sign(payload, Math.floor(Date.now() / 1000) - 301))
      expect(stale.statusCode).toBe(400)
      expect(stale.json().message).toBe('The Stripe signature does not match this body, or is too old')
      const missing = await post(payload)
      expect(missing.statusCode).toBe(400)
      expect(missing.json().message).toBe('Missing Stripe-Signature header')
      const tampered = await post(payload.replace(order.orderNumber, 'ORD-1'), standIn.sign(payload))
      expect(tampered.statusCode).toBe(400)
      const huge = await post(JSON.stringify({ padding: 'x'.repeat(1024 * 1024) }), standIn.sign('{}'))
      expect(huge.statusCode).toBe(413)
      expect((await getOrder(order.id)).paymentStatus).toBe('awaiting_payment')

      // Signed as it should be, it is taken; an unknown type or an unknown order is taken and ignored.
      expect((await post(payload, standIn.sign(payload))).json()).toEqual({ received: true, outcome: 'handled' })
      expect((await getOrder(order.id)).paymentStatus).toBe('paid')
      const other = JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: {} } })
      expect((await post(other, standIn.sign(other))).json()).toEqual({ received: true, outcome: 'ignored' })
      const elsewhere = payload
        .replaceAll(order.orderNumber, 'ORD-999999')
        .replaceAll(sessionId, 'cs_test_elsewhere')
        .replace(completed?.id ?? '', 'evt_elsewhere')
      const unknown = await post(elsewhere, standIn.sign(elsewhere))
      expect(unknown.json()).toEqual({ received: true, outcome: 'unknown_order' })
    })

    it('records an event once when two processes on one database receive it at the same moment', async () => {
      const second = await createTestApp({ database: t.database, smtpPort: inbox.port, env: stripeEnv(standIn) })
      try {
        const { order, sessionId } = await placed()
        await withoutWebhooks(() => standIn.pay(sessionId))
        const completed = standIn.events.findLast((event) => event.type === 'checkout.session.completed')
        const payload = JSON.stringify(completed?.event)
        const signature = standIn.sign(payload)
        const answers = await Promise.all([post(payload, signature), post(payload, signature, second)])
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
        expect(answers.map((answer) => answer.json().outcome).sort()).toEqual(['duplicate', 'handled'])
        expect(await payments(order.id)).toHaveLength(1)
        expect(await mailsOf(order.id)).toEqual(['order_placed', 'order_received'])
      } finally {
        await second.close()
      }
    })
  })
})

function putMethods(app: TestApp, token: string, methods: unknown, unpaidCancelAfterMinutes?: number) {
  return app.request({
    method: 'PUT',
    url: '/api/admin/settings/payments',
    token,
    json: { methods, ...(unpaidCancelAfterMinutes === undefined ? {} : { unpaidCancelAfterMinutes }) },
  })
}
