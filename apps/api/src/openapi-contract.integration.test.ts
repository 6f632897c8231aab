/**
 * The statuses every operation shares, asked of each one in turn: 401 without a session, 415 and 413 for bodies,
 * 400 for invalid input, 404 for what does not exist, 304 for a current ETag. With the feature tests (409, 429...)
 * they show the server answering every status the OpenAPI document lists (see testing/status-contract.ts).
 */
import { insertCategory, insertProduct } from '@shop/db/testing/factories'
import {
  API_PREFIX,
  fillPath,
  type ProcedurePath,
  type RawRouteName,
  type RouteDef,
  rawRoutes,
  routes,
} from '@shop/schema/routes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordHashing } from './lib/crypto'
import { createTestApp, TEST_ADMIN, type TestApp } from './testing/test-app'

type OperationName = ProcedurePath | RawRouteName
const table: Array<[OperationName, RouteDef]> = [
  ...(Object.entries(routes) as Array<[ProcedurePath, RouteDef]>),
  ...(Object.entries(rawRoutes) as Array<[RawRouteName, RouteDef]>),
]

// Ids and slugs that exist nowhere (ids stay within the id range, or they would be a 400).
const MISSING = { id: 999_999, slug: 'no-such-category', orderNumber: 'ORD-0', mailId: 999_999 }
const NUL = '?q=%00'

/** A request each operation refuses with 400; a path may be the route's own with `params`, or a whole URL. */
interface BadRequest {
  params?: Record<string, string>
  query?: string
  json?: unknown
  payload?: string
}
const bodyOnly = (json: unknown): BadRequest => ({ json })
// Operations without input still refuse a NUL in the URL, as every request is refused for one.
const nulInUrl: BadRequest = { query: NUL }
const badId: BadRequest = { params: { id: 'abc' } }
const tooLongSlug: BadRequest = { params: { slug: 'x'.repeat(101) } }

