import http from 'node:http'
import { ORDER_LOOKUP_OUTCOMES } from '@shop/schema/order-lookup'
import { CUSTOMER, decodeQuotedPrintable, expect, MailInbox, test } from '../../fixtures/admin'
import { E2E_PORT, E2E_SMTP_PORT } from '../../fixtures/constants'

/**
 * The Order Tracking form works before the page's code has run, and without JavaScript: the browser sends it to
 * POST /order-tracking, which looks the order up as the API does and answers with the page saying what happened.
 */

test('without JavaScript, the Order Tracking form mails the link to the order and says so', async ({
  browser,
  shopAdmin,
}) => {
  const inbox = await MailInbox.start(E2E_SMTP_PORT)
  try {
    const order = await shopAdmin.placeOrder(await shopAdmin.createProduct())
    const confirmation = await inbox.waitForMailTo(CUSTOMER.email)
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/order-tracking')
    await page.getByRole('textbox', { name: 'Order number' }).fill(order.orderNumber)
    await page.getByRole('textbox', { name: 'E-mail' }).fill(CUSTOMER.email.toUpperCase())
    await page.getByRole('button', { name: 'E-mail me the link' }).click()

    await expect(page).toHaveURL(/\/order-tracking\?lookup=sent$/)
    await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toContainText(
      ORDER_LOOKUP_OUTCOMES.sent,
    )
    const mail = await inbox.waitForMailTo(CUSTOMER.email, { skip: inbox.mails.indexOf(confirmation) + 1 })
    expect(decodeQuotedPrintable(mail.raw)).toContain(`/orders/${order.orderNumber}?key=`)
    // A reload shows the page again; it does not send the form again.
    await page.reload()
    await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible()
    await context.close()
  } finally {
    await inbox.close()
  }
})

test('the form sent with fields that are not an order number and an address answers 400 and the page says what to enter', async ({
  request,
}) => {
  const forms: Record<string, string>[] = [
    { orderNumber: '', email: CUSTOMER.email },
    { orderNumber: 'ORD-1001', email: 'not-an-address' },
    { orderNumber: 'x'.repeat(65), email: CUSTOMER.email },
    { email: CUSTOMER.email },
  ]
  for (const form of forms) {
    const answer = await request.post('/order-tracking', { form, maxRedirects: 0 })
    expect(answer.status(), JSON.stringify(form)).toBe(400)
    expect(answer.headers()['content-type']).toContain('text/html')
    expect(await answer.text()).toContain(ORDER_LOOKUP_OUTCOMES.invalid)
  }
  // Too long, or not a form: refused, never a server error.
  const huge = await request.post('/order-tracking', { form: { orderNumber: 'x'.repeat(5000), email: 'a@b.co' } })
  expect(huge.status()).toBe(413)
  const text = await request.post('/order-tracking', {
    data: 'orderNumber=1',
    headers: { 'content-type': 'text/plain' },
  })
  expect(text.status()).toBe(400)
  const xml = await request.post('/order-tracking', { data: '<a/>', headers: { 'content-type': 'application/xml' } })
  expect(xml.status()).toBe(415)
})

/** Sends the form from another loopback address: a client of its own, whose limit is not the other tests'. */
function postFormFrom(
  localAddress: string,
  body: string,
): Promise<{ status: number; html: string; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        path: '/order-tracking',
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            html: Buffer.concat(chunks).toString('utf8'),
            retryAfter: response.headers['retry-after'],
          }),
        )
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

test('past the look-up limit, the form answers 429 and the page says to try later', async () => {
  const body = new URLSearchParams({ orderNumber: 'ORD-999999', email: 'nobody@example.com' }).toString()
  const statuses: number[] = []
  let last: Awaited<ReturnType<typeof postFormFrom>> = { status: 0, html: '' }
  for (let i = 0; i < 11; i++) {
    last = await postFormFrom('127.0.0.42', body)
    statuses.push(last.status)
  }
  // The API's limit: ten look-ups per client in fifteen minutes, each answered with the page saying it was sent.
  expect(statuses).toEqual([...Array(10).fill(303), 429])
  expect(last.html).toContain(ORDER_LOOKUP_OUTCOMES['too-many'])
  expect(Number(last.retryAfter)).toBeGreaterThan(0)
})
