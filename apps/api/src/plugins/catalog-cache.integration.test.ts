import { insertCategory, insertProduct, insertTestimonial } from '@shop/db/testing/factories'
import { PRODUCT_CSV_COLUMNS } from '@shop/schema/products-csv'
import { type RouteDef, rawRoutes, routes } from '@shop/schema/routes'
import { type StripeStandIn, startStripeStandIn } from '@shop/stripe-stand-in'
import type { LightMyRequestResponse } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { codeAt, enableTwoFactor, inviteAdmin, loginAs, STAFF_PASSWORD } from '../testing/accounts'
import { createTestApp, TEST_ADMIN, type TestApp } from '../testing/test-app'

const feed = vi.hoisted(() => ({ published: 0 }))

// Counts what this app publishes to the other processes. Other test files write to the same PostgreSQL database at
// the same time, and their notices would empty this app's cache too: here only this app's own writes may.
vi.mock('@shop/db/change-feed', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@shop/db/change-feed')>()
  const openChangeFeed: typeof actual.openChangeFeed = async (db, options, feedOptions) => {
    const opened = await actual.openChangeFeed(db, options, { ...feedOptions, onRemoteChange: () => undefined })
    return {
      isShared: opened.isShared,
      get isListening() {
        return opened.isListening
      },
      sync: () => opened.sync(),
      close: () => opened.close(),
      publish: () => {
        feed.published += 1
        return opened.publish()
      },
    }
  }
  return { ...actual, openChangeFeed }
})

const BUYER = {
  customerName: 'Ruth Miller',
  customerEmail: 'ruth@example.com',
  customerAddress: '4 Vine Street, Dayton, OH 45402, USA',
}
const BOUNDARY = '----catalog-cache-test'

let t: TestApp
let png: Buffer
// Card payments' routes (the webhook, a card refund) need Stripe: the stand-in plays it.
let standIn: StripeStandIn

/** Sets up what a call needs, and gives the call itself: only the call may touch the cache. */
type Case = () => Promise<() => Promise<LightMyRequestResponse>>

async function placeOrder(): Promise<number> {
  const product = await insertProduct(t.db, { stock: 5 })
  const response = await t.request({
    method: 'POST',
    url: '/api/orders',
    json: { ...BUYER, items: [{ productId: product.id, quantity: 1 }] },
  })
  return response.json<{ id: number }>().id
}

async function productBody() {
  const category = await insertCategory(t.db)
  return {
    name: 'Pearl Drop Earrings',
    description: 'Freshwater pearls on gold hooks.',
    price: 59,
    categoryId: category.id,
    imageUrls: ['/uploads/demo/pearls.svg'],
    sku: `PRL-${Math.floor(Math.random() * 1e6)}`,
    stock: 4,
    minStock: 1,
    featured: false,
    active: true,
  }
}

// A zone for every country the tests' buyers name (US, the default), so orders keep shipping; free, no tax.
const zoneBody = { name: 'Everywhere', areas: ['US'], methods: [{ name: 'Post', price: 0 }] }
const taxBody = { name: 'None', country: 'US', rate: 0 }

const testimonialBody = { name: 'Ann Lee', content: 'Lovely work.', rating: 5, featured: true }

/** Stripe's event, signed as the stand-in signs it (events are not sent to this app, which does not listen). */
function postStripeEvent(payload: string) {
  return t.request({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': standIn.sign(payload) },
    payload,
  })
}

/** A successful call of every write of the route table (what each one needs is made first). */
let accounts = 0
/** A new staff member, signed in: the account cases change their own account, never the test's owner's. */
async function newStaff(): Promise<{ id: number; username: string; token: string }> {
  accounts += 1
  const username = `cache-staff-${accounts}`
  const id = await inviteAdmin(t, await t.login(), { username, role: 'staff' })
  return { id, username, token: await loginAs(t, username, STAFF_PASSWORD) }
}

