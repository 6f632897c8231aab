/**
 * Two API processes on one PostgreSQL database, each with its own pool, change feed and mail sender (two apps in
 * this test process: they share nothing but the database, as two processes would). Runs in the postgres project.
 */
import { insertProduct } from '@shop/db/testing/factories'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpInbox, startSmtpInbox } from '../../testing/smtp-inbox'
import { createTestApp, type TestApp } from '../../testing/test-app'

const customer = {
  customerName: 'Ruth Miller',
  customerEmail: 'ruth@example.com',
  customerAddress: '4 Vine Street, Dayton, OH 45402, USA',
}

describe('two API processes sending one outbox', () => {
  let inbox: SmtpInbox
  let a: TestApp
  let b: TestApp
  beforeAll(async () => {
    inbox = await startSmtpInbox()
    // Both poll often, so both are always after the same rows.
    a = await createTestApp({ smtpPort: inbox.port, mailDelivery: { pollMs: 20 } })
    b = await createTestApp({ database: a.database, smtpPort: inbox.port, mailDelivery: { pollMs: 20 } })
  })
  afterAll(async () => {
    await b.close()
    await a.close()
    await inbox.close()
  })

  it('delivers every mail exactly once', async () => {
    const product = await insertProduct(a.db, { stock: 1_000 })
    const orders = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? a : b).request({
          method: 'POST',
          url: '/api/orders',
          json: { ...customer, items: [{ productId: product.id, quantity: 1 }] },
        }),
      ),
    )
    expect(orders.map((response) => response.statusCode)).toEqual(Array(40).fill(201))
    const deadline = Date.now() + 20_000
    while (inbox.mails.length < 80 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    // Long enough for a second copy of any mail to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const ids = await Promise.all(inbox.mails.map(async (mail) => (await simpleParser(mail.raw)).messageId))
    expect(ids).toHaveLength(80)
    expect(new Set(ids).size).toBe(80)
    const statuses = await a.db.selectFrom('outbox').select(['status', 'attempts']).execute()
    expect(statuses.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true)
  })

  it('shows a settings change made on one process at once on the other', async () => {
    const token = await a.login()
    await b.request({ method: 'GET', url: '/api/shop' })
    const settings = (await a.request({ method: 'GET', url: '/api/admin/settings', token })).json()
    const saved = await a.request({
      method: 'PUT',
      url: '/api/admin/settings',
      token,
      json: { ...settings, name: 'Grace & Gold Atelier', phone: '+1 (555) 010-7777' },
    })
    expect(saved.statusCode).toBe(200)
    const shop = (await b.request({ method: 'GET', url: '/api/shop' })).json()
    expect(shop).toMatchObject({ name: 'Grace & Gold Atelier', phone: '+1 (555) 010-7777' })
  })
})
