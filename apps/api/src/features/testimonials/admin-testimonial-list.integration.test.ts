/**
 * GET /api/admin/testimonials answers one page at a time like the other back-office lists: the spec's
 * array, X-Total-Count and Link, searched, filtered (status, featured) and sorted by the database. SQLite and
 * PostgreSQL.
 */
import { insertTestimonial } from '@shop/db/testing/factories'
import { MAX_PAGE_SIZE } from '@shop/schema/common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let token: string

const list = (query: string) => t.request({ method: 'GET', url: `/api/admin/testimonials${query}`, token })
const names = async (query: string) => {
  const response = await list(query)
  expect(response.statusCode, query).toBe(200)
  return response.json().map((testimonial: { name: string }) => testimonial.name)
}

beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
})
afterAll(() => t.close())

describe('GET /api/admin/testimonials, paged', () => {
  it('answers an empty page and a total of 0 when there are no testimonials', async () => {
    const response = await list('?pageSize=10')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([])
    expect(response.headers['x-total-count']).toBe('0')
    expect(response.headers.link).toBe(
      '</api/admin/testimonials?sort=newest&page=1&pageSize=10>; rel="first", ' +
        '</api/admin/testimonials?sort=newest&page=1&pageSize=10>; rel="last"',
    )
  })

  describe('with testimonials', () => {
    beforeAll(async () => {
      // Created in this order: newest last. A null active counts as active, a null featured as not featured.
      await insertTestimonial(t.db, { name: 'Ana', rating: 4, content: 'Lovely rosary', featured: true })
      await insertTestimonial(t.db, { name: 'José', rating: 5, content: 'Una medalla preciosa', location: 'Sevilla' })
      await insertTestimonial(t.db, { name: 'Ruth', rating: 3, content: 'Got 50% off_today', active: false })
      await insertTestimonial(t.db, { name: 'Mia', rating: 2, content: 'Slow post', active: null, featured: null })
      await insertTestimonial(t.db, { name: 'Zoë', rating: 5, content: 'Stunning', active: false, featured: true })
    })

    it('pages newest first with the total and the links to the other pages, keeping the filters', async () => {
      const first = await list('?pageSize=2&featured=false')
      expect(first.headers['x-total-count']).toBe('3')
      expect(first.json().map((r: { name: string }) => r.name)).toEqual(['Mia', 'Ruth'])
      expect(first.headers.link).toBe(
        '</api/admin/testimonials?sort=newest&featured=false&page=1&pageSize=2>; rel="first", ' +
          '</api/admin/testimonials?sort=newest&featured=false&page=2&pageSize=2>; rel="next", ' +
          '</api/admin/testimonials?sort=newest&featured=false&page=2&pageSize=2>; rel="last"',
      )
      const last = await list('?pageSize=2&featured=false&page=2')
      expect(last.json().map((r: { name: string }) => r.name)).toEqual(['José'])
      expect(last.headers.link).toContain('rel="prev"')
      expect(last.headers.link).not.toContain('rel="next"')
    })

    it('answers an empty page past the end, with the total', async () => {
      const past = await list('?page=3&pageSize=5')
      expect(past.statusCode).toBe(200)
      expect(past.json()).toEqual([])
      expect(past.headers['x-total-count']).toBe('5')
      expect(past.headers.link).toContain('page=1&pageSize=5>; rel="prev"')
    })

    it('sorts by date, rating and name, and filters by status and featured, nulls read as the spec says', async () => {
      expect(await names('')).toEqual(['Zoë', 'Mia', 'Ruth', 'José', 'Ana'])
      expect(await names('?sort=oldest&pageSize=2')).toEqual(['Ana', 'José'])
      expect(await names('?sort=rating-desc')).toEqual(['Zoë', 'José', 'Ana', 'Ruth', 'Mia'])
      expect(await names('?sort=rating-asc&pageSize=2')).toEqual(['Mia', 'Ruth'])
      expect(await names('?sort=name')).toEqual(['Ana', 'José', 'Mia', 'Ruth', 'Zoë'])
      expect(await names('?status=active')).toEqual(['Mia', 'José', 'Ana'])
      expect(await names('?status=inactive')).toEqual(['Zoë', 'Ruth'])
      expect(await names('?featured=true')).toEqual(['Zoë', 'Ana'])
      expect(await names('?featured=false')).toEqual(['Mia', 'Ruth', 'José'])
      expect(await names('?featured=true&status=active&sort=name')).toEqual(['Ana'])
    })

    it('searches name, content and location as a case-insensitive substring, accents kept, % and _ plain', async () => {
      expect(await names('?q=ROSARY')).toEqual(['Ana'])
      expect(await names('?q=sevilla')).toEqual(['José'])
      expect(await names('?q=jos%C3%A9')).toEqual(['José'])
      expect(await names('?q=JOS%C3%89')).toEqual(['José'])
      expect(await names('?q=jose')).toEqual([])
      expect(await names('?q=zo%C3%AB')).toEqual(['Zoë'])
      expect(await names('?q=50%25')).toEqual(['Ruth'])
      expect(await names('?q=%25')).toEqual(['Ruth'])
      expect(await names('?q=_')).toEqual(['Ruth'])
      // As wildcards, "5%f" and "o_f" would match "50% off".
      expect(await names('?q=5%25f')).toEqual([])
      expect(await names('?q=o_f')).toEqual([])
      const none = await list('?q=never-written')
      expect(none.json()).toEqual([])
      expect(none.headers['x-total-count']).toBe('0')
    })

    it('refuses bad page, size, sort and filters with 400 and a message', async () => {
      for (const [query, message] of [
        [`?pageSize=${MAX_PAGE_SIZE + 1}`, `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`],
        ['?pageSize=0', `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`],
        ['?page=-1', 'Page must be a whole number from 1'],
        ['?sort=best', 'Sort must be one of: newest, oldest, rating-desc, rating-asc, name'],
        ['?status=hidden', 'Status must be active or inactive'],
        ['?featured=yes', 'Featured must be true or false'],
      ] as const) {
        const response = await list(query)
        expect(response.statusCode, query).toBe(400)
        expect(response.json().message, query).toContain(message)
      }
      expect(await names(`?pageSize=${MAX_PAGE_SIZE}`)).toHaveLength(5)
    })
  })
})

describe('the OpenAPI document', () => {
  it('documents the page parameters, the filters and the page headers', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json()
    const operation = document.paths['/admin/testimonials'].get
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'sort', 'q', 'status', 'featured']),
    )
    expect(Object.keys(operation.responses[200].headers)).toEqual(['X-Total-Count', 'Link'])
  })
})
