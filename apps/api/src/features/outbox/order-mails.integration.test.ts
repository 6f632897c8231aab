import { insertProduct } from '@shop/db/testing/factories'
import { ORDER_LOOKUP_MESSAGE } from '@shop/schema/orders'
import { type ParsedMail, simpleParser } from 'mailparser'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpInbox, startSmtpInbox } from '../../testing/smtp-inbox'
import { createTestApp, TEST_ADMIN, type TestApp } from '../../testing/test-app'
import { freePort, waitFor } from '../../testing/waits'

const PUBLIC_URL = 'http://shop.test:8080'
const customer = {
  customerName: 'Zoë <b>Miller</b>',
  customerEmail: 'zoe@example.com',
  customerAddress: '12 Oak Street, Springfield, IL 62701, USA',
}

const parse = async (raw: string): Promise<ParsedMail> => simpleParser(raw)
const recipients = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((to) => to.value.map((a) => a.address))

async function placeOrder(t: TestApp, productId: number, quantity = 2, extra: object = {}) {
  const response = await t.request({
    method: 'POST',
    url: '/api/orders',
    json: { ...customer, notes: 'Engrave nothing', items: [{ productId, quantity }], ...extra },
  })
  expect(response.statusCode).toBe(201)
  return response.json<{ id: number; orderNumber: string; accessKey: string; customerEmail: string }>()
}

/** The order's activity in the admin, once `until` holds (mails are sent in the background). */
// biome-ignore lint/suspicious/noExplicitAny: the answer's JSON, read by each test as it needs
function waitForActivity(t: TestApp, orderId: number, token: string, until: (activity: any) => boolean) {
  return waitFor(
    async () => (await t.request({ method: 'GET', url: `/api/admin/orders/${orderId}/activity`, token })).json(),
    until,
  )
}

