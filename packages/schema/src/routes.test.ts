import { describe, expect, it } from 'vitest'
import { ADMIN_SECTION, NO_STORE_SECTIONS, type RouteDef, rawRoutes, routes } from './routes'

const table: Array<[string, RouteDef]> = Object.entries({ ...routes, ...rawRoutes })
const CACHE_POLICIES: unknown[] = ['public', 'no-store', 'default']

function isUnder(path: string, section: string): boolean {
  return path === section || path.startsWith(`${section}/`)
}

describe('route table', () => {
  it('keeps every path under its method once', () => {
    const keys = table.map(([, route]) => `${route.method} ${route.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  // The types demand these decisions already; this holds when a route is added through a cast or a spread.
  it.each(table)('decides how %s may be cached, and whether a write changes the catalog', (_name, route) => {
    const decisions: Record<string, unknown> = { ...route }
    expect(CACHE_POLICIES).toContain(decisions.cache)
    if (route.method === 'GET') expect(decisions).not.toHaveProperty('writesCatalog')
    else expect(typeof decisions.writesCatalog).toBe('boolean')
  })

  it.each(table)('caches %s publicly exactly when it is a public read that may answer 304', (_name, route) => {
    const isPublic = route.cache === 'public'
    expect(route.statuses.includes(304)).toBe(isPublic)
    if (isPublic) {
      expect(route.method).toBe('GET')
      expect(route.protect).toBeUndefined()
    }
  })

  it.each(table)('gives %s the policy of its section of the API', (_name, route) => {
    if (isUnder(route.path, ADMIN_SECTION)) expect(route.protect).toBe(true)
    if (NO_STORE_SECTIONS.some((section) => isUnder(route.path, section))) expect(route.cache).toBe('no-store')
    // Whatever carries back-office data is kept by nobody.
    if (route.protect) expect(route.cache).toBe('no-store')
  })

  it('empties the catalog cache for edits of what the public sees, orders, status changes and settings only', () => {
    // The money settings are settings: the product page promises their free-shipping threshold, and the API's
    // cache of zones and rates is emptied with the catalog's.
    const writers = table.flatMap(([name, route]) => (route.method !== 'GET' && route.writesCatalog ? [name] : []))
    expect(writers.sort()).toEqual(
      [
        'orders.create',
        'admin.products.create',
        'admin.products.update',
        'admin.products.delete',
        'productsImport',
        'admin.categories.create',
        'admin.categories.update',
        'admin.categories.delete',
        'admin.orders.updateStatus',
        'admin.settings.update',
        'admin.money.update',
        // The checkout reads the payment methods offered from GET /shop (docs/decisions/0014-payment-status.md).
        'admin.payments.update',
        // An expired card checkout cancels its order, which returns its stock.
        'stripeWebhook',
        'admin.shippingZones.create',
        'admin.shippingZones.update',
        'admin.shippingZones.delete',
        'admin.taxRates.create',
        'admin.taxRates.update',
        'admin.taxRates.delete',
        'admin.testimonials.create',
        'admin.testimonials.update',
        'admin.testimonials.delete',
      ].sort(),
    )
  })

  it('keeps the money settings only through writes that move nothing but stock', () => {
    // Every order reads the settings: a write marked so leaves them in memory, so it must never change them.
    const stockOnly = table.flatMap(([name, route]) =>
      route.method !== 'GET' && route.writesOnlyStock ? [{ name, writesCatalog: route.writesCatalog }] : [],
    )
    expect(stockOnly).toEqual([
      { name: 'orders.create', writesCatalog: true },
      { name: 'admin.orders.updateStatus', writesCatalog: true },
    ])
  })
})
