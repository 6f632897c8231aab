import { insertTestimonial } from '@shop/db/testing/factories'
import type { ApiError } from '@shop/schema/common'
import type { Testimonial } from '@shop/schema/testimonials'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let token: string

beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
})

afterAll(async () => {
  await t?.close()
})

/** A complete, valid body of the testimonial form. */
function testimonialBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Grace Miller',
    content: 'The medal is exquisite and arrived beautifully wrapped.',
    location: 'New York, USA',
    rating: 5,
    avatarUrl: 'https://img.example.com/grace.jpg',
    active: true,
    featured: true,
    ...overrides,
  }
}

function createTestimonial(body: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/admin/testimonials', token, json: body })
}

function updateTestimonial(id: number | string, body: Record<string, unknown>) {
  return t.request({ method: 'PUT', url: `/api/admin/testimonials/${id}`, token, json: body })
}

function deleteTestimonial(id: number | string) {
  return t.request({ method: 'DELETE', url: `/api/admin/testimonials/${id}`, token })
}

async function createdTestimonial(overrides: Record<string, unknown> = {}): Promise<Testimonial> {
  const response = await createTestimonial(testimonialBody(overrides))
  expect(response.statusCode).toBe(201)
  return response.json<Testimonial>()
}

async function adminList(): Promise<Testimonial[]> {
  const response = await t.request({ method: 'GET', url: '/api/admin/testimonials', token })
  expect(response.statusCode).toBe(200)
  return response.json<Testimonial[]>()
}

async function featuredIds(): Promise<number[]> {
  const response = await t.request({ method: 'GET', url: '/api/featured-testimonials' })
  expect(response.statusCode).toBe(200)
  return response.json<Testimonial[]>().map((testimonial) => testimonial.id)
}

describe('POST /api/admin/testimonials', () => {
  it('creates a testimonial with 201 and answers it as JSON', async () => {
    const response = await createTestimonial(testimonialBody({ rating: 4 }))

    expect(response.statusCode).toBe(201)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    const testimonial = response.json<Testimonial>()
    expect(testimonial).toMatchObject({
      name: 'Grace Miller',
      content: 'The medal is exquisite and arrived beautifully wrapped.',
      location: 'New York, USA',
      rating: 4,
      avatarUrl: 'https://img.example.com/grace.jpg',
      active: true,
      featured: true,
    })
    expect(testimonial.id).toBeGreaterThan(0)
    expect(await adminList()).toContainEqual(testimonial)
  })

  it('defaults active to true and featured to false when they are omitted', async () => {
    const { active: _active, featured: _featured, ...body } = testimonialBody()

    const response = await createTestimonial(body)

    expect(response.statusCode).toBe(201)
    expect(response.json<Testimonial>()).toMatchObject({ active: true, featured: false })
  })

  it('stores an empty location and avatar URL as null', async () => {
    const testimonial = await createdTestimonial({ location: '', avatarUrl: '' })

    expect(testimonial).toMatchObject({ location: null, avatarUrl: null })
    expect((await adminList()).find((item) => item.id === testimonial.id)).toMatchObject({
      location: null,
      avatarUrl: null,
    })
  })

  it('accepts a null location and avatar URL', async () => {
    const testimonial = await createdTestimonial({ location: null, avatarUrl: null })

    expect(testimonial).toMatchObject({ location: null, avatarUrl: null })
  })

  it.each([0, 6, 4.5, -1])('refuses the rating %s with 400', async (rating) => {
    const response = await createTestimonial(testimonialBody({ rating }))

    expect(response.statusCode).toBe(400)
    const error = response.json<ApiError>()
    expect(error.code).toBe('BAD_REQUEST')
    expect(error.message).toMatch(/^rating: /)
    expect(error.issues?.[0]?.path).toEqual(['rating'])
  })

  it('refuses a missing rating with 400', async () => {
    const response = await createTestimonial(testimonialBody({ rating: undefined }))

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().message).toBe('rating: Rating is required')
  })

  it.each([
    ['name', { name: '' }, 'Name is required'],
    ['name', { name: '   ' }, 'Name is required'],
    ['name', { name: undefined }, 'Name is required'],
    ['content', { content: '' }, 'Content is required'],
    ['content', { content: undefined }, 'Content is required'],
  ] as const)('refuses %s in %j with its message', async (field, overrides, message) => {
    const response = await createTestimonial(testimonialBody(overrides))

    expect(response.statusCode).toBe(400)
    const error = response.json<ApiError>()
    expect(error.code).toBe('BAD_REQUEST')
    expect(error.message).toBe(`${field}: ${message}`)
    expect(error.issues).toContainEqual({ path: [field], message })
  })

  it('creates nothing when refused', async () => {
    const before = await adminList()

    await createTestimonial(testimonialBody({ rating: 6 }))

    expect(await adminList()).toEqual(before)
  })

  it('refuses a request without a token with 401', async () => {
    const response = await t.request({ method: 'POST', url: '/api/admin/testimonials', json: testimonialBody() })

    expect(response.statusCode).toBe(401)
    expect(response.json<ApiError>().code).toBe('UNAUTHORIZED')
  })
})

