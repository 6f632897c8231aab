import { insertCategory, insertProduct } from '@shop/db/testing/factories'
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