const cases: Record<string, Case> = {
  'orders.create': async () => {
    const product = await insertProduct(t.db, { stock: 5 })
    return () =>
      t.request({
        method: 'POST',
        url: '/api/orders',
        json: { ...BUYER, items: [{ productId: product.id, quantity: 1 }] },
      })
  },
  'auth.login': async () => () =>
    t.request({
      method: 'POST',
      url: '/api/auth/login',
      json: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    }),
  'auth.loginTwoFactor': async () => {
    const staff = await newStaff()
    const { secret } = await enableTwoFactor(t, staff.token)
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      json: { username: staff.username, password: STAFF_PASSWORD },
    })
    const { challenge } = login.json<{ challenge: string }>()
    return () =>
      t.request({ method: 'POST', url: '/api/auth/login/two-factor', json: { challenge, code: codeAt(secret, 1) } })
  },
  'auth.changePassword': async () => {
    const { token } = await newStaff()
    return () =>
      t.request({
        method: 'POST',
        url: '/api/auth/password',
        token,
        json: { currentPassword: STAFF_PASSWORD, password: 'Changed-Pass-1', confirmPassword: 'Changed-Pass-1' },
      })
  },
  'auth.twoFactorSetup': async () => {
    const { token } = await newStaff()
    return () => t.request({ method: 'POST', url: '/api/auth/two-factor/setup', token })
  },
  'auth.twoFactorEnable': async () => {
    const { token } = await newStaff()
    const setup = await t.request({ method: 'POST', url: '/api/auth/two-factor/setup', token })
    const { secret } = setup.json<{ secret: string }>()
    return () =>
      t.request({
        method: 'POST',
        url: '/api/auth/two-factor/enable',
        token,
        json: { password: STAFF_PASSWORD, code: codeAt(secret) },
      })
  },
  'auth.twoFactorDisable': async () => {
    const { token } = await newStaff()
    const { secret } = await enableTwoFactor(t, token)
    return () =>
      t.request({
        method: 'POST',
        url: '/api/auth/two-factor/disable',
        token,
        json: { password: STAFF_PASSWORD, code: codeAt(secret, 1) },
      })
  },
  'auth.revokeSession': async () => {
    const { username, token } = await newStaff()
    const other = await loginAs(t, username, STAFF_PASSWORD)
    const sessions = await t.request({ method: 'GET', url: '/api/auth/sessions', token: other })
    const id = sessions.json<Array<{ id: number; current: boolean }>>().find((session) => session.current)?.id
    return () => t.request({ method: 'DELETE', url: `/api/auth/sessions/${id}`, token })
  },
  'auth.revokeOtherSessions': async () => {
    const { token } = await newStaff()
    return () => t.request({ method: 'POST', url: '/api/auth/sessions/revoke-others', token })
  },
  'admin.admins.create': async () => {
    const token = await t.login()
    accounts += 1
    const username = `cache-invite-${accounts}`
    return () =>
      t.request({
        method: 'POST',
        url: '/api/admin/admins',
        token,
        json: { username, email: `${username}@example.com`, name: 'Invited', role: 'staff' },
      })
  },
  'admin.admins.update': async () => {
    const { id } = await newStaff()
    const token = await t.login()
    return () => t.request({ method: 'PATCH', url: `/api/admin/admins/${id}`, token, json: { disabled: true } })
  },
  'admin.admins.delete': async () => {
    const { id } = await newStaff()
    const token = await t.login()
    return () => t.request({ method: 'DELETE', url: `/api/admin/admins/${id}`, token })
  },
  'admin.accountPolicy.update': async () => {
    const token = await t.login()
    return () =>
      t.request({ method: 'PUT', url: '/api/admin/account-policy', token, json: { requireTwoFactor: false } })
  },
  'auth.logout': async () => {
    const token = await t.login()
    return () => t.request({ method: 'POST', url: '/api/auth/logout', token })
  },
  'auth.forgotPassword': async () => () =>
    t.request({ method: 'POST', url: '/api/auth/forgot-password', json: { email: TEST_ADMIN.email } }),
  'auth.resetPassword': async () => {
    const forgot = await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      json: { email: TEST_ADMIN.email },
    })
    const { token } = forgot.json<{ token: string }>()
    const password = TEST_ADMIN.password
    return () =>
      t.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        json: { token, password, confirmPassword: password },
      })
  },
  'admin.products.create': async () => {
    const [token, body] = await Promise.all([t.login(), productBody()])
    return () => t.request({ method: 'POST', url: '/api/admin/products', token, json: body })
  },
  'admin.products.update': async () => {
    const [token, body, product] = await Promise.all([t.login(), productBody(), insertProduct(t.db)])
    return () => t.request({ method: 'PUT', url: `/api/admin/products/${product.id}`, token, json: body })
  },
  'admin.products.delete': async () => {
    const [token, product] = await Promise.all([t.login(), insertProduct(t.db)])
    return () => t.request({ method: 'DELETE', url: `/api/admin/products/${product.id}`, token })
  },
  'admin.categories.create': async () => {
    const token = await t.login()
    const json = { name: 'Anklets', slug: `anklets-${Math.floor(Math.random() * 1e6)}` }
    return () => t.request({ method: 'POST', url: '/api/admin/categories', token, json })
  },
  'admin.categories.update': async () => {
    const [token, category] = await Promise.all([t.login(), insertCategory(t.db)])
    const json = { name: 'Renamed', slug: category.slug }
    return () => t.request({ method: 'PUT', url: `/api/admin/categories/${category.id}`, token, json })
  },
  'admin.categories.delete': async () => {
    const [token, category] = await Promise.all([t.login(), insertCategory(t.db)])
    return () => t.request({ method: 'DELETE', url: `/api/admin/categories/${category.id}`, token })
  },
  'admin.orders.delete': async () => {
    const [token, id] = await Promise.all([t.login(), placeOrder()])
    return () => t.request({ method: 'DELETE', url: `/api/admin/orders/${id}`, token })
  },
  'admin.orders.updateStatus': async () => {
    const [token, id] = await Promise.all([t.login(), placeOrder()])
    return () =>
      t.request({ method: 'PATCH', url: `/api/admin/orders/${id}/status`, token, json: { status: 'cancelled' } })
  },
  'orders.lookup': async () => () =>
    t.request({
      method: 'POST',
      url: '/api/orders/lookup',
      json: { orderNumber: 'ORD-1001', email: BUYER.customerEmail },
    }),
  'admin.orders.addNote': async () => {
    const [token, id] = await Promise.all([t.login(), placeOrder()])
    return () => t.request({ method: 'POST', url: `/api/admin/orders/${id}/notes`, token, json: { text: 'Wrap it' } })
  },
  'admin.orders.resendMail': async () => {
    const [token, id] = await Promise.all([t.login(), placeOrder()])
    const mailId = (await t.db.selectFrom('outbox').select('id').where('order_id', '=', id).executeTakeFirstOrThrow())
      .id
    return () => t.request({ method: 'POST', url: `/api/admin/orders/${id}/mails/${mailId}/resend`, token })
  },
  'admin.orders.recordPayment': async () => {
    const [token, id] = await Promise.all([t.login(), placeOrder()])
    return () =>
      t.request({
        method: 'POST',
        url: `/api/admin/orders/${id}/payments`,
        token,
        json: { kind: 'payment', amount: '1' },
      })
  },
  stripeWebhook: async () => {
    const payload = JSON.stringify({
      id: 'evt_cache_1',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    })
    return () => postStripeEvent(payload)
  },
  'admin.orders.refund': async () => {
    const token = await t.login()
    const card = { methods: [{ kind: 'card', enabled: true }] }
    await t.request({ method: 'PUT', url: '/api/admin/settings/payments', token, json: card })
    const product = await insertProduct(t.db, { stock: 5, price: 20 })
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: { ...BUYER, items: [{ productId: product.id, quantity: 1 }], paymentMethod: 'card' },
    })
    const order = placed.json<{ id: number; orderNumber: string }>()
    const session = standIn.sessions.find((candidate) => candidate.client_reference_id === order.orderNumber)
    await standIn.pay(session?.id ?? '')
    const paid = standIn.events.findLast((event) => event.type === 'checkout.session.completed')
    expect((await postStripeEvent(JSON.stringify(paid?.event))).statusCode).toBe(200)
    return () =>
      t.request({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/refunds`,
        token,
        json: { amount: '1.00', requestId: crypto.randomUUID() },
      })
  },
  'admin.payments.update': async () => {
    const token = await t.login()
    return () =>
      t.request({
        method: 'PUT',
        url: '/api/admin/settings/payments',
        token,
        json: { methods: [{ kind: 'pay_on_pickup', enabled: true, instructions: 'At the workshop' }] },
      })
  },
  'admin.settings.update': async () => {
    const token = await t.login()
    const settings = (await t.request({ method: 'GET', url: '/api/admin/settings', token })).json()
    const { mailConfigured: _, updatedAt: __, ...json } = settings
    return () => t.request({ method: 'PUT', url: '/api/admin/settings', token, json: { ...json, phone: '555-0111' } })
  },
  'admin.settings.testMail': async () => {
    const token = await t.login()
    return () => t.request({ method: 'POST', url: '/api/admin/settings/test-mail', token, json: {} })
  },
  'admin.testimonials.create': async () => {
    const token = await t.login()
    return () => t.request({ method: 'POST', url: '/api/admin/testimonials', token, json: testimonialBody })
  },
  'admin.testimonials.update': async () => {
    const [token, testimonial] = await Promise.all([t.login(), insertTestimonial(t.db)])
    const url = `/api/admin/testimonials/${testimonial.id}`
    return () => t.request({ method: 'PUT', url, token, json: testimonialBody })
  },
  'orders.quote': async () => {
    const product = await insertProduct(t.db, { stock: 5 })
    return () =>
      t.request({ method: 'POST', url: '/api/orders/quote', json: { items: [{ productId: product.id, quantity: 1 }] } })
  },
  'admin.money.update': async () => {
    const token = await t.login()
    return () =>
      t.request({
        method: 'PUT',
        url: '/api/admin/settings/money',
        token,
        json: { currency: 'USD', defaultCountry: 'US', pricesIncludeTax: false },
      })
  },
  'admin.shippingZones.create': async () => {
    const token = await t.login()
    return () => t.request({ method: 'POST', url: '/api/admin/shipping-zones', token, json: zoneBody })
  },
  'admin.shippingZones.update': async () => {
    const token = await t.login()
    const zone = (await t.request({ method: 'POST', url: '/api/admin/shipping-zones', token, json: zoneBody })).json()
    return () => t.request({ method: 'PUT', url: `/api/admin/shipping-zones/${zone.id}`, token, json: zoneBody })
  },
  'admin.shippingZones.delete': async () => {
    const token = await t.login()
    const zone = (await t.request({ method: 'POST', url: '/api/admin/shipping-zones', token, json: zoneBody })).json()
    return () => t.request({ method: 'DELETE', url: `/api/admin/shipping-zones/${zone.id}`, token })
  },
  'admin.taxRates.create': async () => {
    const token = await t.login()
    return () => t.request({ method: 'POST', url: '/api/admin/tax-rates', token, json: taxBody })
  },
  'admin.taxRates.update': async () => {
    const token = await t.login()
    const rate = (await t.request({ method: 'POST', url: '/api/admin/tax-rates', token, json: taxBody })).json()
    return () => t.request({ method: 'PUT', url: `/api/admin/tax-rates/${rate.id}`, token, json: taxBody })
  },
  'admin.taxRates.delete': async () => {
    const token = await t.login()
    const rate = (await t.request({ method: 'POST', url: '/api/admin/tax-rates', token, json: taxBody })).json()
    return () => t.request({ method: 'DELETE', url: `/api/admin/tax-rates/${rate.id}`, token })
  },
  'admin.discounts.create': async () => {
    const token = await t.login()
    const code = `C${Math.floor(Math.random() * 1e9)}`
    return () =>
      t.request({ method: 'POST', url: '/api/admin/discounts', token, json: { code, kind: 'percent', value: 5 } })
  },
  'admin.discounts.update': async () => {
    const token = await t.login()
    const code = `C${Math.floor(Math.random() * 1e9)}`
    const json = { code, kind: 'percent', value: 5 }
    const made = (await t.request({ method: 'POST', url: '/api/admin/discounts', token, json })).json()
    return () =>
      t.request({ method: 'PUT', url: `/api/admin/discounts/${made.id}`, token, json: { ...json, active: false } })
  },
  'admin.testimonials.delete': async () => {
    const [token, testimonial] = await Promise.all([t.login(), insertTestimonial(t.db)])
    return () => t.request({ method: 'DELETE', url: `/api/admin/testimonials/${testimonial.id}`, token })
  },
  productsImport: async () => {
    const [token, category] = await Promise.all([t.login(), insertCategory(t.db)])
    const sku = `IMP-${Math.floor(Math.random() * 1e6)}`
    const row: Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>> = {
      product_sku: sku,
      name: 'Imported Pearl Studs',
      description: 'Freshwater pearl studs on gold posts.',
      category: category.slug,
      price: '39.00',
      stock: '4',
      min_stock: '1',
      image_urls: '/uploads/demo/pearls.svg',
    }
    const csv = `${PRODUCT_CSV_COLUMNS.join(',')}\r\n${PRODUCT_CSV_COLUMNS.map((column) => row[column] ?? '').join(',')}\r\n`
    const payload =
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="mode"\r\n\r\napply\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${csv}\r\n--${BOUNDARY}--\r\n`
    return () =>
      t.request({
        method: 'POST',
        url: '/api/admin/products/import',
        token,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload,
      })
  },
  upload: async () => {
    const token = await t.login()
    const payload = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ])
    return () =>
      t.request({
        method: 'POST',
        url: '/api/admin/upload',
        token,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload,
      })
  },
}

