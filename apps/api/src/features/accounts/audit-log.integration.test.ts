import { insertCategory, insertProduct } from '@shop/db/testing/factories'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UNKNOWN_USER } from '../../lib/audit'
import { inviteAdmin, loginAs, STAFF_PASSWORD } from '../../testing/accounts'
import { createTestApp, TEST_ADMIN, type TestApp } from '../../testing/test-app'

interface Entry {
  actor: string
  ip: string
  action: string
  entity: string
  entityId: string | null
  adminId: number | null
  createdAt: string
  changes: Record<string, unknown>
}

/** Makes every insert into the app's audit_log fail, as a full disk or a lost connection would, until the undo. */
async function refuseAuditEntries(t: TestApp): Promise<() => Promise<void>> {
  if (t.database.databaseUrl) {
    await sql`create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit log refused'; end $$`.execute(t.db)
    await sql`create trigger refuse_audit before insert on audit_log
      for each row execute function refuse_audit()`.execute(t.db)
    return async () => {
      await sql`drop trigger refuse_audit on audit_log`.execute(t.db)
      await sql`drop function refuse_audit()`.execute(t.db)
    }
  }
  await sql`create trigger refuse_audit before insert on audit_log
    begin select raise(abort, 'audit log refused'); end`.execute(t.db)
  return async () => {
    await sql`drop trigger refuse_audit`.execute(t.db)
  }
}