const BAD_REQUESTS: Record<OperationName, BadRequest> = {
  'shop.info': nulInUrl,
  'categories.list': nulInUrl,
  'categories.get': tooLongSlug,
  'categories.products': tooLongSlug,
  'products.featured': nulInUrl,
  'products.list': { query: '?sort=cheapest-first' },
  'products.get': badId,
  'testimonials.featured': nulInUrl,
  'orders.create': bodyOnly({ items: [] }),
  'orders.guestView': { params: { orderNumber: 'ORD-1001' }, query: `?key=${'k'.repeat(201)}` },
  'orders.quote': bodyOnly({ items: [] }),
  'orders.lookup': bodyOnly({ orderNumber: '', email: 'not an address' }),
  'auth.me': nulInUrl,
  'auth.login': bodyOnly({ username: '', password: '' }),
  'auth.logout': { payload: '{"unfinished":' },
  'auth.forgotPassword': bodyOnly({ email: 'not an address' }),
  'auth.resetPassword': bodyOnly({ token: '', password: 'short', confirmPassword: 'short' }),
  'auth.loginTwoFactor': bodyOnly({ challenge: 'c', code: '12345' }),
  'auth.account': nulInUrl,
  'auth.changePassword': bodyOnly({ currentPassword: '', password: 'short', confirmPassword: 'short' }),
  'auth.twoFactorSetup': { payload: '{"unfinished":' },
  'auth.twoFactorEnable': bodyOnly({ code: '12ab56' }),
  'auth.twoFactorDisable': bodyOnly({ password: '', code: '1' }),
  'auth.sessions': nulInUrl,
  'auth.revokeSession': badId,
  'auth.revokeOtherSessions': { payload: '{"unfinished":' },
  'admin.dashboard.stats': nulInUrl,
  'admin.dashboard.lowStock': nulInUrl,
  'admin.dashboard.recentOrders': nulInUrl,
  'admin.dashboard.sales': { query: '?interval=year' },
  'admin.dashboard.topProducts': { query: '?days=7' },
  'admin.products.list': nulInUrl,
  'admin.products.get': badId,
  'admin.products.create': bodyOnly({ name: '' }),
  'admin.products.update': { ...badId, json: { name: 'Ring' } },
  'admin.products.delete': badId,
  'admin.categories.list': nulInUrl,
  'admin.categories.get': badId,
  'admin.categories.create': bodyOnly({ name: '' }),
  'admin.categories.update': { ...badId, json: { name: 'Rings' } },
  'admin.categories.delete': badId,
  'admin.orders.list': nulInUrl,
  'admin.orders.get': badId,
  'admin.orders.delete': badId,
  'admin.orders.updateStatus': { params: { id: '1' }, json: { status: 'shipped' } },
  'admin.orders.activity': badId,
  'admin.orders.addNote': { ...badId, json: { text: 'Called the customer' } },
  'admin.orders.resendMail': { params: { id: 'abc', mailId: '1' } },
  'admin.orders.recordPayment': { params: { id: '1' }, json: { kind: 'payment', amount: '0' } },
  'admin.orders.refund': { params: { id: '1' }, json: { amount: '0', requestId: 'again' } },
  'admin.settings.get': nulInUrl,
  'admin.settings.update': bodyOnly({ name: '' }),
  'admin.settings.testMail': bodyOnly({ to: 'not an address' }),
  'admin.money.get': nulInUrl,
  'admin.payments.get': nulInUrl,
  'admin.payments.update': bodyOnly({ methods: [{ kind: 'cheque', enabled: true }] }),
  'admin.money.update': bodyOnly({ currency: 'DOLLARS', defaultCountry: 'US', pricesIncludeTax: false }),
  'admin.shippingZones.list': nulInUrl,
  'admin.shippingZones.create': bodyOnly({ name: 'Home', areas: [], methods: [] }),
  'admin.shippingZones.update': { ...badId, json: { name: 'Home' } },
  'admin.shippingZones.delete': badId,
  'admin.taxRates.list': nulInUrl,
  'admin.taxRates.create': bodyOnly({ name: 'VAT', country: 'Germany', rate: '19' }),
  'admin.taxRates.update': { ...badId, json: { name: 'VAT' } },
  'admin.taxRates.delete': badId,
  'admin.discounts.list': nulInUrl,
  'admin.discounts.create': bodyOnly({ code: 'SAVE 10', kind: 'percent', value: '10' }),
  'admin.discounts.update': { ...badId, json: { code: 'SAVE10' } },
  'admin.testimonials.list': nulInUrl,
  'admin.testimonials.create': bodyOnly({ customerName: '' }),
  'admin.testimonials.update': { ...badId, json: { rating: 5 } },
  'admin.testimonials.delete': badId,
  'admin.admins.list': nulInUrl,
  'admin.admins.create': bodyOnly({ username: 'x', email: 'no', name: '', role: 'king' }),
  'admin.admins.update': { ...badId, json: { role: 'staff' } },
  'admin.admins.delete': badId,
  'admin.accountPolicy.get': nulInUrl,
  'admin.accountPolicy.update': bodyOnly({ requireTwoFactor: 'yes' }),
  'admin.audit.list': { query: '?entity=planet' },
  upload: bodyOnly({ images: [] }),
  productsExport: { query: '?sort=cheapest-first' },
  productsImport: bodyOnly({ mode: 'apply' }),
  invoice: badId,
  ordersExport: { query: '?status=shipped' },
  // No signature (and, in this shop, no Stripe keys): refused before the body is read as an event.
  stripeWebhook: { payload: '{"id":"evt_1","type":"checkout.session.completed"}' },
  health: nulInUrl,
}

function urlOf(route: RouteDef, params: Record<string, unknown> = MISSING, query = ''): string {
  return `${API_PREFIX}${fillPath(route.path, params).path}${query}`
}

