import { insertCategory, insertProduct } from '@shop/db/testing/factories'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
  /** Makes every insert into audit_log fail, as a full disk or a lost connection would, until the undo. */
  async function refuseAuditEntries(): Promise<() => Promise<void>> {
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
    const allowAuditEntries = await refuseAuditEntries()
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
