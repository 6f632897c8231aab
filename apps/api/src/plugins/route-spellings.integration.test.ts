import { API_PREFIX, fillPath, type RouteDef, rawRoutes, routes } from '@shop/schema/routes'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inviteAdmin, loginAs, STAFF_PASSWORD } from '../testing/accounts'
import { createTestApp, type TestApp } from '../testing/test-app'

/**
 * The guard, the roles and the cache rule hold for a route however a client spells its URL. Every route of the
 * route table, public and admin, is sent in its plain spelling and then in every spelling below, anonymously and
 * as staff: where the plain spelling is refused (401, 403), every other spelling is refused the same way, or with
 * 400, or reaches no route at all (404 "Not found"), never a handler; no spelling of any route is a 500; an answer
 * the plain spelling marks no-store is no-store in every spelling that succeeds.
 *
 * Reads name things that exist (the demo catalogue and one order), so a read that got past the guard would answer
 * 200; writes name things that do not, so that no spelling changes what the next route is sent.
 */

const READ_PARAMS = { id: 1, mailId: 1, slug: 'necklaces', orderNumber: 'ORD-1001' }
const WRITE_PARAMS = { id: 999999, mailId: 999999, slug: 'no-such-category', orderNumber: 'ORD-999999' }

const table = Object.entries({ ...routes, ...rawRoutes }) as Array<[string, RouteDef]>

function percentEncoded(character: string, lowerCase: boolean): string {
  const hex = character.charCodeAt(0).toString(16).padStart(2, '0')
  return `%${lowerCase ? hex : hex.toUpperCase()}`
}

/** Every other way to write `path` (`/api/...`) that a client can send. */
export function spellingsOf(path: string): string[] {
  const spellings = new Set<string>()
  const at = (index: number, replacement: string) => `${path.slice(0, index)}${replacement}${path.slice(index + 1)}`
  for (let index = 0; index < path.length; index += 1) {
    const character = path.charAt(index)
    if (/[\w\-.~]/.test(character)) {
      // Each letter, digit and mark percent-encoded in turn, in upper- and lower-case hex.
      spellings.add(at(index, percentEncoded(character, index % 2 === 0)))
    } else if (character === '/') {
      spellings.add(at(index, '%2F'))
      spellings.add(at(index, '%2f'))
      spellings.add(at(index, '//'))
      spellings.add(at(index, '\\'))
      spellings.add(at(index, '/%2e/'))
    }
  }
  const segments = path.split('/').slice(1)
  const join = (parts: string[]) => `/${parts.join('/')}`
  for (let index = 0; index <= segments.length; index += 1) {
    const before = segments.slice(0, index)
    const after = segments.slice(index)
    // Dot segments, plain and encoded, that resolve back to the path.
    spellings.add(join([...before, '.', ...after]))
    spellings.add(join([...before, 'x', '..', ...after]))
    spellings.add(join([...before, 'x', '%2e%2e', ...after]))
    spellings.add(join([...before, 'x', '.%2E', ...after]))
    if (index < segments.length) {
      const segment = segments[index] ?? ''
      // A parameter on one segment, and the segment in other cases.
      spellings.add(join([...before, `${segment};x=1`, ...after.slice(1)]))
      spellings.add(join([...before, segment.toUpperCase(), ...after.slice(1)]))
      spellings.add(join([...before, segment.charAt(0).toUpperCase() + segment.slice(1), ...after.slice(1)]))
      // Up and back down again.
      spellings.add(join([...before, segment, '..', segment, ...after.slice(1)]))
    }
  }
  spellings.add(path.toUpperCase())
  spellings.add(`${path}/`)
  spellings.add(`${path}//`)
  spellings.add(`${path};x=1`)
  spellings.add(`${path}?x=1`)
  spellings.add(`${path}?`)
  spellings.add(`/${path}`)
  spellings.delete(path)
  return [...spellings]
}

const isNoStore = (response: LightMyRequestResponse) => response.headers['cache-control'] === 'no-store'