const adminOperations = table.filter(([, route]) => route.protect)
// The upload and the products import read multipart, and answer any other body with their own 400
// (uploads.integration.test.ts, products-csv.integration.test.ts).
const MULTIPART_OPERATIONS: ReadonlySet<OperationName> = new Set(['upload', 'productsImport'])
// Stripe's webhook reads any body raw, up to 1 MB, to check its signature (card-webhook.integration.test.ts).
const RAW_BODY_OPERATIONS: ReadonlySet<OperationName> = new Set(['stripeWebhook'])
const jsonBodyOperations = table.filter(
  ([name, route]) => route.method !== 'GET' && !MULTIPART_OPERATIONS.has(name) && !RAW_BODY_OPERATIONS.has(name),
)
// A PUT or PATCH checks its body before looking anything up; the feature tests send those valid bodies.
const lookupOperations = table.filter(
  ([, route]) => route.statuses.includes(404) && (route.method === 'GET' || route.method === 'DELETE'),
)
const cachedOperations = table.filter(([, route]) => route.statuses.includes(304))

describe('every operation of the route table', () => {
  let t: TestApp
  let token: string
  let existing: { id: number; slug: string }

  beforeAll(async () => {
    t = await createTestApp()
    token = await t.login()
    const category = await insertCategory(t.db, { slug: 'rings' })
    const product = await insertProduct(t.db, { categoryId: category.id })
    existing = { id: product.id, slug: category.slug }
  })
  afterAll(() => t.close())

  it.each(adminOperations)('%s answers 401 without a session', async (_name, route) => {
    const response = await t.request({ method: route.method, url: urlOf(route) })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it.each(jsonBodyOperations)('%s answers 415 to a body that is not JSON', async (_name, route) => {
    const response = await t.request({
      method: route.method,
      url: urlOf(route),
      token,
      headers: { 'content-type': 'application/xml' },
      payload: '<order/>',
    })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' })
  })

  it.each(jsonBodyOperations)('%s answers 413 to a JSON body over 100 kB', async (_name, route) => {
    const response = await t.request({
      method: route.method,
      url: urlOf(route),
      token,
      json: { padding: 'x'.repeat(101 * 1024) },
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
  })

  it.each(table)('%s answers 400 to invalid input', async (name, route) => {
    const { params, query = '', json, payload } = BAD_REQUESTS[name]
    const response = await t.request({
      method: route.method,
      url: urlOf(route, { ...MISSING, ...params }, query),
      token,
      ...(json !== undefined ? { json } : {}),
      ...(payload !== undefined ? { payload, headers: { 'content-type': 'application/json' } } : {}),
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) })
  })

  it.each(lookupOperations)('%s answers 404 for an id or slug that does not exist', async (_name, route) => {
    const response = await t.request({ method: route.method, url: urlOf(route), token })
    expect(response.statusCode, response.body).toBe(404)
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' })
  })

  it.each(cachedOperations)('%s answers 304 to a current ETag', async (_name, route) => {
    const first = await t.request({ method: route.method, url: urlOf(route, existing) })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.headers.etag).toEqual(expect.any(String))
    const again = await t.request({
      method: route.method,
      url: urlOf(route, existing),
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
  })

  it('answers 503 to login and password reset while every password check is taken', async () => {
    let open = () => {}
    const gate = new Promise<void>((resolve) => {
      open = resolve
    })
    const held: Array<Promise<unknown>> = []
    // Take every hashing slot and every place in the queue: the limiter refuses the first call that finds none.
    for (let calls = 0; calls < 10_000; calls += 1) {
      const before = passwordHashing.running + passwordHashing.waiting
      held.push(passwordHashing.run(() => gate).catch(() => undefined))
      if (passwordHashing.running + passwordHashing.waiting === before) break
    }
    try {
      const login = await t.request({
        method: 'POST',
        url: urlOf(routes['auth.login']),
        json: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
        remoteAddress: '198.51.100.7',
      })
      expect(login.statusCode, login.body).toBe(503)
      expect(login.headers['retry-after']).toMatch(/^\d+$/)
      const reset = await t.request({
        method: 'POST',
        url: urlOf(routes['auth.resetPassword']),
        json: { token: 'a'.repeat(43), password: 'Correct-Horse-10', confirmPassword: 'Correct-Horse-10' },
      })
      expect(reset.statusCode, reset.body).toBe(503)
    } finally {
      open()
      await Promise.all(held)
    }
  })
})