describe('PUT /api/admin/testimonials/{id}', () => {
  it('updates every field and answers the testimonial as JSON', async () => {
    const created = await createdTestimonial()

    const response = await updateTestimonial(created.id, {
      name: 'Grace M.',
      content: 'Still wearing it every day.',
      location: '',
      rating: 3,
      avatarUrl: '',
      active: false,
      featured: false,
    })

    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    const expected = {
      id: created.id,
      name: 'Grace M.',
      content: 'Still wearing it every day.',
      location: null,
      rating: 3,
      avatarUrl: null,
      active: false,
      featured: false,
    }
    expect(response.json<Testimonial>()).toMatchObject(expected)
    expect((await adminList()).find((item) => item.id === created.id)).toMatchObject(expected)
  })

  it('refuses a rating of 6 and changes nothing', async () => {
    const created = await createdTestimonial()

    const response = await updateTestimonial(created.id, testimonialBody({ rating: 6 }))

    expect(response.statusCode).toBe(400)
    expect((await adminList()).find((item) => item.id === created.id)).toEqual(created)
  })

  it('answers 404 for a missing id', async () => {
    const response = await updateTestimonial(999_999, testimonialBody())

    expect(response.statusCode).toBe(404)
    expect(response.json<ApiError>()).toEqual({ message: 'Testimonial 999999 not found', code: 'NOT_FOUND' })
  })

  it.each(['abc', '1.5', '-1'])('refuses the id %s with 400', async (id) => {
    const response = await updateTestimonial(id, testimonialBody())

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'id: Id must be a positive integer',
    })
  })
})

describe('DELETE /api/admin/testimonials/{id}', () => {
  it('deletes the testimonial from the list', async () => {
    const created = await createdTestimonial()

    const response = await deleteTestimonial(created.id)

    expect(response.statusCode).toBe(200)
    expect((await adminList()).map((item) => item.id)).not.toContain(created.id)
  })

  it('answers 404 for a missing id, and for a second delete', async () => {
    const created = await createdTestimonial()
    await deleteTestimonial(created.id)

    const again = await deleteTestimonial(created.id)
    const missing = await deleteTestimonial(999_999)

    expect(again.statusCode).toBe(404)
    expect(again.json<ApiError>()).toEqual({ message: `Testimonial ${created.id} not found`, code: 'NOT_FOUND' })
    expect(missing.statusCode).toBe(404)
  })

  it.each(['abc', '1.5', '-1'])('refuses the id %s with 400', async (id) => {
    const response = await deleteTestimonial(id)

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().code).toBe('BAD_REQUEST')
  })
})

describe('GET /api/featured-testimonials', () => {
  it('holds only testimonials that are active (or null) and featured (null is not featured)', async () => {
    const activeFeatured = await insertTestimonial(t.db, { active: true, featured: true })
    const nullActiveFeatured = await insertTestimonial(t.db, { active: null, featured: true })
    const inactiveFeatured = await insertTestimonial(t.db, { active: false, featured: true })
    const activeNullFeatured = await insertTestimonial(t.db, { active: true, featured: null })
    const activeNotFeatured = await insertTestimonial(t.db, { active: true, featured: false })
    const bothNull = await insertTestimonial(t.db, { active: null, featured: null })

    const ids = await featuredIds()

    expect(ids).toContain(activeFeatured.id)
    expect(ids).toContain(nullActiveFeatured.id)
    expect(ids).not.toContain(inactiveFeatured.id)
    expect(ids).not.toContain(activeNullFeatured.id)
    expect(ids).not.toContain(activeNotFeatured.id)
    expect(ids).not.toContain(bothNull.id)
  })

  it('is open to anonymous visitors and answers the public fields', async () => {
    const created = await createdTestimonial({ name: 'Public Reviewer', location: 'Dublin, Ireland', rating: 4 })

    const response = await t.request({ method: 'GET', url: '/api/featured-testimonials' })

    expect(response.statusCode).toBe(200)
    expect(response.json<Testimonial[]>().find((item) => item.id === created.id)).toMatchObject({
      name: 'Public Reviewer',
      location: 'Dublin, Ireland',
      rating: 4,
      content: created.content,
      avatarUrl: created.avatarUrl,
    })
  })

  it('shows admin changes at once', async () => {
    // Read first so the public answer is cached before each write.
    await featuredIds()
    const created = await createdTestimonial({ featured: true })
    expect(await featuredIds()).toContain(created.id)

    await updateTestimonial(created.id, testimonialBody({ featured: false }))
    expect(await featuredIds()).not.toContain(created.id)

    await updateTestimonial(created.id, testimonialBody({ featured: true }))
    expect(await featuredIds()).toContain(created.id)

    await updateTestimonial(created.id, testimonialBody({ featured: true, active: false }))
    expect(await featuredIds()).not.toContain(created.id)

    await updateTestimonial(created.id, testimonialBody({ featured: true, active: true }))
    expect(await featuredIds()).toContain(created.id)

    await deleteTestimonial(created.id)
    expect(await featuredIds()).not.toContain(created.id)
  })
})