function linkIn(mail: ParsedMail): string {
  const match = /http:\/\/shop\.test:8080(\/orders\/[^\s"<>]+)/.exec(mail.text ?? '')
  if (!match?.[1]) throw new Error(`no order link in:\n${mail.text}`)
  return match[1].replace(/&amp;/g, '&')
}

describe('order mails over real SMTP', () => {
  let inbox: SmtpInbox
  let t: TestApp
  let token: string
  let product: { id: number }
  beforeAll(async () => {
    inbox = await startSmtpInbox()
    t = await createTestApp({ smtpPort: inbox.port, env: { PUBLIC_URL } })
    token = await t.login()
    product = await insertProduct(t.db, { name: 'Mustard Seed Necklace', sku: 'NEC-2001', price: 64.5, stock: 500 })
  })
  afterAll(async () => {
    await t.close()
    await inbox.close()
  })
  afterEach(async () => {
    // Every test takes its own mails: the next starts once this one's are all out.
    await waitFor(
      async () => (await t.db.selectFrom('outbox').select('id').where('status', '=', 'pending').execute()).length,
      (pending) => pending === 0,
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    inbox.mails.splice(0)
  })

  const mailsTo = async (count: number) => {
    await waitFor(
      () => inbox.mails.length,
      (n) => n >= count,
    )
    return Promise.all(inbox.mails.map((mail) => parse(mail.raw)))
  }

  it('prints the stored subtotal, discount and code, shipping and tax in the mails', async () => {
    const admin = (method: 'POST' | 'DELETE', url: string, json?: unknown) => t.request({ method, url, token, json })
    const zone = await admin('POST', '/api/admin/shipping-zones', {
      name: 'Domestic',
      areas: ['US'],
      methods: [{ name: 'Standard', price: '9.95', freeOver: '500' }],
    })
    const rate = await admin('POST', '/api/admin/tax-rates', { name: 'Sales tax', country: 'US', rate: '8' })
    await admin('POST', '/api/admin/discounts', { code: 'MAIL5', kind: 'fixed', value: '5' })
    try {
      // 2 x 64.50 = 129.00; -5.00; shipping 9.95; tax 8% of 124.00 = 9.92; total 143.87.
      const order = await placeOrder(t, product.id, 2, { discountCode: 'mail5', total: '143.87' })
      const mails = await mailsTo(2)
      const buyer = mails.find((mail) => recipients(mail).includes(order.customerEmail))
      if (!buyer) throw new Error('no mail to the buyer')
      for (const fact of [
        'Subtotal',
        '$129.00',
        'Discount (MAIL5)',
        '-$5.00',
        'Shipping (Standard)',
        '$9.95',
        'Tax',
        '$9.92',
        '$143.87',
      ]) {
        expect(buyer.text).toContain(fact)
        expect(buyer.html).toContain(fact)
      }
    } finally {
      await admin('DELETE', `/api/admin/shipping-zones/${zone.json().id}`)
      await admin('DELETE', `/api/admin/tax-rates/${rate.json().id}`)
    }
  })

  it('mails the buyer and the owner when an order is placed, with every fact and working links', async () => {
    const order = await placeOrder(t, product.id)
    const mails = await mailsTo(2)
    const buyer = mails.find((mail) => recipients(mail).includes(customer.customerEmail))
    const owner = mails.find((mail) => recipients(mail).includes('hello@example.com'))
    if (!buyer || !owner) throw new Error(`expected mails to the buyer and the owner, got ${mails.map(recipients)}`)

    expect(buyer.subject).toContain(order.orderNumber)
    for (const fact of ['Mustard Seed Necklace', 'NEC-2001', '$64.50', '$129.00', customer.customerAddress]) {
      expect(buyer.text).toContain(fact)
      expect(buyer.html).toContain(fact)
    }
    // The buyer's name is text, never markup.
    expect(buyer.text).toContain('Zoë <b>Miller</b>')
    expect(buyer.html).not.toContain('<b>Miller</b>')
    expect(buyer.html).not.toMatch(/<script/i)
    expect(buyer.text).toContain('hello@example.com')
    expect(buyer.from?.value[0]).toMatchObject({ name: 'Grace & Gold Jewelry' })
    expect(buyer.messageId).toMatch(/^<[\w-]+@shop\.test>$/)

    // The mailed link opens the order; so does the key the checkout answered with.
    const page = await t.request({ method: 'GET', url: `/api${linkIn(buyer)}` })
    expect(page.statusCode).toBe(200)
    expect(page.json()).toMatchObject({ orderNumber: order.orderNumber, status: 'pending', total: '129.00' })
    expect(page.headers['cache-control']).toBe('no-store')
    const fromCheckout = await t.request({
      method: 'GET',
      url: `/api/orders/${order.orderNumber}?key=${encodeURIComponent(order.accessKey)}`,
    })
    expect(fromCheckout.json()).toEqual(page.json())

    expect(owner.subject).toContain(order.orderNumber)
    expect(owner.text).toContain(`${PUBLIC_URL}/admin/orders/${order.id}`)
    expect(owner.text).toContain('Engrave nothing')
    expect(owner.text).toContain(customer.customerEmail)
  })

  it('sends the owner mail to the notification addresses of Settings', async () => {
    const settings = (await t.request({ method: 'GET', url: '/api/admin/settings', token })).json()
    const saved = await t.request({
      method: 'PUT',
      url: '/api/admin/settings',
      token,
      json: { ...settings, notificationEmails: ['orders@example.com', 'Owner@Example.com', 'orders@EXAMPLE.com'] },
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().notificationEmails).toEqual(['orders@example.com', 'Owner@Example.com'])
    try {
      await placeOrder(t, product.id, 1)
      const mails = await mailsTo(3)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(inbox.mails).toHaveLength(3)
      expect(
        mails
          .flatMap(recipients)
          .map((to) => to?.toLowerCase())
          .sort(),
      ).toEqual(['orders@example.com', 'owner@example.com', 'zoe@example.com'])
    } finally {
      await t.request({ method: 'PUT', url: '/api/admin/settings', token, json: { ...settings } })
    }
  })

  it('mails the buyer on a status change with the tracking link, shows it on the guest page, and notes it', async () => {
    const order = await placeOrder(t, product.id, 1)
    await mailsTo(2)
    inbox.mails.splice(0)
    const changed = await t.request({
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}/status`,
      token,
      json: { status: 'completed', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://track.example/1Z999' },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ status: 'completed', trackingNumber: '1Z999AA10123456784' })
    const [mail] = await mailsTo(1)
    if (!mail) throw new Error('no status mail')
    expect(recipients(mail)).toEqual([customer.customerEmail])
    expect(mail.subject).toContain(order.orderNumber)
    expect(mail.text).toContain('1Z999AA10123456784')
    expect(mail.html).toContain('href="https://track.example/1Z999"')

    const page = (await t.request({ method: 'GET', url: `/api${linkIn(mail)}` })).json()
    expect(page.trackingNumber).toBe('1Z999AA10123456784')
    expect(page.trackingUrl).toBe('https://track.example/1Z999')
    expect(page.history.map((entry: { status: string }) => entry.status)).toEqual(['pending', 'completed'])

    const activity = (await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}/activity`, token })).json()
    const types = activity.timeline.map((entry: { type: string; event?: string }) =>
      entry.type === 'mail' ? `mail:${entry.event}` : entry.type,
    )
    expect(types[0]).toBe('placed')
    expect(types).toEqual(expect.arrayContaining(['status', 'tracking', 'mail:queued', 'mail:sent']))
    expect(activity.timeline.find((entry: { type: string }) => entry.type === 'status')).toMatchObject({
      actor: TEST_ADMIN.username,
      from: 'pending',
      to: 'completed',
      notified: true,
    })
    expect(activity.mails.map((m: { kind: string; status: string }) => `${m.kind}:${m.status}`).sort()).toEqual([
      'order_placed:sent',
      'order_received:sent',
      'order_status:sent',
    ])
  })

  it('sends no mail when the admin turns "Notify customer" off, or for a change back to pending', async () => {
    const order = await placeOrder(t, product.id, 1)
    await mailsTo(2)
    inbox.mails.splice(0)
    const quiet = await t.request({
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}/status`,
      token,
      json: { status: 'processing', notifyCustomer: false },
    })
    expect(quiet.statusCode).toBe(200)
    const back = await t.request({
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}/status`,
      token,
      json: { status: 'pending' },
    })
    expect(back.statusCode).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(inbox.mails).toHaveLength(0)
    const activity = (await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}/activity`, token })).json()
    expect(activity.timeline.filter((e: { type: string }) => e.type === 'status')).toMatchObject([
      { from: 'pending', to: 'processing', notified: false },
      { from: 'processing', to: 'pending', notified: false },
    ])
  })

  it('refuses a tracking link that is not a web address, and a tracking number over two lines', async () => {
    const order = await placeOrder(t, product.id, 1)
    for (const json of [
      { status: 'completed', trackingUrl: 'javascript:alert(1)' },
      { status: 'completed', trackingNumber: 'AB\r\nBcc: victim@example.com' },
      { status: 'completed', notifyCustomer: 'yes' },
    ]) {
      const response = await t.request({ method: 'PATCH', url: `/api/admin/orders/${order.id}/status`, token, json })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBeTruthy()
    }
    expect((await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}`, token })).json().status).toBe(
      'pending',
    )
  })

  it("answers a wrong, missing or other order's key exactly like an unknown order", async () => {
    const a = await placeOrder(t, product.id, 1)
    const b = await placeOrder(t, product.id, 1)
    const get = (url: string) => t.request({ method: 'GET', url })
    const answers = await Promise.all([
      get(`/api/orders/${b.orderNumber}?key=${encodeURIComponent(a.accessKey)}`),
      get(`/api/orders/${a.orderNumber}?key=wrong`),
      get(`/api/orders/${a.orderNumber}`),
      get(`/api/orders/ORD-999999?key=${encodeURIComponent(a.accessKey)}`),
    ])
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404)
      expect(answer.body).toBe(answers[0]?.body)
    }
    expect(answers[0]?.json().message).toBe('Order not found')
    const tooLong = await get(`/api/orders/${a.orderNumber}?key=${'k'.repeat(201)}`)
    expect(tooLong.statusCode).toBe(400)
  })

  it('mails the link to the buyer from the Order Tracking form, with the same answer when nothing matches', async () => {
    const order = await placeOrder(t, product.id, 1)
    await mailsTo(2)
    inbox.mails.splice(0)
    const lookup = (json: object, remoteAddress = '10.9.0.1') =>
      t.request({ method: 'POST', url: '/api/orders/lookup', json, remoteAddress })
    const match = await lookup({ orderNumber: order.orderNumber, email: 'ZOE@example.com' })
    const wrongEmail = await lookup({ orderNumber: order.orderNumber, email: 'eve@example.com' })
    const unknown = await lookup({ orderNumber: 'ORD-424242', email: customer.customerEmail })
    for (const answer of [match, wrongEmail, unknown]) {
      expect(answer.statusCode).toBe(200)
      expect(answer.body).toBe(match.body)
    }
    expect(match.json()).toEqual({ message: ORDER_LOOKUP_MESSAGE })
    const [mail] = await mailsTo(1)
    if (!mail) throw new Error('no link mail')
    expect(recipients(mail)).toEqual([customer.customerEmail])
    expect((await t.request({ method: 'GET', url: `/api${linkIn(mail)}` })).statusCode).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(inbox.mails).toHaveLength(1)

    const invalid = await lookup({ orderNumber: '', email: 'not-an-email' })
    expect(invalid.statusCode).toBe(400)
    for (let i = 0; i < 7; i++) await lookup({ orderNumber: 'ORD-1', email: 'a@example.com' })
    const limited = await lookup({ orderNumber: 'ORD-1', email: 'a@example.com' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json().message).toMatch(/^Too many order look-ups\./)
  })

  it('keeps internal notes on the order, for the admin only', async () => {
    const order = await placeOrder(t, product.id, 1)
    const added = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/notes`,
      token,
      json: { text: 'Customer called: wants gift wrap' },
    })
    expect(added.statusCode).toBe(201)
    expect(added.json().timeline.at(-1)).toMatchObject({
      type: 'note',
      actor: TEST_ADMIN.username,
      text: 'Customer called: wants gift wrap',
    })
    const page = (
      await t.request({
        method: 'GET',
        url: `/api/orders/${order.orderNumber}?key=${encodeURIComponent(order.accessKey)}`,
      })
    ).body
    expect(page).not.toContain('gift wrap')
    for (const text of ['', '   ', 'x'.repeat(2001)]) {
      const refused = await t.request({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/notes`,
        token,
        json: { text },
      })
      expect(refused.statusCode).toBe(400)
    }
    const missing = await t.request({
      method: 'POST',
      url: '/api/admin/orders/999999/notes',
      token,
      json: { text: 'Hi' },
    })
    expect(missing.statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: '/api/admin/orders/999999/activity', token })).statusCode).toBe(404)
  })

  it('resends a mail as a new one with its own Message-ID', async () => {
    const order = await placeOrder(t, product.id, 1)
    const [first] = (await mailsTo(2)).filter((mail) => recipients(mail).includes(customer.customerEmail))
    inbox.mails.splice(0)
    const activity = (await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}/activity`, token })).json()
    const placed = activity.mails.find((mail: { kind: string }) => mail.kind === 'order_placed')
    const resent = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/mails/${placed.id}/resend`,
      token,
    })
    expect(resent.statusCode).toBe(200)
    expect(resent.json().timeline.at(-1)).toMatchObject({ type: 'mail', event: 'resent', actor: TEST_ADMIN.username })
    const [again] = await mailsTo(1)
    expect(again?.subject).toBe(first?.subject)
    expect(again?.messageId).not.toBe(first?.messageId)
    const other = await placeOrder(t, product.id, 1)
    const wrongOrder = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${other.id}/mails/${placed.id}/resend`,
      token,
    })
    expect(wrongOrder.statusCode).toBe(404)
  })
})

describe('order mails while the mail server is down', () => {
  it('places the order at once, then delivers each mail once when the server is back', async () => {
    const port = await freePort()
    const t = await createTestApp({ smtpPort: port, env: { PUBLIC_URL } })
    let inbox: SmtpInbox | undefined
    try {
      const token = await t.login()
      const product = await insertProduct(t.db, { stock: 10 })
      const started = Date.now()
      const order = await placeOrder(t, product.id, 1)
      expect(Date.now() - started).toBeLessThan(2_000)
      // The failure is on the order, with the reason in words.
      const failed = await waitForActivity(
        t,
        order.id,
        token,
        // The activity's two reads (mails, timeline) may straddle the failure's commit: wait for both.
        (activity) =>
          activity.mails.some((mail: { lastError: string | null }) => mail.lastError !== null) &&
          activity.timeline.some((entry: { event?: string }) => entry.event === 'failed'),
      )
      const mail = failed.mails.find((m: { lastError: string | null }) => m.lastError)
      expect(mail.status).toBe('pending')
      expect(mail.lastError).toMatch(/Could not connect to the mail server at 127\.0\.0\.1:\d+/)

      inbox = await startSmtpInbox({ port })
      const box = inbox
      await waitFor(
        () => box.mails.length,
        (n) => n >= 2,
      )
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      const ids = await Promise.all(box.mails.map(async (m) => (await parse(m.raw)).messageId))
      expect(ids).toHaveLength(2)
      expect(new Set(ids).size).toBe(2)
    } finally {
      await t.close()
      await inbox?.close()
    }
  })

  it('delivers the mails left pending when the shop restarts', async () => {
    const port = await freePort()
    // Down: the mails stay pending, tried again every 300 ms.
    const first = await createTestApp({ smtpPort: port, mailDelivery: { retryBaseMs: 300, maxRetryMs: 300 } })
    const product = await insertProduct(first.db, { stock: 10 })
    await placeOrder(first, product.id, 1)
    await waitFor(
      async () => (await first.db.selectFrom('outbox').select('attempts').execute()).map((row) => row.attempts),
      (attempts) => attempts.length === 2 && attempts.every((n) => n >= 1),
    )
    await first.app.close()

    const inbox = await startSmtpInbox()
    const second = await createTestApp({ database: first.database, smtpPort: inbox.port })
    try {
      await waitFor(
        () => inbox.mails.length,
        (n) => n >= 2,
      )
      expect(inbox.mails.flatMap((mail) => mail.to).sort()).toEqual(['hello@example.com', 'zoe@example.com'])
    } finally {
      await second.close()
      await first.database.drop()
      await inbox.close()
    }
  })

  it('records the mail as failed, with the reason, when no mail server is configured', async () => {
    const t = await createTestApp()
    try {
      const token = await t.login()
      const product = await insertProduct(t.db, { stock: 10 })
      const order = await placeOrder(t, product.id, 1)
      const activity = await waitForActivity(
        t,
        order.id,
        token,
        (value) => value.mails.length === 2 && value.mails.every((m: { status: string }) => m.status === 'failed'),
      )
      expect(activity.mails[0].lastError).toMatch(/^No mail server is configured/)
    } finally {
      await t.close()
    }
  })
})