describe('every spelling of every route', () => {
  let t: TestApp
  let address = 0
  beforeAll(async () => {
    t = await createTestApp({ seed: true })
    const ownerToken = await t.login()
    await inviteAdmin(t, ownerToken, { username: 'sam', role: 'staff' })
    const order = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: {
        customerName: 'Ada Lovelace',
        customerEmail: 'ada@example.com',
        customerAddress: '12 Analytical Way, London, LDN 10001, GB',
        items: [{ productId: 1, quantity: 1 }],
      },
    })
    expect(order.statusCode).toBe(201)
  })
  afterAll(() => t.close())

  it('spells a path in many ways', () => {
    const spellings = spellingsOf('/api/admin/orders/export')
    expect(spellings).toContain('/api/%61dmin/orders/export')
    expect(spellings).toContain('/%61pi/admin/orders/export')
    expect(spellings).toContain('/api/admin/orders/%65xport')
    expect(spellings).toContain('/api/admin%2Forders/export')
    expect(spellings).toContain('/api/x/../admin/orders/export')
    expect(spellings).toContain('/api/ADMIN/orders/export')
    expect(spellings.length).toBeGreaterThan(60)
    expect(table.length).toBeGreaterThanOrEqual(70)
  })

  describe.each(['anonymous', 'staff'] as const)('%s', (who) => {
    it.each(table)('%s', async (_name, route) => {
      // A session of its own for each route: a route such as logout ends the one it is sent with.
      const token = who === 'staff' ? await loginAs(t, 'sam', STAFF_PASSWORD) : undefined
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE'
      const send = (url: string) => {
        address += 1
        return t.request({
          method: route.method,
          url,
          ...(token ? { token } : {}),
          ...(hasBody ? { json: {} } : {}),
          // An address per request: the rate limits of logins, resets and lookups count per client.
          remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        })
      }
      const path = `${API_PREFIX}${fillPath(route.path, route.method === 'GET' ? READ_PARAMS : WRITE_PARAMS).path}`
      const plain = await send(path)
      const isRefused = plain.statusCode === 401 || plain.statusCode === 403
      const wrong: string[] = []
      for (const spelling of spellingsOf(path)) {
        const response = await send(spelling)
        const status = response.statusCode
        if (status >= 500) wrong.push(`${spelling}: ${status} ${response.body.slice(0, 120)}`)
        const isNoRoute = status === 404 && /^Not found\b/.test(response.json<{ message: string }>().message)
        if (isRefused && status !== plain.statusCode && status !== 400 && !isNoRoute) {
          wrong.push(`${spelling}: ${status} ${response.body.slice(0, 120)}`)
        }
        if (isNoStore(plain) && status < 300 && !isNoStore(response)) wrong.push(`${spelling}: not no-store`)
      }
      expect(wrong, `${route.method} ${path} answers ${plain.statusCode} when spelt plainly`).toEqual([])
    })
  })
})

describe('the plain admin routes without an admin', () => {
  let t: TestApp
  let ownerToken: string
  beforeAll(async () => {
    t = await createTestApp({
      // Plays a guard that let a request through without attaching its admin: each handler must still refuse it.
      beforeReady: (app) =>
        app.addHook('preHandler', async (request) => {
          request.admin = undefined
        }),
    })
    ownerToken = await t.login()
  })
  afterAll(() => t.close())

  it.each([
    rawRoutes.ordersExport,
    rawRoutes.productsExport,
    rawRoutes.invoice,
    rawRoutes.upload,
    rawRoutes.productsImport,
  ])('refuses $method $path with 401 before doing any work', async (route) => {
    const response = await t.request({
      method: route.method,
      url: `${API_PREFIX}${fillPath(route.path, { id: 1 }).path}`,
      token: ownerToken,
      headers: route.method === 'POST' ? { 'content-type': 'multipart/form-data; boundary=x' } : {},
      ...(route.method === 'POST' ? { payload: '--x--\r\n' } : {}),
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: 'Authentication required', code: 'UNAUTHORIZED' })
  })
})
