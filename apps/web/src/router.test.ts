import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createClients } from './lib/clients'
import type { ShopRoute } from './lib/shop-route'
import { createRoutes, pagePaths } from './router'

describe('pagePaths', () => {
  const paths = pagePaths(createRoutes(createClients()))

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

describe('the storefront pages of a chunk of their own', () => {
  const storefront = createRoutes(createClients()).find((route) => route.id === 'storefront')
  const lazy = (storefront?.children ?? []).filter((route: ShopRoute) => typeof route.lazy === 'function')

  it("have the id of their module's name, which the build and the server find their files by", () => {
    expect(lazy.map((route) => route.id).sort()).toEqual(['checkout', 'guest-order', 'order-tracking', 'products'])
    for (const route of lazy) {
      const module = `./routes/storefront/${route.id}.page`
      expect(fs.existsSync(path.join(import.meta.dirname, `${module}.tsx`)), module).toBe(true)
      expect(String(route.lazy), `route ${route.id} loads ${module}`).toContain(module.slice(2))
    }
  })
})
