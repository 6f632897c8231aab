import type { AppRouter } from '@shop/api/router'
import { createTRPCClient } from '@trpc/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiMessageOf, httpStatusOf } from './api-error'
import { buildRequest, restLink } from './rest-link'
import { ADMIN_TOKEN_KEY } from './session'

function headersOf(init: RequestInit): Record<string, string> {
  return (init.headers ?? {}) as Record<string, string>
}

beforeEach(() => localStorage.clear())

describe('buildRequest', () => {
  it('fills the path parameters and leaves them out of the query', () => {
    const { url, init } = buildRequest('products.get', { id: 7 })
    expect(url).toBe('/api/products/7')
    expect(init.method).toBe('GET')
    expect(init.body).toBeUndefined()
  })

  it('encodes path parameters', () => {
    expect(buildRequest('categories.get', { slug: 'a b/c' }).url).toBe('/api/categories/a%20b%2Fc')
  })

  it('sends the other inputs of a GET as a query string', () => {
    const { url } = buildRequest('products.list', { q: 'gold cross', sort: 'name', limit: undefined })
    expect(url).toBe('/api/products?q=gold+cross&sort=name')
  })

  it('sends a GET without input to the bare path', () => {
    expect(buildRequest('categories.list', undefined).url).toBe('/api/categories')
  })

  it('sends a DELETE to its path, with no body', () => {
    const { url, init } = buildRequest('admin.orders.delete', { id: 3 })
    expect(url).toBe('/api/admin/orders/3')
    expect(init.method).toBe('DELETE')
    expect(init.body).toBeUndefined()
    expect(headersOf(init)['content-type']).toBeUndefined()
  })

  it('sends a POST body as JSON', () => {
    const input = { customerName: 'Ann Lee', items: [{ productId: 1, quantity: 2 }] }
    const { url, init } = buildRequest('orders.create', input)
    expect(url).toBe('/api/orders')
    expect(init.method).toBe('POST')
    expect(headersOf(init)['content-type']).toBe('application/json')
    expect(JSON.parse(String(init.body))).toEqual(input)
  })

  it('sends a PUT body without the path parameters', () => {
    const { url, init } = buildRequest('admin.products.update', { id: 9, name: 'Dove Pendant', stock: 4 })
    expect(url).toBe('/api/admin/products/9')
    expect(init.method).toBe('PUT')
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Dove Pendant', stock: 4 })
  })

  it('sends a PATCH body without the path parameters', () => {
    const { url, init } = buildRequest('admin.orders.updateStatus', { id: 2, status: 'completed' })
    expect(url).toBe('/api/admin/orders/2/status')
    expect(init.method).toBe('PATCH')
    expect(JSON.parse(String(init.body))).toEqual({ status: 'completed' })
  })

  it('sends the stored admin token as a Bearer header', () => {
    localStorage.setItem(ADMIN_TOKEN_KEY, 'secret-token')
    expect(headersOf(buildRequest('auth.me', undefined).init).authorization).toBe('Bearer secret-token')
    expect(headersOf(buildRequest('orders.create', { items: [] }).init).authorization).toBe('Bearer secret-token')
  })

  it('sends no Authorization header without a token', () => {
    expect(headersOf(buildRequest('auth.me', undefined).init).authorization).toBeUndefined()
  })

  it('includes credentials on every request', () => {
    expect(buildRequest('products.get', { id: 1 }).init.credentials).toBe('include')
    expect(buildRequest('auth.logout', undefined).init.credentials).toBe('include')
    expect(buildRequest('admin.products.delete', { id: 1 }).init.credentials).toBe('include')
  })

  it('refuses a procedure that has no route', () => {
    expect(() => buildRequest('nope.nothing', undefined)).toThrow("No REST route for procedure 'nope.nothing'")
  })
})

describe('restLink', () => {
  const client = createTRPCClient<AppRouter>({ links: [restLink<AppRouter>()] })

  function answer(body: string, init: ResponseInit) {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body || null, init))
    vi.stubGlobal('fetch', fetchMock)
    return fetchMock
  }

  beforeEach(() => {
    // The link logs every call; keep the test output quiet.
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('answers the parsed JSON of a successful call', async () => {
    const fetchMock = answer(JSON.stringify({ name: 'Shop', email: 'a@b.c', phone: '1' }), { status: 200 })
    await expect(client.shop.info.query()).resolves.toEqual({ name: 'Shop', email: 'a@b.c', phone: '1' })
    expect(fetchMock).toHaveBeenCalledWith('/api/shop', expect.objectContaining({ method: 'GET' }))
  })

  it('turns a 409 into an error "409: <body>" that carries the API message', async () => {
    const body = JSON.stringify({ code: 'CONFLICT', message: "Only 2 of 'Gold Cross' are left in stock" })
    answer(body, { status: 409, statusText: 'Conflict', headers: { 'content-type': 'application/json' } })
    const error = await client.orders.create
      .mutate({ customerName: 'Ann Lee', customerEmail: 'ann@example.com', customerAddress: '1 Main St', items: [] })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe(`409: ${body}`)
    expect(apiMessageOf(error)).toBe("Only 2 of 'Gold Cross' are left in stock")
    expect(httpStatusOf(error)).toBe(409)
  })

  it('uses the status text when the error body is empty', async () => {
    answer('', { status: 500, statusText: 'Internal Server Error' })
    const error = await client.products.get.query({ id: 1 }).catch((caught: unknown) => caught)
    expect((error as Error).message).toBe('500: Internal Server Error')
    expect(apiMessageOf(error)).toBeUndefined()
    expect(httpStatusOf(error)).toBe(500)
  })

  it('keeps a body that is not JSON as the message', async () => {
    answer('Bad Gateway from proxy', { status: 502, statusText: 'Bad Gateway' })
    const error = await client.products.get.query({ id: 1 }).catch((caught: unknown) => caught)
    expect((error as Error).message).toBe('502: Bad Gateway from proxy')
    expect(httpStatusOf(error)).toBe(502)
  })
})
