import { fillPath, type RouteDef, rawRoutes, routes } from '@shop/schema/routes'
import { describe, expect, it } from 'vitest'
import { createRoutePolicy, policyOfRoute, routePolicyOf, unplainPathProblem } from './route-policy'

const table: Array<[string, RouteDef]> = Object.entries({ ...routes, ...rawRoutes })
const pathOf = (route: RouteDef) => fillPath(route.path, { id: 7, slug: 'rings' }).path
const sample = (route: RouteDef) => `/api${pathOf(route)}`

describe('the route policy', () => {
  it.each(table)('finds %s by its method and path, however the URL spells it', (_name, route) => {
    const url = sample(route)
    const spellings = [
      url,
      `${url}?sort=name&q=x`,
      `${url}/`,
      `/api${pathOf(route).toUpperCase()}`,
      `/api/x/..${pathOf(route)}`,
    ]
    for (const spelling of spellings) {
      expect(routePolicyOf(route.method, spelling).route, spelling).toBe(route)
    }
  })

  it('finds no route for another method or path', () => {
    expect(routePolicyOf('DELETE', '/api/products/7').route).toBeUndefined()
    expect(routePolicyOf('GET', '/api/products/7/reviews').route).toBeUndefined()
    expect(routePolicyOf('GET', '/api//products').route).toBeUndefined()
  })

  it('gives HEAD the policy of GET', () => {
    expect(routePolicyOf('HEAD', '/api/auth/me')).toEqual(routePolicyOf('GET', '/api/auth/me'))
    expect(routePolicyOf('HEAD', '/api/health').cache).toBe('no-store')
  })

  it.each([
    ['GET', '/api/admin/products'],
    ['DELETE', '/api/admin/orders/3'],
    ['GET', '/api/admin/orders/3/invoice'],
    ['POST', '/api/admin/upload'],
    ['GET', '/api/auth/me'],
    // Paths with no route, under /api/admin.
    ['GET', '/api/admin'],
    ['GET', '/api/admin?page=2'],
    ['POST', '/api/admin/products/1/publish'],
    ['PATCH', '/api/admin/no-such-thing'],
    // Spellings the adapter resolves to an admin path.
    ['GET', '/api/ADMIN/products'],
    ['GET', '/api/x/../admin/products'],
    ['GET', '/api/%2e%2e/admin/products'],
    // The path as written is under /api/admin, whatever the adapter makes of it.
    ['GET', '/api/admin/../products'],
  ])('needs an admin session for %s %s, with no-store', (method, url) => {
    const policy = routePolicyOf(method, url)
    expect(policy.isAdmin).toBe(true)
    expect(policy.cache).toBe('no-store')
  })

  it.each([
    ['GET', '/api/adminx'],
    ['GET', '/api/products'],
    ['POST', '/api/auth/login'],
    // The web app's own pages for the back office: the browser loads them before any login.
    ['GET', '/admin/orders/3'],
    ['GET', '/admin'],
  ])('needs no session for %s %s', (method, url) => {
    expect(routePolicyOf(method, url).isAdmin).toBe(false)
  })

  it('marks every /api/auth answer no-store, found or not, and nothing else without a route', () => {
    expect(routePolicyOf('POST', '/api/auth/login').cache).toBe('no-store')
    expect(routePolicyOf('GET', '/api/auth/no-such-thing').cache).toBe('no-store')
    expect(routePolicyOf('GET', '/api/no-such-thing').cache).toBe('default')
    expect(routePolicyOf('GET', '/assets/app-1234.js').cache).toBe('default')
    expect(routePolicyOf('POST', '/api/orders').cache).toBe('default')
  })

  it('caches the public catalog reads only', () => {
    const cached = table.filter(([, route]) => routePolicyOf(route.method, sample(route)).cache === 'public')
    expect(cached.map(([name]) => name).sort()).toEqual(
      [
        'shop.info',
        'categories.list',
        'categories.get',
        'categories.products',
        'products.featured',
        'products.list',
        'products.get',
        'testimonials.featured',
      ].sort(),
    )
  })

  it('lets catalog writes empty the cache, and not logins, logouts, password resets or uploads', () => {
    expect(routePolicyOf('PUT', '/api/admin/products/7').writesCatalog).toBe(true)
    expect(routePolicyOf('POST', '/api/orders').writesCatalog).toBe(true)
    expect(routePolicyOf('PATCH', '/api/admin/orders/7/status').writesCatalog).toBe(true)
    expect(routePolicyOf('DELETE', '/api/admin/testimonials/7').writesCatalog).toBe(true)
    for (const path of [
      '/auth/login',
      '/auth/logout',
      '/auth/forgot-password',
      '/auth/reset-password',
      '/admin/upload',
    ]) {
      expect(routePolicyOf('POST', `/api${path}`).writesCatalog, path).toBe(false)
    }
    expect(routePolicyOf('GET', '/api/products').writesCatalog).toBe(false)
  })

  it('prefers a static path to a parameter, as Fastify routes them', () => {
    expect(routePolicyOf('GET', '/api/admin/products/export').route).toBe(rawRoutes.productsExport)
    expect(routePolicyOf('GET', '/api/admin/products/7').route).toBe(routes['admin.products.get'])
    expect(routePolicyOf('POST', '/api/admin/products/import').writesCatalog).toBe(true)
  })

  it('treats a write to a path with no route as a catalog write', () => {
    expect(routePolicyOf('POST', '/api/no-such-thing').writesCatalog).toBe(true)
  })

  it('matches a parameter as one path segment, case-insensitively, as trpc-to-openapi does', () => {
    const policy = createRoutePolicy({
      item: { method: 'GET', path: '/items/{id}', tags: [], summary: '', statuses: [200], cache: 'public' },
    })
    expect(policy('GET', '/api/Items/abc').route?.path).toBe('/items/{id}')
    expect(policy('GET', '/api/items/a/b').route).toBeUndefined()
    expect(policy('GET', '/api/items/').route).toBeUndefined()
  })

  it.each(table)('gives the route %s matched by the router the policy the adapter would read', (_name, route) => {
    expect(policyOfRoute(route)).toEqual(routePolicyOf(route.method, sample(route)))
  })
})

describe('plain paths', () => {
  it.each([
    '/api/products',
    '/api/products/',
    '/api/admin/orders/7/invoice',
    '/api/categories/rings-and-bands',
    '/api/orders/ORD-1001',
    '/api/products/1.5',
    // Characters that must be escaped stay allowed (a slug of another script).
    '/api/categories/%C3%A9t%C3%A9',
  ])('lets %s through', (path) => {
    expect(unplainPathProblem(path)).toBeUndefined()
  })

  it.each([
    ['/api/%61dmin/orders/export', 'percent-encodes'],
    ['/api/admin/orders/%65xport', 'percent-encodes'],
    ['/api/admin/orders/%7e', 'percent-encodes'],
    ['/api/admin%2Forders', 'percent-encodes'],
    ['/api/admin%5corders', 'percent-encodes'],
    ['/api/x/%2E%2E/admin', 'percent-encodes'],
    ['/%61pi/admin/orders/export', 'begin with /api/'],
    ['/api/admin\\orders', 'backslash'],
    ['/api/admin//orders', 'empty segment'],
    ['//api/admin/orders', 'begin with /api/'],
    ['/api/admin/orders//', 'empty segment'],
    ['/api/./admin', '"." or ".."'],
    ['/api/x/../admin', '"." or ".."'],
    ['/api/admin/..', '"." or ".."'],
  ])('refuses %s', (path, reason) => {
    expect(unplainPathProblem(path)).toContain(reason)
  })
})
