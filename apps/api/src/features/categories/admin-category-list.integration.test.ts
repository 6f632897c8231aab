/**
 * GET /api/admin/categories answers one page at a time like the other back-office lists: the spec's
 * array, X-Total-Count and Link, searched, filtered by status and sorted by the database. SQLite and PostgreSQL.
 */
import { insertCategory } from '@shop/db/testing/factories'
import { MAX_PAGE_SIZE } from '@shop/schema/common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let token: string

const list = (query: string) => t.request({ method: 'GET', url: `/api/admin/categories${query}`, token })
const slugs = async (query: string) => {
  const response = await list(query)
  expect(response.statusCode, query).toBe(200)
  return response.json().map((category: { slug: string }) => category.slug)
}

beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
})
afterAll(() => t.close())

describe('GET /api/admin/categories, paged', () => {
  it('answers an empty page and a total of 0 when the shop has no categories', async () => {
    const response = await list('')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([])
    expect(response.headers['x-total-count']).toBe('0')
    expect(response.headers.link).toBe(
      '</api/admin/categories?sort=name&page=1&pageSize=50>; rel="first", ' +
        '</api/admin/categories?sort=name&page=1&pageSize=50>; rel="last"',
    )
  })

  describe('with categories', () => {
    beforeAll(async () => {
      // Created in this order: newest last.
      await insertCategory(t.db, { name: 'Rosaries', slug: 'rosaries', description: 'Prayer beads', active: true })
      await insertCategory(t.db, { name: 'Médailles', slug: 'medailles', description: 'Saints in gold' })
      await insertCategory(t.db, { name: 'Lockets', slug: 'lockets', description: '50% off_today', active: false })
      await insertCategory(t.db, { name: 'Crosses', slug: 'crosses', description: null })
      await insertCategory(t.db, { name: 'Bracelets', slug: 'bracelets', description: 'Charm links', active: false })
    })

    it('pages by name with the total and the links to the other pages, keeping the filters', async () => {
      const first = await list('?pageSize=2&status=active')
      expect(first.headers['x-total-count']).toBe('3')
      expect(first.json().map((c: { slug: string }) => c.slug)).toEqual(['crosses', 'medailles'])
      expect(first.headers.link).toBe(
        '</api/admin/categories?sort=name&status=active&page=1&pageSize=2>; rel="first", ' +
          '</api/admin/categories?sort=name&status=active&page=2&pageSize=2>; rel="next", ' +
          '</api/admin/categories?sort=name&status=active&page=2&pageSize=2>; rel="last"',
      )
      const last = await list('?pageSize=2&status=active&page=2')
      expect(last.json().map((c: { slug: string }) => c.slug)).toEqual(['rosaries'])
      expect(last.headers.link).toContain('page=1&pageSize=2>; rel="prev"')
      expect(last.headers.link).not.toContain('rel="next"')
    })

    it('answers an empty page past the end, with the total and a link back to the last page', async () => {
      const past = await list('?page=4&pageSize=2')
      expect(past.statusCode).toBe(200)
      expect(past.json()).toEqual([])
      expect(past.headers['x-total-count']).toBe('5')
      expect(past.headers.link).toContain('page=3&pageSize=2>; rel="prev"')
    })

    it('sorts by name, newest and oldest, and filters by status', async () => {
      expect(await slugs('')).toEqual(['bracelets', 'crosses', 'lockets', 'medailles', 'rosaries'])
      expect(await slugs('?sort=newest&pageSize=2')).toEqual(['bracelets', 'crosses'])
      expect(await slugs('?sort=oldest&pageSize=2')).toEqual(['rosaries', 'medailles'])
      expect(await slugs('?status=inactive')).toEqual(['bracelets', 'lockets'])
      expect(await slugs('?status=inactive&sort=newest&q=l')).toEqual(['bracelets', 'lockets'])
    })

    it('searches name, slug and description as a case-insensitive substring, accents kept, % and _ plain', async () => {
      expect(await slugs('?q=ROSAR')).toEqual(['rosaries'])
      expect(await slugs('?q=prayer')).toEqual(['rosaries'])
      expect(await slugs('?q=médai')).toEqual(['medailles'])
      expect(await slugs('?q=MÉDAI')).toEqual(['medailles'])
      // The slug has no accent; the name does: "medai" finds it by its slug, "édai" only by its name.
      expect(await slugs('?q=edail')).toEqual(['medailles'])
      expect(await slugs('?q=%C3%A9dail')).toEqual(['medailles'])
      expect(await slugs('?q=50%25')).toEqual(['lockets'])
      expect(await slugs('?q=%25')).toEqual(['lockets'])
      expect(await slugs('?q=_')).toEqual(['lockets'])
      // As wildcards, "5%f" and "o_f" would match "50% off".
      expect(await slugs('?q=5%25f')).toEqual([])
      expect(await slugs('?q=o_f')).toEqual([])
      expect(await slugs('?q=nothing-like-it')).toEqual([])
      const none = await list('?q=nothing-like-it')
      expect(none.headers['x-total-count']).toBe('0')
    })

    it('refuses bad page, size, sort and status with 400 and a message, and changes nothing', async () => {
      for (const [query, message] of [
        [`?pageSize=${MAX_PAGE_SIZE + 1}`, `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`],
        ['?pageSize=0', `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`],
        ['?page=0', 'Page must be a whole number from 1'],
        ['?page=two', 'Page must be a whole number from 1'],
        ['?sort=price', 'Sort must be one of: name, newest, oldest'],
        ['?status=archived', 'Status must be active or inactive'],
        [`?q=${'x'.repeat(101)}`, 'Search text is too long'],
      ] as const) {
        const response = await list(query)
        expect(response.statusCode, query).toBe(400)
        expect(response.json().message, query).toContain(message)
      }
      expect(await slugs(`?pageSize=${MAX_PAGE_SIZE}`)).toHaveLength(5)
    })

    it('needs a session', async () => {
      const response = await t.request({ method: 'GET', url: '/api/admin/categories?page=1' })
      expect(response.statusCode).toBe(401)
    })
  })
})

describe('the OpenAPI document', () => {
  it('documents the page parameters, the filters and the page headers', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json()
    const operation = document.paths['/admin/categories'].get
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'sort', 'q', 'status']),
    )
    expect(Object.keys(operation.responses[200].headers)).toEqual(['X-Total-Count', 'Link'])
  })
})
