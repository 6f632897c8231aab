import * as auditRepo from '@shop/db/audit-log'
import * as outboxRepo from '@shop/db/outbox'
import { insertProduct } from '@shop/db/testing/factories'
import type { DashboardStats } from '@shop/schema/dashboard'
import type { GuestOrder, Order, OrderActivity, OrderSummary, PlacedOrder } from '@shop/schema/orders'
import type { PaymentSettings } from '@shop/schema/payments'
import type { Product } from '@shop/schema/products'
import type { ShopInfo } from '@shop/schema/shop'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inviteAdmin, loginAs, STAFF_PASSWORD } from '../../testing/accounts'
import { pdfText } from '../../testing/pdf-text'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { composeMail } from '../mail-delivery/compose-mail'

const BANK = 'IBAN DE89 3704 0044 0532 0130 00\nReference: your order number'
const customer = {
  customerName: 'Mary Jones',
  customerEmail: 'mary@example.com',
  customerAddress: '12 Oak Street, Springfield, IL 62701, USA',
}

describe('payments: methods, the payment status and paid revenue', () => {
  let t: TestApp
  let owner: string
  let staff: string
  let ring: Product
  beforeAll(async () => {
    t = await createTestApp()
    owner = await t.login()
    await inviteAdmin(t, owner, { username: 'sam', role: 'staff' })
    staff = await loginAs(t, 'sam', STAFF_PASSWORD)
    ring = await insertProduct(t.db, { name: 'Faith Ring', price: 120, stock: 500, sku: 'RIN-PAY' })
  })
  afterAll(() => t.close())

  const putMethods = (methods: unknown, token = owner) =>
    t.request({ method: 'PUT', url: '/api/admin/settings/payments', token, json: { methods } })
  const placeOrder = (body: Record<string, unknown> = {}) =>
    t.request({
      method: 'POST',
      url: '/api/orders',
      json: { ...customer, items: [{ productId: ring.id, quantity: 1 }], ...body },
    })
  const record = (orderId: number, body: Record<string, unknown>, token = staff) =>
    t.request({ method: 'POST', url: `/api/admin/orders/${orderId}/payments`, token, json: body })
  const shopInfo = async () => (await t.request({ method: 'GET', url: '/api/shop' })).json<ShopInfo>()
  const stats = async () =>
    (await t.request({ method: 'GET', url: '/api/admin/dashboard/stats', token: owner })).json<DashboardStats>()

  describe('a shop with no payment methods', () => {
    it('offers none, and places orders as before: no method, unpaid', async () => {
      const settings = await t.request({ method: 'GET', url: '/api/admin/settings/payments', token: owner })
      expect(settings.statusCode).toBe(200)
      expect(settings.json<PaymentSettings>()).toEqual({
        methods: [
          { kind: 'bank_transfer', name: 'Bank transfer', enabled: false, instructions: '' },
          { kind: 'cash_on_delivery', name: 'Cash on delivery', enabled: false, instructions: '' },
          { kind: 'pay_on_pickup', name: 'Pay on pickup', enabled: false, instructions: '' },
          { kind: 'card', name: 'Card', enabled: false, instructions: '' },
        ],
        // A server without Stripe's keys (card-payments.integration.test.ts has one with them).
        card: {
          available: false,
          mode: null,
          webhookUrl: `${t.config.publicUrl}/api/stripe/webhook`,
          lastEventAt: null,
          unpaidCancelAfterMinutes: 60,
        },
      })
      expect((await shopInfo()).paymentMethods).toEqual([])

      const order = await placeOrder()
      expect(order.statusCode).toBe(201)
      expect(order.json<PlacedOrder>()).toMatchObject({
        paymentStatus: 'unpaid',
        payment: { method: null, methodName: null, instructions: null, status: 'unpaid', paid: '0.00' },
      })
    })

    it('refuses an order naming a method with a clear 400', async () => {
      const order = await placeOrder({ paymentMethod: 'bank_transfer' })
      expect(order.statusCode).toBe(400)
      expect(order.json().message).toBe(
        'Bank transfer is not offered by this shop: it takes no payment method at checkout.',
      )
    })
  })

  describe('settings', () => {
    it('refuses staff with 403: payment settings are the owner’s', async () => {
      const response = await putMethods([{ kind: 'bank_transfer', enabled: true, instructions: BANK }], staff)
      expect(response.statusCode).toBe(403)
    })

    it.each([
      [
        [{ kind: 'bank_transfer', enabled: true, instructions: '  ' }],
        'Please enter the instructions for Bank transfer',
      ],
      [[{ kind: 'cheque', enabled: true, instructions: 'x' }], 'Payment method must be one of'],
      [
        [
          { kind: 'bank_transfer', enabled: false },
          { kind: 'bank_transfer', enabled: false },
        ],
        'Each payment method can be listed once',
      ],
      [[{ kind: 'bank_transfer', enabled: 'yes', instructions: 'x' }], 'Enabled must be true or false'],
      [[{ kind: 'bank_transfer', enabled: true, instructions: 'x'.repeat(2001) }], 'at most 2000 characters'],
      ['all of them', 'Methods must be a list'],
    ])('refuses %j with 400 and says why', async (methods, message) => {
      const response = await putMethods(methods)
      expect(response.statusCode).toBe(400)
      expect(response.body).toContain(message)
    })

    it('saves the methods in the checkout’s order; GET /shop offers the enabled ones; the change is audited', async () => {
      const response = await putMethods([
        { kind: 'cash_on_delivery', enabled: false, instructions: 'Pay the courier in cash.' },
        { kind: 'bank_transfer', enabled: true, instructions: BANK },
        { kind: 'pay_on_pickup', enabled: true, instructions: 'Collect at 12 Chapel Lane, Mon-Fri 9-5.' },
      ])
      expect(response.statusCode).toBe(200)
      expect(response.json<PaymentSettings>().methods.map((method) => [method.kind, method.enabled])).toEqual([
        ['cash_on_delivery', false],
        ['bank_transfer', true],
        ['pay_on_pickup', true],
        ['card', false],
      ])
      // The checkout follows at once: the money cache was emptied by the write.
      expect((await shopInfo()).paymentMethods).toEqual([
        { kind: 'bank_transfer', name: 'Bank transfer', instructions: BANK },
        { kind: 'pay_on_pickup', name: 'Pay on pickup', instructions: 'Collect at 12 Chapel Lane, Mon-Fri 9-5.' },
      ])
      const { rows } = await auditRepo.listPage(t.db, { entity: 'settings' }, { limit: 1, offset: 0 })
      expect(rows[0]).toMatchObject({ actor: 'admin', action: 'updated' })
      expect(rows[0]?.changes).toHaveProperty('methods')
    })
  })

  describe('checkout', () => {
    it('keeps the chosen method and its instructions on the order, the guest page and the confirmation mail', async () => {
      const placed = await placeOrder({ paymentMethod: 'pay_on_pickup' })
      expect(placed.statusCode).toBe(201)
      const order = placed.json<PlacedOrder>()
      expect(order.payment).toEqual({
        method: 'pay_on_pickup',
        methodName: 'Pay on pickup',
        instructions: 'Collect at 12 Chapel Lane, Mon-Fri 9-5.',
        status: 'unpaid',
        paid: '0.00',
        refunded: '0.00',
      })

      const guest = await t.request({
        method: 'GET',
        url: `/api/orders/${order.orderNumber}?key=${encodeURIComponent(order.accessKey)}`,
      })
      expect(guest.json<GuestOrder>().payment).toEqual({
        method: 'pay_on_pickup',
        methodName: 'Pay on pickup',
        instructions: 'Collect at 12 Chapel Lane, Mon-Fri 9-5.',
        status: 'unpaid',
      })

      const mails = await outboxRepo.listForOrder(t.db, order.id)
      const confirmation = mails.find((mail) => mail.kind === 'order_placed')
      if (!confirmation) throw new Error('no confirmation mail was queued')
      const rendered = await composeMail(t.app.deps, confirmation)
      expect(rendered.text).toContain('Pay on pickup')
      expect(rendered.text).toContain('Collect at 12 Chapel Lane, Mon-Fri 9-5.')
    })

    it('takes the first method offered when the client names none (the spec’s own client)', async () => {
      const placed = await placeOrder()
      expect(placed.statusCode).toBe(201)
      expect(placed.json<PlacedOrder>().payment).toMatchObject({ method: 'bank_transfer', instructions: BANK })
    })

    it('refuses a method the shop does not offer, naming those it does', async () => {
      const placed = await placeOrder({ paymentMethod: 'cash_on_delivery' })
      expect(placed.statusCode).toBe(400)
      expect(placed.json().message).toBe(
        'Cash on delivery is not offered by this shop. Please choose Bank transfer or Pay on pickup.',
      )
      // Card is a method, but not offered by a shop whose server has no Stripe keys.
      const card = await placeOrder({ paymentMethod: 'card' })
      expect(card.statusCode).toBe(400)
      expect(card.json().message).toBe(
        'Card is not offered by this shop. Please choose Bank transfer or Pay on pickup.',
      )
      const unknown = await placeOrder({ paymentMethod: 'cheque' })
      expect(unknown.statusCode).toBe(400)
      expect(unknown.body).toContain('Payment method must be one of: bank_transfer, cash_on_delivery, pay_on_pickup')
    })

    it('an order keeps the instructions it was placed with when the owner changes them', async () => {
      const placed = (await placeOrder({ paymentMethod: 'bank_transfer' })).json<PlacedOrder>()
      await putMethods([{ kind: 'bank_transfer', enabled: true, instructions: 'New bank: IBAN GB33 BUKB 2020' }])
      const order = await t.request({ method: 'GET', url: `/api/admin/orders/${placed.id}`, token: staff })
      expect(order.json<Order>().payment.instructions).toBe(BANK)
      await putMethods([
        { kind: 'bank_transfer', enabled: true, instructions: BANK },
        { kind: 'pay_on_pickup', enabled: true, instructions: 'Collect at 12 Chapel Lane, Mon-Fri 9-5.' },
      ])
    })
  })

  describe('the payment status', () => {
    let order: PlacedOrder
    beforeAll(async () => {
      order = (await placeOrder({ paymentMethod: 'bank_transfer' })).json<PlacedOrder>()
    })

    it.each([
      [{ kind: 'payment', amount: '0' }, 'Amount must be more than 0'],
      [{ kind: 'payment', amount: '-5' }, 'Amount must be a number'],
      [{ kind: 'payment', amount: 'ten' }, 'Amount must be a number'],
      [{ kind: 'payment', amount: '10.001' }, 'Amount can have at most 2 decimal places'],
      [{ kind: 'payment', amount: '99999999999' }, 'Amount can be at most 21474836.47'],
      [{ kind: 'payment' }, 'Amount must be a number'],
      [{ kind: 'chargeback', amount: '10' }, 'Kind must be payment or refund'],
      [{ kind: 'payment', amount: '10', note: 'x'.repeat(501) }, 'Note must be at most 500 characters'],
    ])('refuses %j with 400 and says why', async (body, message) => {
      const response = await record(order.id, body)
      expect(response.statusCode).toBe(400)
      expect(response.body).toContain(message)
    })

    it('answers 404 for an unknown order', async () => {
      const response = await record(999_999, { kind: 'payment', amount: '10' })
      expect(response.statusCode).toBe(404)
      expect(response.json().message).toBe('Order 999999 not found')
    })

    it('a part payment leaves the order unpaid, the rest makes it paid (staff may record payments)', async () => {
      const part = await record(order.id, { kind: 'payment', amount: '20.00', note: 'First instalment' })
      expect(part.statusCode).toBe(201)
      expect(part.json<Order>()).toMatchObject({
        paymentStatus: 'unpaid',
        payment: { status: 'unpaid', paid: '20.00', refunded: '0.00' },
      })
      const rest = await record(order.id, { kind: 'payment', amount: 100, note: 'Transfer received 26 Nov' })
      expect(rest.statusCode).toBe(201)
      expect(rest.json<Order>().payment).toMatchObject({ status: 'paid', paid: '120.00' })
    })

    it('refuses a payment above what is still to pay, and a refund above what was paid', async () => {
      const more = await record(order.id, { kind: 'payment', amount: '1' })
      expect(more.statusCode).toBe(400)
      expect(more.json().message).toBe('A payment of $1.00 is more than the $0.00 still to pay for this order')
      const refund = await record(order.id, { kind: 'refund', amount: '120.01' })
      expect(refund.statusCode).toBe(400)
      expect(refund.json().message).toBe('A refund of $120.01 is more than the $120.00 paid for this order')
    })

    it('a refund of part makes it partially refunded, of the rest refunded', async () => {
      const part = await record(order.id, { kind: 'refund', amount: '30', note: 'One stone missing' })
      expect(part.json<Order>().payment).toMatchObject({ status: 'partially_refunded', refunded: '30.00' })
      const rest = await record(order.id, { kind: 'refund', amount: '90' })
      expect(rest.json<Order>().payment).toMatchObject({ status: 'refunded', paid: '120.00', refunded: '120.00' })
      const again = await record(order.id, { kind: 'refund', amount: '0.01' })
      expect(again.statusCode).toBe(400)
    })

    it('shows each payment and refund on the timeline, with amount, note, who and the status it left', async () => {
      const response = await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}/activity`, token: owner })
      const payments = response
        .json<OrderActivity>()
        .timeline.filter((entry) => entry.type === 'payment')
        .map(({ kind, amount, note, actor, status }) => ({ kind, amount, note, actor, status }))
      expect(payments).toEqual([
        { kind: 'payment', amount: '20.00', note: 'First instalment', actor: 'sam', status: 'unpaid' },
        { kind: 'payment', amount: '100.00', note: 'Transfer received 26 Nov', actor: 'sam', status: 'paid' },
        { kind: 'refund', amount: '30.00', note: 'One stone missing', actor: 'sam', status: 'partially_refunded' },
        { kind: 'refund', amount: '90.00', note: null, actor: 'sam', status: 'refunded' },
      ])
    })

    it('records each payment in the audit log', async () => {
      const { rows } = await auditRepo.listPage(t.db, { entity: 'order' }, { limit: 1, offset: 0 })
      expect(rows[0]).toMatchObject({
        actor: 'sam',
        action: 'payments',
        entityId: String(order.id),
        changes: { orderNumber: order.orderNumber, kind: 'refund', amount: '90' },
      })
    })

    it('of two refunds recorded at once that together exceed what was paid, exactly one is recorded', async () => {
      const racing = (await placeOrder({ paymentMethod: 'bank_transfer' })).json<PlacedOrder>()
      expect((await record(racing.id, { kind: 'payment', amount: '120' })).statusCode).toBe(201)
      const answers = await Promise.all([
        record(racing.id, { kind: 'refund', amount: '80' }),
        record(racing.id, { kind: 'refund', amount: '80' }, owner),
      ])
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400])
      const order = await t.request({ method: 'GET', url: `/api/admin/orders/${racing.id}`, token: owner })
      expect(order.json<Order>().payment).toMatchObject({ status: 'partially_refunded', refunded: '80.00' })
      await t.request({ method: 'DELETE', url: `/api/admin/orders/${racing.id}`, token: owner })
    })
  })

  describe('the orders list and the dashboard', () => {
    let paid: PlacedOrder
    beforeAll(async () => {
      paid = (await placeOrder({ paymentMethod: 'bank_transfer' })).json<PlacedOrder>()
      await record(paid.id, { kind: 'payment', amount: '120.00', note: 'Paid in full' })
    })

    it('filters the list by payment status, with its count', async () => {
      const response = await t.request({ method: 'GET', url: '/api/admin/orders?paymentStatus=paid', token: staff })
      expect(response.statusCode).toBe(200)
      expect(response.json<OrderSummary[]>().map((order) => [order.id, order.paymentStatus])).toEqual([
        [paid.id, 'paid'],
      ])
      expect(response.headers['x-total-count']).toBe('1')
      const refunded = await t.request({
        method: 'GET',
        url: '/api/admin/orders?paymentStatus=refunded&status=pending',
        token: staff,
      })
      expect(refunded.json<OrderSummary[]>()).toHaveLength(1)
      const unpaid = await t.request({ method: 'GET', url: '/api/admin/orders?paymentStatus=unpaid', token: staff })
      expect(unpaid.json<OrderSummary[]>().every((order) => order.paymentStatus === 'unpaid')).toBe(true)
      expect(Number(unpaid.headers['x-total-count'])).toBeGreaterThan(3)
    })

    it('refuses an unknown payment status with 400', async () => {
      const response = await t.request({ method: 'GET', url: '/api/admin/orders?paymentStatus=settled', token: staff })
      expect(response.statusCode).toBe(400)
      expect(response.body).toContain('Payment status must be one of: unpaid, paid, partially_refunded, refunded')
    })

    it('counts what paid orders brought as the dashboard’s revenue: payments less refunds', async () => {
      // The refunded order brought nothing; the paid one its total; the unpaid ones nothing yet.
      expect((await stats()).totalRevenue).toBe('120.00')
      await record(paid.id, { kind: 'refund', amount: '20.00' })
      expect((await stats()).totalRevenue).toBe('100.00')
      const deleted = await t.request({ method: 'DELETE', url: `/api/admin/orders/${paid.id}`, token: owner })
      expect(deleted.statusCode).toBe(200)
      expect((await stats()).totalRevenue).toBe('0.00')
    })

    it('exports the method, the payment status and the sums with the orders CSV, filtered by payment status', async () => {
      const csv = await t.request({
        method: 'GET',
        url: '/api/admin/orders/export?paymentStatus=refunded',
        token: owner,
      })
      expect(csv.statusCode).toBe(200)
      const [header, ...rows] = csv.body.trim().split(/\r?\n/)
      expect(header).toContain('Order total,Payment method,Payment status,Amount paid,Amount refunded')
      expect(rows).toHaveLength(1)
      expect(rows[0]).toContain(',Bank transfer,refunded,120.00,120.00,')
    })

    it('prints the method and the payment status on the invoice', async () => {
      const order = (await placeOrder({ paymentMethod: 'bank_transfer' })).json<PlacedOrder>()
      await record(order.id, { kind: 'payment', amount: '120.00' })
      const invoice = await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}/invoice`, token: owner })
      expect(invoice.statusCode).toBe(200)
      const text = pdfText(invoice.rawPayload)
      expect(text).toContain('Bank transfer: Paid')
      expect(text).toContain('Paid $120.00')
    })
  })
})
