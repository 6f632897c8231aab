import net from 'node:net'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpInbox, startSmtpInbox } from '../../testing/smtp-inbox'
import { createTestApp, type TestApp } from '../../testing/test-app'

const valid = {
  name: 'Grace & Gold Jewelry',
  email: 'hello@example.com',
  phone: '+1 (555) 013-2024',
  address: '12 Chapel Lane, Nashville, TN 37203, USA',
  notificationEmails: [],
  senderName: 'Grace & Gold',
}

describe('shop settings', () => {
  let inbox: SmtpInbox
  let t: TestApp
  let token: string
  beforeAll(async () => {
    inbox = await startSmtpInbox()
    t = await createTestApp({
      smtpPort: inbox.port,
      env: {
        SHOP_NAME: 'Seeded Shop',
        SHOP_EMAIL: 'seed@example.com',
        SHOP_PHONE: '555-0100',
        SHOP_ADDRESS: '1 Main St',
      },
    })
    token = await t.login()
  })
  afterAll(async () => {
    await t.close()
    await inbox.close()
  })

  const put = (json: unknown) => t.request({ method: 'PUT', url: '/api/admin/settings', token, json })
  const get = async () => (await t.request({ method: 'GET', url: '/api/admin/settings', token })).json()

  it('starts from the SHOP_* environment, and says whether mail can be sent', async () => {
    expect(await get()).toMatchObject({
      name: 'Seeded Shop',
      email: 'seed@example.com',
      phone: '555-0100',
      address: '1 Main St',
      notificationEmails: [],
      senderName: 'Seeded Shop',
      mailConfigured: true,
    })
  })

  it('saves the settings, and the storefront and invoice show them at once', async () => {
    await t.request({ method: 'GET', url: '/api/shop' })
    const saved = await put({ ...valid, notificationEmails: [' orders@example.com '] })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ ...valid, notificationEmails: ['orders@example.com'], mailConfigured: true })
    const shop = await t.request({ method: 'GET', url: '/api/shop' })
    expect(shop.json()).toEqual({
      name: valid.name,
      phone: valid.phone,
      email: valid.email,
      address: valid.address,
      currency: 'USD',
      freeShippingOver: '500.00',
      paymentMethods: [],
    })
  })

  it('refuses invalid values with a clear message, and changes nothing', async () => {
    const before = await get()
    const cases: Array<[object, string]> = [
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ notificationEmails: ['orders@example.com', 'nope'] }, 'Please enter a valid email address'],
      [{ name: 'Grace\r\nBcc: victim@example.com' }, 'Shop name must be on one line'],
      [{ senderName: 'Shop\nX-Injected: yes' }, 'Sender name must be on one line'],
      [{ name: '   ' }, 'Shop name is required'],
      [
        { notificationEmails: Array.from({ length: 11 }, (_, i) => `o${i}@example.com`) },
        'At most 10 notification addresses',
      ],
    ]
    for (const [change, message] of cases) {
      const response = await put({ ...valid, ...change })
      expect(response.statusCode, JSON.stringify(change)).toBe(400)
      expect(response.json().issues.map((issue: { message: string }) => issue.message)).toContain(message)
    }
    expect(await get()).toEqual(before)
  })

  it('sends a test e-mail and reports it', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/settings/test-mail',
      token,
      json: { to: 'owner@example.com' },
      remoteAddress: '10.7.0.1',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ delivered: true, message: 'The test e-mail was sent to owner@example.com.' })
    const mail = await simpleParser((await inbox.nextMail()).raw)
    expect(mail.subject).toContain(valid.name)
    expect(mail.from?.value[0]?.name).toBe(valid.senderName)
  })

  it('limits test e-mails per client', async () => {
    const send = () =>
      t.request({ method: 'POST', url: '/api/admin/settings/test-mail', token, json: {}, remoteAddress: '10.7.0.2' })
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(200)
    const limited = await send()
    expect(limited.statusCode).toBe(429)
    expect(limited.json().message).toMatch(/^Too many test e-mails\./)
    const invalid = await t.request({
      method: 'POST',
      url: '/api/admin/settings/test-mail',
      token,
      json: { to: 'nope' },
      remoteAddress: '10.7.0.3',
    })
    expect(invalid.statusCode).toBe(400)
  })
})

describe('the test e-mail when mail cannot be sent', () => {
  it('reports a mail server that is down in plain words', async () => {
    const probe = net.createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const { port } = probe.address() as net.AddressInfo
    await new Promise<void>((resolve) => probe.close(() => resolve()))
    const t = await createTestApp({ smtpPort: port })
    try {
      const token = await t.login()
      const response = await t.request({ method: 'POST', url: '/api/admin/settings/test-mail', token, json: {} })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        delivered: false,
        message: `Could not connect to the mail server at 127.0.0.1:${port}: the connection was refused. Check SMTP_HOST and SMTP_PORT.`,
      })
    } finally {
      await t.close()
    }
  })

  it('says so when no mail server is configured', async () => {
    const t = await createTestApp()
    try {
      const token = await t.login()
      expect((await t.request({ method: 'GET', url: '/api/admin/settings', token })).json().mailConfigured).toBe(false)
      const response = await t.request({ method: 'POST', url: '/api/admin/settings/test-mail', token, json: {} })
      expect(response.json()).toMatchObject({
        delivered: false,
        message: expect.stringMatching(/^No mail server is configured/),
      })
    } finally {
      await t.close()
    }
  })
})