const writes = Object.entries<RouteDef>({ ...routes, ...rawRoutes }).flatMap(([name, route]) =>
  route.method === 'GET' ? [] : [{ name, writesCatalog: route.writesCatalog }],
)

/** Fills the cache with public reads; gives how many entries it holds. */
async function fillCache(): Promise<number> {
  for (const url of ['/api/categories', '/api/products', '/api/featured-testimonials']) {
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200)
  }
  return t.app.catalogCache.size
}

describe('the catalog cache', () => {
  beforeAll(async () => {
    // Development mode hands the reset token back in the answer, which the password reset case needs.
    standIn = await startStripeStandIn()
    ;[t, png] = await Promise.all([
      createTestApp({
        env: {
          NODE_ENV: 'development',
          STRIPE_SECRET_KEY: standIn.secretKey,
          STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
          STRIPE_API_URL: standIn.url,
        },
      }),
      sharp({ create: { width: 4, height: 3, channels: 3, background: '#c9a227' } })
        .png()
        .toBuffer(),
    ])
  })
  afterAll(async () => {
    await t.close()
    await standIn.close()
  })

  it('has a successful call for every write of the route table', () => {
    expect(Object.keys(cases).sort()).toEqual(writes.map(({ name }) => name).sort())
  })

  it.each(writes.filter(({ writesCatalog }) => writesCatalog))(
    'is emptied, and the other processes told, by a successful $name',
    async ({ name }) => {
      const call = await (cases[name] as Case)()
      expect(await fillCache()).toBe(3)
      const published = feed.published
      const response = await call()
      expect(response.statusCode, response.body).toBeLessThan(300)
      expect(t.app.catalogCache.size).toBe(0)
      expect(feed.published).toBe(published + 1)
    },
  )

  it.each(writes.filter(({ writesCatalog }) => !writesCatalog))(
    'is kept, and nothing published, through a successful $name',
    async ({ name }) => {
      const call = await (cases[name] as Case)()
      expect(await fillCache()).toBe(3)
      const published = feed.published
      const response = await call()
      expect(response.statusCode, response.body).toBeLessThan(300)
      expect(t.app.catalogCache.size).toBe(3)
      expect(feed.published).toBe(published)
    },
  )

  it('is kept through a catalog write that fails', async () => {
    const token = await t.login()
    expect(await fillCache()).toBe(3)
    const published = feed.published
    const response = await t.request({ method: 'DELETE', url: '/api/admin/products/999999', token })
    expect(response.statusCode).toBe(404)
    expect(t.app.catalogCache.size).toBe(3)
    expect(feed.published).toBe(published)
  })
})