describe('the audit log', () => {
  let t: TestApp
  let owner: string
  let staff: string
  let staffId: number
  const IP = '192.0.2.77'
  beforeAll(async () => {
    t = await createTestApp()
    owner = await t.login()
    staffId = await inviteAdmin(t, owner, { username: 'stan', role: 'staff' })
    staff = await loginAs(t, 'stan', STAFF_PASSWORD)
  })
  afterAll(() => t.close())

  const write = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, json?: unknown, token = staff) =>
    t.request({ method, url, token, json, remoteAddress: IP })
  async function latest(query = ''): Promise<Entry> {
    const response = await t.request({ method: 'GET', url: `/api/admin/audit-log?pageSize=1${query}`, token: owner })
    expect(response.statusCode).toBe(200)
    return response.json<Entry[]>()[0] as Entry
  }

  it('records a product created, updated (before and after of the changed fields) and deleted, with who and where', async () => {
    const category = await insertCategory(t.db, { slug: 'audit-rings' })
    const product = await insertProduct(t.db, { categoryId: category.id, sku: 'AUD-0001' })
    const got = await t.request({ method: 'GET', url: `/api/admin/products/${product.id}`, token: staff })
    const { id: _, createdAt: __, updatedAt: ___, ...values } = got.json()
    const updated = await write('PUT', `/api/admin/products/${product.id}`, { ...values, name: 'Audited Ring' })
    expect(updated.statusCode, updated.body).toBe(200)
    const entry = await latest('&entity=product')
    expect(entry).toMatchObject({
      actor: 'stan',
      adminId: staffId,
      ip: IP,
      action: 'updated',
      entity: 'product',
      entityId: String(product.id),
    })
    expect(entry.changes.name).toEqual([product.name, 'Audited Ring'])
    expect(Object.keys(entry.changes)).not.toContain('updatedAt')
    const deleted = await write('DELETE', `/api/admin/products/${product.id}`)
    expect(deleted.statusCode).toBe(200)
    expect(await latest('&entity=product')).toMatchObject({ action: 'deleted', changes: { name: 'Audited Ring' } })
  })

  it('records categories, testimonials, order status and notes, and settings', async () => {
    const category = await write('POST', '/api/admin/categories', {
      name: 'Audit Brooches',
      slug: 'audit-brooches',
      imageUrl: '/uploads/x.webp',
    })
    expect(category.statusCode, category.body).toBe(201)
    expect(await latest('&entity=category')).toMatchObject({
      action: 'created',
      entityId: String(category.json().id),
      changes: { name: [null, 'Audit Brooches'] },
    })
    const testimonial = await write('POST', '/api/admin/testimonials', {
      name: 'Audit Buyer',
      content: 'Lovely ring, arrived fast.',
      rating: 5,
    })
    expect(testimonial.statusCode, testimonial.body).toBe(201)
    expect(await latest('&entity=testimonial')).toMatchObject({ action: 'created' })

    const product = await insertProduct(t.db, { sku: 'AUD-0002', stock: 5 })
    const order = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: {
        customerName: 'Ruth Miller',
        customerEmail: 'ruth@example.com',
        customerAddress: '4 Vine Street, Dayton, OH 45402, USA',
        items: [{ productId: product.id, quantity: 1 }],
      },
    })
    expect(order.statusCode, order.body).toBe(201)
    const orderId = order.json().id
    // A buyer's order is not an admin write.
    expect((await latest()).entity).not.toBe('order')
    const status = await write('PATCH', `/api/admin/orders/${orderId}/status`, { status: 'processing' })
    expect(status.statusCode, status.body).toBe(200)
    expect(await latest('&entity=order')).toMatchObject({
      action: 'status',
      entityId: String(orderId),
      changes: { status: ['pending', 'processing'] },
    })
    const note = await write('POST', `/api/admin/orders/${orderId}/notes`, { text: 'Called the buyer' })
    expect(note.statusCode).toBe(201)
    expect(await latest('&entity=order')).toMatchObject({ action: 'notes', changes: { text: 'Called the buyer' } })

    const settings = await t.request({ method: 'GET', url: '/api/admin/settings', token: owner })
    const { mailConfigured: _, ...values } = settings.json()
    const changed = await write('PUT', '/api/admin/settings', { ...values, phone: '+1 555 0100' }, owner)
    expect(changed.statusCode, changed.body).toBe(200)
    const entry = await latest('&entity=settings')
    expect(entry).toMatchObject({ actor: TEST_ADMIN.username, action: 'updated' })
    expect(entry.changes.phone).toEqual([values.phone, '+1 555 0100'])
  })

  it('records admins changed, sign-ins and failed sign-ins', async () => {
    await write('PATCH', `/api/admin/admins/${staffId}`, { role: 'owner' }, owner)
    expect(await latest('&entity=admin')).toMatchObject({
      action: 'updated',
      changes: { username: 'stan', role: ['staff', 'owner'] },
    })
    await t.request({
      method: 'POST',
      url: '/api/auth/login',
      json: { username: 'stan', password: 'Wrong-Password-1' },
      remoteAddress: '192.0.2.99',
    })
    expect(await latest('&entity=session')).toMatchObject({
      actor: 'stan',
      action: 'sign-in failed',
      ip: '192.0.2.99',
      adminId: staffId,
    })
    await loginAs(t, 'stan', STAFF_PASSWORD, '192.0.2.98')
    expect(await latest('&entity=session')).toMatchObject({ action: 'signed in', ip: '192.0.2.98' })
  })

  it('filters by person, entity and day, and pages on the server', async () => {
    const byStaff = await t.request({
      method: 'GET',
      url: `/api/admin/audit-log?adminId=${staffId}&pageSize=2`,
      token: owner,
    })
    expect(byStaff.json()).toHaveLength(2)
    expect(Number(byStaff.headers['x-total-count'])).toBeGreaterThan(5)
    expect(byStaff.headers.link).toContain('rel="next"')
    for (const entry of byStaff.json<Entry[]>()) expect(entry.adminId).toBe(staffId)
    const today = new Date().toISOString().slice(0, 10)
    const day = await t.request({ method: 'GET', url: `/api/admin/audit-log?from=${today}&to=${today}`, token: owner })
    expect(day.json().length).toBeGreaterThan(5)
    const yesterday = await t.request({ method: 'GET', url: '/api/admin/audit-log?to=2020-01-01', token: owner })
    expect(yesterday.json()).toEqual([])
    const backwards = await t.request({
      method: 'GET',
      url: '/api/admin/audit-log?from=2026-02-02&to=2026-02-01',
      token: owner,
    })
    expect(backwards.statusCode).toBe(400)
  })
})

