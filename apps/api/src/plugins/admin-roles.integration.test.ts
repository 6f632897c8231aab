import * as auditRepo from '@shop/db/audit-log'
import { OWNER_ONLY_MESSAGE, TWO_FACTOR_REQUIRED_MESSAGE } from '@shop/schema/accounts'
import { type RouteDef, rawRoutes, routes } from '@shop/schema/routes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inviteAdmin, loginAs, STAFF_PASSWORD } from '../testing/accounts'
import { createTestApp, type TestApp } from '../testing/test-app'

// Every admin route of the route table (tRPC and plain): the roles come from its `owner` flag, nowhere else.
const adminRoutes = [...Object.values(routes), ...Object.values(rawRoutes)]
  .filter((route: RouteDef) => route.path.startsWith('/admin'))
  .map((route: RouteDef) => ({
    method: route.method,
    url: `/api${route.path.replace(/\{\w+\}/g, '999999')}`,
    owner: route.owner === true,
  }))
const ownerRoutes = adminRoutes.filter((route) => route.owner)
const staffRoutes = adminRoutes.filter((route) => !route.owner)

describe('roles on every admin path', () => {
  let t: TestApp
  let ownerToken: string
  let staffToken: string
  let staffId: number
  beforeAll(async () => {
    t = await createTestApp()
    ownerToken = await t.login()
    staffId = await inviteAdmin(t, ownerToken, { username: 'sam', role: 'staff' })
    staffToken = await loginAs(t, 'sam', STAFF_PASSWORD)
  })
  afterAll(() => t.close())

  it('marks admins, settings, the audit log and the orders export owner-only, and catalog, orders, testimonials and the dashboard not', () => {
    const owner = new Set(ownerRoutes.map((route) => `${route.method} ${route.url}`))
    for (const url of [
      '/api/admin/admins',
      '/api/admin/settings',
      '/api/admin/audit-log',
      '/api/admin/orders/export',
    ]) {
      expect(owner.has(`GET ${url}`), url).toBe(true)
    }
    // The dashboard's revenue figures stay open to staff (decision 0013): every order's total is theirs to see.
    for (const url of [
      '/api/admin/products',
      '/api/admin/orders',
      '/api/admin/testimonials',
      '/api/admin/categories',
      '/api/admin/dashboard/stats',
      '/api/admin/dashboard/sales',
      '/api/admin/dashboard/top-products',
    ]) {
      expect(owner.has(`GET ${url}`), url).toBe(false)
    }
    for (const route of Object.values({ ...routes, ...rawRoutes }) as RouteDef[]) {
      if (route.owner) expect(route.statuses, route.path).toContain(403)
    }
  })

  it.each(ownerRoutes)('refuses staff $method $url with 403, and audits the attempt', async ({ method, url }) => {
    const response = await t.request({
      method: method as 'GET',
      url,
      token: staffToken,
      json: method === 'GET' || method === 'DELETE' ? undefined : {},
      remoteAddress: '203.0.113.9',
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ message: OWNER_ONLY_MESSAGE, code: 'FORBIDDEN' })
    const { rows } = await auditRepo.listPage(t.db, { adminId: staffId, entity: 'access' }, { limit: 1, offset: 0 })
    expect(rows[0]).toMatchObject({
      actor: 'sam',
      ip: '203.0.113.9',
      action: 'refused',
      changes: { method, path: url },
    })
  })

  it.each(staffRoutes)('lets staff through to $method $url', async ({ method, url }) => {
    const response = await t.request({
      method: method as 'GET',
      url,
      token: staffToken,
      json: method === 'GET' || method === 'DELETE' ? undefined : {},
    })
    expect(response.statusCode, response.body).not.toBe(403)
    expect(response.statusCode).not.toBe(401)
  })

  it.each(ownerRoutes)('lets an owner through to $method $url', async ({ method, url }) => {
    const response = await t.request({
      method: method as 'GET',
      url,
      token: ownerToken,
      json: method === 'GET' || method === 'DELETE' ? undefined : {},
    })
    expect(response.statusCode, response.body).not.toBe(403)
  })

  describe('while the shop requires two-factor sign-in', () => {
    beforeAll(async () => {
      const response = await t.request({
        method: 'PUT',
        url: '/api/admin/account-policy',
        token: ownerToken,
        json: { requireTwoFactor: true },
      })
      expect(response.statusCode).toBe(200)
    })

    it.each(adminRoutes)('refuses $method $url to an admin without it (403)', async ({ method, url }) => {
      const response = await t.request({
        method: method as 'GET',
        url,
        token: staffToken,
        json: method === 'GET' || method === 'DELETE' ? undefined : {},
      })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: TWO_FACTOR_REQUIRED_MESSAGE, code: 'FORBIDDEN' })
    })

    it('leaves the account routes open, so the admin can turn it on', async () => {
      const account = await t.request({ method: 'GET', url: '/api/auth/account', token: staffToken })
      expect(account.statusCode).toBe(200)
      expect(account.json()).toMatchObject({ role: 'staff', twoFactor: false, mustEnableTwoFactor: true })
    })
  })
})
