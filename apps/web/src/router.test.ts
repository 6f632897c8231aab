import { describe, expect, it } from 'vitest'
import { createClients } from './lib/clients'
import { createRoutes, pagePaths } from './router'
import { untilData } from './routes/storefront/page-data'

describe('pagePaths', () => {
  const paths = pagePaths(createRoutes(createClients(), untilData))

  it("lists every storefront page and every admin screen as the server's router writes them", () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/category/:slug',
        '/product/:id',
        '/products',
        '/checkout',
        '/orders/:orderNumber',
        '/order-tracking',
        '/admin/login',
        '/admin/forgot-password',
        '/admin/reset-password',
        '/admin',
        '/admin/products/edit/:id',
        '/admin/orders/:id/invoice',
        '/admin/settings/tax',
      ]),
    )
  })

  it('leaves out the not-found catch-all, once each path', () => {
    expect(paths.some((path) => path.includes('*'))).toBe(false)
    expect(new Set(paths).size).toBe(paths.length)
    expect(paths.every((path) => path.startsWith('/') && !path.includes('//'))).toBe(true)
  })
})