describe('an audit entry and its write', () => {
  let t: TestApp
  let owner: string
  beforeAll(async () => {
    t = await createTestApp()
    owner = await t.login()
  })
  afterAll(() => t.close())

  const write = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, json?: unknown) =>
    t.request({ method, url, token: owner, json })
  async function entryCount(): Promise<number> {
    const response = await t.request({ method: 'GET', url: '/api/admin/audit-log?pageSize=1', token: owner })
    return Number(response.headers['x-total-count'])
  }
  async function newest(): Promise<Entry> {
    const response = await t.request({ method: 'GET', url: '/api/admin/audit-log?pageSize=1', token: owner })
    return response.json<Entry[]>()[0] as Entry
  }
  async function productValues(id: number) {
    const got = await t.request({ method: 'GET', url: `/api/admin/products/${id}`, token: owner })
    const { id: _, createdAt: __, updatedAt: ___, ...values } = got.json()
    return values
  }

  it('leaves exactly one entry for each kind of write, with the before and after of what changed', async () => {
    const category = await insertCategory(t.db, { slug: 'one-entry-rings' })
    const product = await insertProduct(t.db, { categoryId: category.id, sku: 'ONE-0001', stock: 5 })
    const order = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: {
        customerName: 'Ruth Miller',
        customerEmail: 'ruth@example.com',
        customerAddress: '4 Vine Street, Dayton, OH 45402, USA',
        items: [{ productId: product.id, quantity: 1 }],
      },
    })
    expect(order.statusCode, order.body).toBe(201)
    const orderId: number = order.json().id
    const settings = (await t.request({ method: 'GET', url: '/api/admin/settings', token: owner })).json()
    const { mailConfigured: _, ...settingsValues } = settings
    const values = await productValues(product.id)

    let categoryId = 0
    let testimonialId = 0
    let zoneId = 0
    let taxRateId = 0
    const writes: Array<
      [string, () => Promise<{ statusCode: number; body: string; json(): { id: number } }>, Partial<Entry>]
    > = [
      [
        'a category created',
        async () => {
          const created = await write('POST', '/api/admin/categories', { name: 'Once Only', slug: 'once-only' })
          categoryId = created.json().id
          return created
        },
        { entity: 'category', action: 'created', changes: { name: [null, 'Once Only'], slug: [null, 'once-only'] } },
      ],
      [
        'a category updated',
        () => write('PUT', `/api/admin/categories/${categoryId}`, { name: 'Once Again', slug: 'once-only' }),
        { entity: 'category', action: 'updated', changes: { name: ['Once Only', 'Once Again'] } },
      ],
      [
        'a category deleted',
        () => write('DELETE', `/api/admin/categories/${categoryId}`),
        { entity: 'category', action: 'deleted', changes: { name: 'Once Again' } },
      ],
      [
        'a product updated',
        () => write('PUT', `/api/admin/products/${product.id}`, { ...values, price: '123.45' }),
        { entity: 'product', action: 'updated', changes: { name: product.name, price: [values.price, '123.45'] } },
      ],
      [
        'a testimonial created',
        async () => {
          const created = await write('POST', '/api/admin/testimonials', {
            name: 'Ada Byron',
            content: 'Beautiful work, thank you.',
            rating: 4,
          })
          testimonialId = created.json().id
          return created
        },
        { entity: 'testimonial', action: 'created', changes: { rating: [null, 4] } },
      ],
      [
        'a testimonial updated',
        () =>
          write('PUT', `/api/admin/testimonials/${testimonialId}`, {
            name: 'Ada Byron',
            content: 'Beautiful work, thank you.',
            rating: 5,
          }),
        { entity: 'testimonial', action: 'updated', changes: { rating: [4, 5] } },
      ],
      [
        'a testimonial deleted',
        () => write('DELETE', `/api/admin/testimonials/${testimonialId}`),
        { entity: 'testimonial', action: 'deleted', changes: { name: 'Ada Byron' } },
      ],
      [
        'a payment recorded',
        () =>
          write('POST', `/api/admin/orders/${orderId}/payments`, {
            kind: 'payment',
            amount: order.json().total,
            note: 'Bank transfer received',
          }),
        {
          entity: 'order',
          action: 'payments',
          changes: expect.objectContaining({
            kind: 'payment',
            amount: order.json().total,
            note: 'Bank transfer received',
          }),
        },
      ],
      [
        "an order's status",
        () => write('PATCH', `/api/admin/orders/${orderId}/status`, { status: 'cancelled' }),
        { entity: 'order', action: 'status', changes: expect.objectContaining({ status: ['pending', 'cancelled'] }) },
      ],
      [
        "an order's note",
        () => write('POST', `/api/admin/orders/${orderId}/notes`, { text: 'Cancelled on request' }),
        { entity: 'order', action: 'notes', changes: expect.objectContaining({ text: 'Cancelled on request' }) },
      ],
      [
        'the settings',
        () => write('PUT', '/api/admin/settings', { ...settingsValues, phone: '+1 555 0111' }),
        { entity: 'settings', action: 'updated', changes: { phone: [settingsValues.phone, '+1 555 0111'] } },
      ],
      [
        'the money settings',
        () =>
          write('PUT', '/api/admin/settings/money', { currency: 'USD', defaultCountry: 'US', pricesIncludeTax: true }),
        { entity: 'settings', action: 'updated', changes: { pricesIncludeTax: [false, true] } },
      ],
      [
        'the payment methods',
        () =>
          write('PUT', '/api/admin/settings/payments', {
            methods: [
              { kind: 'bank_transfer', enabled: true, instructions: 'Pay to IBAN DE00 1234, reference: order number' },
            ],
          }),
        {
          entity: 'settings',
          action: 'updated',
          changes: { methods: expect.arrayContaining([expect.stringContaining('Pay to IBAN')]) },
        },
      ],
      [
        'a shipping zone created',
        async () => {
          const created = await write('POST', '/api/admin/shipping-zones', {
            name: 'Audited Zone',
            areas: ['US'],
            methods: [{ name: 'Standard', price: '9.95' }],
          })
          zoneId = created.json().id
          return created
        },
        {
          entity: 'shipping-zone',
          action: 'created',
          changes: expect.objectContaining({ name: [null, 'Audited Zone'] }),
        },
      ],
      [
        'a shipping zone updated',
        () =>
          write('PUT', `/api/admin/shipping-zones/${zoneId}`, {
            name: 'Audited Zone Renamed',
            areas: ['US'],
            methods: [{ name: 'Standard', price: '9.95' }],
          }),
        {
          entity: 'shipping-zone',
          action: 'updated',
          changes: expect.objectContaining({ name: ['Audited Zone', 'Audited Zone Renamed'] }),
        },
      ],
      [
        'a tax rate created',
        async () => {
          const created = await write('POST', '/api/admin/tax-rates', {
            name: 'Audit tax',
            country: 'US',
            rate: '8.25',
          })
          taxRateId = created.json().id
          return created
        },
        { entity: 'tax-rate', action: 'created' },
      ],
      [
        'a tax rate deleted',
        () => write('DELETE', `/api/admin/tax-rates/${taxRateId}`),
        { entity: 'tax-rate', action: 'deleted', changes: { name: 'Audit tax' } },
      ],
      [
        'a discount code created',
        () => write('POST', '/api/admin/discounts', { code: 'audit10', kind: 'percent', value: 10 }),
        { entity: 'discount', action: 'created' },
      ],
      [
        'an order deleted',
        () => write('DELETE', `/api/admin/orders/${orderId}`),
        { entity: 'order', action: 'deleted', entityId: String(orderId) },
      ],
      [
        'a product deleted',
        () => write('DELETE', `/api/admin/products/${product.id}`),
        { entity: 'product', action: 'deleted', entityId: String(product.id) },
      ],
    ]
    for (const [kind, run, expected] of writes) {
      const before = await entryCount()
      const response = await run()
      expect(response.statusCode, `${kind}: ${response.body}`).toBeLessThan(300)
      expect(await entryCount(), kind).toBe(before + 1)
      expect(await newest(), kind).toMatchObject({ actor: TEST_ADMIN.username, ...expected })
    }
  })

  it('leaves no entry for a write that fails', async () => {
    const taken = await insertProduct(t.db, { sku: 'TAKEN-0001' })
    const product = await insertProduct(t.db, { sku: 'FREE-0001' })
    const before = await entryCount()
    const clash = await write('PUT', `/api/admin/products/${product.id}`, {
      ...(await productValues(product.id)),
      name: 'Never Saved',
      sku: taken.sku,
    })
    expect(clash.statusCode, clash.body).toBe(409)
    const missing = await write('PATCH', '/api/admin/orders/999999/status', { status: 'completed' })
    expect(missing.statusCode).toBe(404)
    const invalid = await write('POST', '/api/admin/categories', { name: '', slug: 'Not a slug' })
    expect(invalid.statusCode).toBe(400)
    expect(await entryCount()).toBe(before)
    expect((await productValues(product.id)).name).toBe(product.name)
  })

  it('undoes the write when its entry cannot be written', async () => {
    const product = await insertProduct(t.db, { sku: 'UNDONE-0001', stock: 3 })
    const values = await productValues(product.id)
    const before = await entryCount()
    const allowAuditEntries = await refuseAuditEntries(t)
    try {
      const updated = await write('PUT', `/api/admin/products/${product.id}`, { ...values, name: 'Unrecorded Ring' })
      expect(updated.statusCode).toBe(500)
      const created = await write('POST', '/api/admin/categories', { name: 'Unrecorded', slug: 'unrecorded' })
      expect(created.statusCode).toBe(500)
    } finally {
      await allowAuditEntries()
    }
    expect((await productValues(product.id)).name).toBe(product.name)
    const categories = await t.request({ method: 'GET', url: '/api/admin/categories?q=Unrecorded', token: owner })
    expect(categories.json()).toEqual([])
    expect(await entryCount()).toBe(before)
    // Once entries can be written again, so can the write.
    const again = await write('PUT', `/api/admin/products/${product.id}`, { ...values, name: 'Recorded Ring' })
    expect(again.statusCode).toBe(200)
    expect(await newest()).toMatchObject({ entity: 'product', changes: { name: [product.name, 'Recorded Ring'] } })
  })
})

