import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_ADMIN, type TestApp } from '../testing/test-app'

describe('caching of private answers', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp()
    token = await t.login()
  })
  afterAll(() => t.close())

  it('marks the login answer, which carries a token, no-store', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      json: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it.each([
    '/api/auth/me',
    '/api/admin/products',
    '/api/admin/orders',
    '/api/admin/dashboard/stats',
    '/api/admin/products/999999',
  ])('marks GET %s no-store, found or not', async (url) => {
    const response = await t.request({ method: 'GET', url, token })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('marks refusals of the back office no-store too', async () => {
    const response = await t.request({ method: 'GET', url: '/api/admin/orders' })
    expect(response.statusCode).toBe(401)
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('leaves public catalog reads cacheable with revalidation', async () => {
    const response = await t.request({ method: 'GET', url: '/api/categories' })
    expect(response.headers['cache-control']).toBe('no-cache')
  })
})

describe('content security policy and HSTS', () => {
  it('lets images come only from the shop itself by default, and sends no HSTS over http', async () => {
    const t = await createTestApp()
    try {
      const response = await t.request({ method: 'GET', url: '/api/health' })
      const csp = String(response.headers['content-security-policy'])
      expect(csp).toContain("img-src 'self' data: blob:;")
      expect(csp).not.toMatch(/img-src[^;]*\bhttps?:(?!\/\/)/)
      expect(response.headers['strict-transport-security']).toBeUndefined()
    } finally {
      await t.close()
    }
  })

  it('adds the IMAGE_HOSTS origins to img-src, and HSTS when the public URL is https', async () => {
    const t = await createTestApp({
      env: { IMAGE_HOSTS: 'https://images.example.com', PUBLIC_URL: 'https://shop.example.com' },
    })
    try {
      const response = await t.request({ method: 'GET', url: '/api/health' })
      expect(String(response.headers['content-security-policy'])).toContain(
        "img-src 'self' data: blob: https://images.example.com;",
      )
      expect(response.headers['strict-transport-security']).toBe('max-age=15552000')
    } finally {
      await t.close()
    }
  })
})
