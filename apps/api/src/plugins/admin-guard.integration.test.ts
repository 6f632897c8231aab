import { rawRoutes, routes } from '@shop/schema/routes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'

// Every admin path of the route table, plus the plain routes (upload, invoice) and paths that do not exist.
const adminRoutes = [
  ...Object.values(routes).filter((route) => route.path.startsWith('/admin')),
  rawRoutes.upload,
  rawRoutes.invoice,
  { method: 'GET', path: '/admin/no-such-thing' },
  { method: 'POST', path: '/admin/products/1/publish' },
].map((route) => ({ method: route.method, url: `/api${route.path.replace(/\{\w+\}/g, '1')}` }))

describe('the admin guard', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp()
    token = await t.login()
  })
  afterAll(() => t.close())

  it('covers every admin route of the route table', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(24)
  })

  it.each(adminRoutes)('refuses $method $url without a session (401 JSON)', async ({ method, url }) => {
    const response = await t.request({
      method: method as 'GET',
      url,
      json: method === 'GET' || method === 'DELETE' ? undefined : {},
    })
    expect(response.statusCode).toBe(401)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.json()).toEqual({ message: 'Authentication required', code: 'UNAUTHORIZED' })
  })

  it.each(adminRoutes)('refuses $method $url with a forged token or cookie', async ({ method, url }) => {
    const forged = await t.request({ method: method as 'GET', url, token: `${token.slice(0, -2)}xx` })
    expect(forged.statusCode).toBe(401)
    const cookie = await t.request({ method: method as 'GET', url, cookies: { shop_session: 'forged' } })
    expect(cookie.statusCode).toBe(401)
  })

  it('lets a valid session through', async () => {
    const response = await t.request({ method: 'GET', url: '/api/admin/products', token })
    expect(response.statusCode).toBe(200)
  })
})