describe('a password set through a one-time link', () => {
  let t: TestApp
  let owner: string
  beforeAll(async () => {
    // Under pnpm dev without a mail server, a forgot-password answer carries the reset link, as an invitation's
    // answer carries its link.
    t = await createTestApp({ env: { NODE_ENV: 'development' } })
    owner = await t.login()
  })
  afterAll(() => t.close())

  async function entryCount(): Promise<number> {
    const response = await t.request({ method: 'GET', url: '/api/admin/audit-log?pageSize=1', token: owner })
    return Number(response.headers['x-total-count'])
  }
  async function newest(): Promise<Entry> {
    const response = await t.request({ method: 'GET', url: '/api/admin/audit-log?pageSize=1', token: owner })
    return response.json<Entry[]>()[0] as Entry
  }
  /** Invites a staff member as the owner; gives their id and the token of their invitation link. */
  async function invite(username: string): Promise<{ id: number; token: string }> {
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/admins',
      token: owner,
      json: { username, email: `${username}@example.com`, name: username, role: 'staff' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const body = created.json<{ admin: { id: number }; setPasswordLink: string }>()
    return { id: body.admin.id, token: new URL(body.setPasswordLink).searchParams.get('token') ?? '' }
  }
  async function resetLinkToken(email: string): Promise<string> {
    const response = await t.request({ method: 'POST', url: '/api/auth/forgot-password', json: { email } })
    expect(response.statusCode).toBe(200)
    return response.json<{ token: string }>().token
  }
  const setPassword = (token: string, password: string, remoteAddress: string) =>
    t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      json: { token, password, confirmPassword: password },
      remoteAddress,
    })

  it('records one entry for an invitation link and one for a reset link: the admin, the address, the kind of link', async () => {
    const lena = await invite('lena')
    const beforeInvitation = await entryCount()
    const invited = await setPassword(lena.token, STAFF_PASSWORD, '203.0.113.21')
    expect(invited.statusCode, invited.body).toBe(200)
    expect(await entryCount()).toBe(beforeInvitation + 1)
    const invitationEntry = await newest()
    expect(invitationEntry).toMatchObject({
      adminId: lena.id,
      actor: 'lena',
      ip: '203.0.113.21',
      action: 'set password',
      entity: 'admin',
      entityId: String(lena.id),
      changes: { via: 'invitation link' },
    })
    expect(JSON.stringify(invitationEntry)).not.toContain(STAFF_PASSWORD)

    const resetToken = await resetLinkToken('lena@example.com')
    const beforeReset = await entryCount()
    const reset = await setPassword(resetToken, 'Reset-Password-2', '203.0.113.22')
    expect(reset.statusCode, reset.body).toBe(200)
    expect(await entryCount()).toBe(beforeReset + 1)
    expect(await newest()).toMatchObject({
      adminId: lena.id,
      actor: 'lena',
      ip: '203.0.113.22',
      action: 'set password',
      entity: 'admin',
      entityId: String(lena.id),
      changes: { via: 'reset link' },
    })
    // A link that no longer works sets nothing and records nothing.
    const reused = await setPassword(resetToken, 'Another-Password-3', '203.0.113.23')
    expect(reused.statusCode).toBe(400)
    expect(await entryCount()).toBe(beforeReset + 1)
    expect(await loginAs(t, 'lena', 'Reset-Password-2')).toEqual(expect.any(String))
  })

  it('sets no password when its entry cannot be written: the change and the entry are one transaction', async () => {
    const mona = await invite('mona')
    const before = await entryCount()
    const allowAuditEntries = await refuseAuditEntries(t)
    try {
      const refused = await setPassword(mona.token, STAFF_PASSWORD, '203.0.113.31')
      expect(refused.statusCode).toBe(500)
    } finally {
      await allowAuditEntries()
    }
    expect(await entryCount()).toBe(before)
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      json: { username: 'mona', password: STAFF_PASSWORD },
      remoteAddress: '203.0.113.32',
    })
    expect(login.statusCode).toBe(401)
    // Nothing was used up either: the same link works once entries can be written again.
    const again = await setPassword(mona.token, STAFF_PASSWORD, '203.0.113.33')
    expect(again.statusCode, again.body).toBe(200)
    expect(await newest()).toMatchObject({ adminId: mona.id, ip: '203.0.113.33', changes: { via: 'invitation link' } })
  })
})

