import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_ADMIN, type TestApp } from '../../testing/test-app'

interface Entry {
  actor: string
  ip: string
  action: string
  entity: string
  entityId: string | null
  changes: Record<string, unknown>
}

describe('the audit log of the money settings', () => {
  let t: TestApp
  let token: string
  const IP = '192.0.2.16'
  beforeAll(async () => {
    t = await createTestApp()
    token = await t.login()
  })
  afterAll(() => t.close())

  const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, json?: unknown) =>
    t.request({ method, url, token, json, remoteAddress: IP })
  async function latest(entity: string): Promise<Entry> {
    const response = await t.request({ method: 'GET', url: `/api/admin/audit-log?pageSize=1&entity=${entity}`, token })
    expect(response.statusCode, response.body).toBe(200)
    const [entry] = response.json<Entry[]>()
    if (!entry) throw new Error(`No audit entry of ${entity}`)
    return entry
  }

  it('records the currency and price basis changed, with their before and after', async () => {
    const response = await write('PUT', '/api/admin/settings/money', {
      currency: 'eur',
      defaultCountry: 'US',
      pricesIncludeTax: true,
    })
    expect(response.statusCode, response.body).toBe(200)
    const entry = await latest('settings')
    expect(entry).toMatchObject({ actor: TEST_ADMIN.username, ip: IP, action: 'updated', entity: 'settings' })
    expect(entry.changes).toEqual({ currency: ['USD', 'EUR'], pricesIncludeTax: [false, true] })
  })

  it('records a shipping zone created, updated and deleted', async () => {
    const zone = {
      name: 'Audited zone',
      areas: ['US'],
      methods: [{ name: 'Standard', price: '9.95', freeOver: '500' }],
    }
    const created = await write('POST', '/api/admin/shipping-zones', zone)
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json<{ id: number }>().id
    expect(await latest('shipping-zone')).toMatchObject({
      action: 'created',
      entity: 'shipping-zone',
      entityId: String(id),
      changes: { name: [null, 'Audited zone'] },
    })
    const updated = await write('PUT', `/api/admin/shipping-zones/${id}`, { ...zone, name: 'Domestic zone' })
    expect(updated.statusCode, updated.body).toBe(200)
    const entry = await latest('shipping-zone')
    expect(entry).toMatchObject({ action: 'updated', entityId: String(id) })
    expect(entry.changes.name).toEqual(['Audited zone', 'Domestic zone'])
    const deleted = await write('DELETE', `/api/admin/shipping-zones/${id}`)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(await latest('shipping-zone')).toMatchObject({ action: 'deleted', changes: { name: 'Domestic zone' } })
  })

  it('records a tax rate created, updated and deleted', async () => {
    const rate = { name: 'Audited tax', country: 'US', region: 'CA', rate: '7.25' }
    const created = await write('POST', '/api/admin/tax-rates', rate)
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json<{ id: number }>().id
    expect(await latest('tax-rate')).toMatchObject({ action: 'created', entityId: String(id) })
    const updated = await write('PUT', `/api/admin/tax-rates/${id}`, { ...rate, rate: '8' })
    expect(updated.statusCode, updated.body).toBe(200)
    expect((await latest('tax-rate')).changes).toEqual({ name: 'Audited tax', rate: ['7.25', '8.00'] })
    const deleted = await write('DELETE', `/api/admin/tax-rates/${id}`)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(await latest('tax-rate')).toMatchObject({ action: 'deleted', changes: { name: 'Audited tax' } })
  })

  it('records a discount code created and deactivated, named by its code', async () => {
    const code = { code: 'AUDIT10', kind: 'percent', value: '10' }
    const created = await write('POST', '/api/admin/discounts', code)
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json<{ id: number }>().id
    expect(await latest('discount')).toMatchObject({
      action: 'created',
      entity: 'discount',
      entityId: String(id),
      changes: { code: [null, 'AUDIT10'] },
    })
    const updated = await write('PUT', `/api/admin/discounts/${id}`, { ...code, active: false })
    expect(updated.statusCode, updated.body).toBe(200)
    expect((await latest('discount')).changes).toEqual({ code: 'AUDIT10', active: [true, false] })
  })

  it('refuses a money write with a bad body as a 400, and records nothing for it', async () => {
    const before = await latest('tax-rate')
    const response = await write('POST', '/api/admin/tax-rates', { name: 'Bad', country: 'USA', rate: '500' })
    expect(response.statusCode).toBe(400)
    expect(await latest('tax-rate')).toEqual(before)
  })
})