describe('a sign-in attempt with a username no admin has', () => {
  let t: TestApp
  let owner: string
  beforeAll(async () => {
    t = await createTestApp()
    owner = await t.login()
  })
  afterAll(() => t.close())

  // C0 and C1 control characters and DEL, format characters (bidi embeddings, overrides, isolates and marks, zero
  // width characters, the BOM, the soft hyphen), line and paragraph separators.
  const UNSAFE = /[\p{Cc}\p{Cf}\u2028\u2029]/u

  async function attempt(username: string, remoteAddress: string): Promise<Entry> {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      json: { username, password: 'Any-Password-1' },
      remoteAddress,
    })
    expect(response.statusCode, response.body).toBe(401)
    const entries = await t.request({
      method: 'GET',
      url: '/api/admin/audit-log?entity=session&pageSize=1',
      token: owner,
    })
    const entry = entries.json<Entry[]>()[0] as Entry
    expect(entry).toMatchObject({ action: 'sign-in failed', ip: remoteAddress })
    return entry
  }

  it('is an unknown user, with the typed name escaped in its facts, stored so, and apart from every admin', async () => {
    const forged = 'ghost\r\n2026-11-27 00:00 admin signed in \u202etxt.exe'
    const entry = await attempt(forged, '198.51.100.66')
    expect(entry).toMatchObject({
      adminId: null,
      actor: UNKNOWN_USER,
      entity: 'session',
      changes: {
        reason: 'unknown username',
        username: 'ghost\\u{d}\\u{a}2026-11-27 00:00 admin signed in \\u{202e}txt.exe',
      },
    })
    const row = await t.db
      .selectFrom('audit_log')
      .select(['admin_id', 'actor', 'changes'])
      .where('ip', '=', '198.51.100.66')
      .executeTakeFirstOrThrow()
    expect(row.admin_id).toBeNull()
    expect(row.actor).toBe(UNKNOWN_USER)
    expect(UNSAFE.test(row.changes)).toBe(false)
    expect(UNSAFE.test(String(JSON.parse(row.changes).username))).toBe(false)
    // No admin has the actor's name, and the entry is under no admin.
    const admins = await t.request({ method: 'GET', url: '/api/admin/admins', token: owner })
    const accounts = admins.json<Array<{ id: number; username: string }>>()
    expect(accounts.map((admin) => admin.username)).not.toContain(UNKNOWN_USER)
    for (const admin of accounts) {
      const theirs = await t.request({
        method: 'GET',
        url: `/api/admin/audit-log?adminId=${admin.id}&entity=session`,
        token: owner,
      })
      expect(theirs.json<Entry[]>().map((their) => their.ip)).not.toContain('198.51.100.66')
    }
  })

  it('escapes each control, bidi and invisible format character, and bounds the length', async () => {
    // (NUL never gets this far: the API refuses it in any text with 400.)
    const characters = [
      '\u0001',
      '\u0007',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u009b',
      '\u00ad',
      '\u061c',
      '\u200b',
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2028',
      '\u2029',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\ufeff',
    ]
    for (const [index, character] of characters.entries()) {
      const entry = await attempt(`a${character}b`, `198.51.100.${100 + index}`)
      const hex = (character.codePointAt(0) ?? 0).toString(16)
      expect(entry.adminId).toBeNull()
      expect(entry.actor).toBe(UNKNOWN_USER)
      expect(entry.changes.username, hex).toBe(`a\\u{${hex}}b`)
    }
    // A backslash is escaped too, so typed text cannot pass for an escape.
    expect((await attempt('a\\u{202e}b', '198.51.100.150')).changes.username).toBe('a\\u{5c}u{202e}b')
    const long = await attempt('\u202e'.repeat(100), '198.51.100.151')
    const logged = String(long.changes.username)
    expect(logged.length).toBeLessThanOrEqual(101)
    expect(logged).toMatch(/^(\\u\{202e\})+…$/)
    expect(UNSAFE.test(logged)).toBe(false)
  })
})
