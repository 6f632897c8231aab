import { insertCategory, insertProduct } from '@shop/db/testing/factories'
import type { Category } from '@shop/schema/categories'
import type { ApiError } from '@shop/schema/common'
import type { Product } from '@shop/schema/products'
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

let slugCounter = 0
function nextSlug(): string {
  slugCounter += 1
  return `collection-${slugCounter}`
}

/** A complete, valid body of the category form. */
function categoryBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Rosaries',
    slug: nextSlug(),
    description: 'Hand-knotted rosaries in wood and silver.',
    imageUrl: '/uploads/rosaries.jpg',
    active: true,
    ...overrides,
  }
}

function createCategory(body: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/admin/categories', token, json: body })
}

function updateCategory(id: number | string, body: Record<string, unknown>) {
  return t.request({ method: 'PUT', url: `/api/admin/categories/${id}`, token, json: body })
}

function getCategory(id: number | string) {
  return t.request({ method: 'GET', url: `/api/admin/categories/${id}`, token })
}

function deleteCategory(id: number | string) {
  return t.request({ method: 'DELETE', url: `/api/admin/categories/${id}`, token })
}

async function createdCategory(overrides: Record<string, unknown> = {}): Promise<Category> {
  const response = await createCategory(categoryBody(overrides))
  expect(response.statusCode).toBe(201)
  return response.json<Category>()
}

async function publicSlugs(): Promise<string[]> {
  const response = await t.request({ method: 'GET', url: '/api/categories' })
  expect(response.statusCode).toBe(200)
  return response.json<Category[]>().map((category) => category.slug)
}

describe('POST /api/admin/categories', () => {
  it('creates a category with 201 and answers it', async () => {
    const response = await createCategory(categoryBody({ slug: 'rosaries' }))

    expect(response.statusCode).toBe(201)
    const category = response.json<Category>()
    expect(category).toEqual({
      id: expect.any(Number),
      name: 'Rosaries',
      slug: 'rosaries',
      description: 'Hand-knotted rosaries in wood and silver.',
      imageUrl: '/uploads/rosaries.jpg',
      active: true,
    })
    expect((await getCategory(category.id)).json<Category>()).toEqual(category)
  })

  it('stores an empty description and image URL as null', async () => {
    const category = await createdCategory({ description: '', imageUrl: '' })

    expect(category).toMatchObject({ description: null, imageUrl: null })
    expect((await getCategory(category.id)).json<Category>()).toMatchObject({ description: null, imageUrl: null })
  })

  it('stores an omitted description and image URL as null, and defaults active to true', async () => {
    const { description: _description, imageUrl: _imageUrl, active: _active, ...body } = categoryBody()

    const response = await createCategory(body)

    expect(response.statusCode).toBe(201)
    expect(response.json<Category>()).toMatchObject({ description: null, imageUrl: null, active: true })
  })

  it.each([
    ['name', { name: 'R' }, 'Category name must be at least 2 characters'],
    ['name', { name: undefined }, 'Category name must be at least 2 characters'],
    ['slug', { slug: 'r' }, 'Slug must be at least 2 characters'],
    ['slug', { slug: 'Rings & Bands' }, 'Slug must contain only lowercase letters, numbers, and hyphens'],
    ['slug', { slug: 'Rings' }, 'Slug must contain only lowercase letters, numbers, and hyphens'],
    ['slug', { slug: 'rings_bands' }, 'Slug must contain only lowercase letters, numbers, and hyphens'],
  ] as const)('refuses %s in %j with its message', async (field, overrides, message) => {
    const response = await createCategory(categoryBody(overrides))

    expect(response.statusCode).toBe(400)
    const error = response.json<ApiError>()
    expect(error.code).toBe('BAD_REQUEST')
    expect(error.message).toBe(`${field}: ${message}`)
    expect(error.issues).toContainEqual({ path: [field], message })
  })

  it('accepts a slug of lowercase letters, digits and hyphens', async () => {
    const category = await createdCategory({ slug: 'rings-and-bands-2' })

    expect(category.slug).toBe('rings-and-bands-2')
  })

  it('refuses a duplicate slug with 409 naming the slug, and creates nothing', async () => {
    await createdCategory({ slug: 'medals', name: 'Medals' })
    const before = await t.request({ method: 'GET', url: '/api/admin/categories', token })

    const response = await createCategory(categoryBody({ slug: 'medals', name: 'Other Medals' }))

    expect(response.statusCode).toBe(409)
    const error = response.json<ApiError>()
    expect(error.code).toBe('CONFLICT')
    expect(error.message).toContain('medals')
    const after = await t.request({ method: 'GET', url: '/api/admin/categories', token })
    expect(after.json<Category[]>()).toEqual(before.json<Category[]>())
  })
})

describe('GET /api/admin/categories', () => {
  it('lists active and inactive categories', async () => {
    const active = await createdCategory({ slug: 'listed-active' })
    const inactive = await createdCategory({ slug: 'listed-inactive', active: false })

    const response = await t.request({ method: 'GET', url: '/api/admin/categories', token })

    expect(response.statusCode).toBe(200)
    const categories = response.json<Category[]>()
    expect(categories).toContainEqual(active)
    expect(categories).toContainEqual(inactive)
  })

  it('refuses a request without a token with 401', async () => {
    const response = await t.request({ method: 'GET', url: '/api/admin/categories' })

    expect(response.statusCode).toBe(401)
    expect(response.json<ApiError>().code).toBe('UNAUTHORIZED')
  })
})

describe('GET /api/admin/categories/{id}', () => {
  it('answers 404 for a missing id', async () => {
    const response = await getCategory(999_999)

    expect(response.statusCode).toBe(404)
    expect(response.json<ApiError>()).toEqual({ message: 'Category 999999 not found', code: 'NOT_FOUND' })
  })

  it.each(['abc', '1.5', '-1'])('refuses the id %s with 400', async (id) => {
    const response = await getCategory(id)

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'id: Id must be a positive integer',
    })
  })
})

describe('PUT /api/admin/categories/{id}', () => {
  it('updates every field and answers the category', async () => {
    const created = await createdCategory()

    const response = await updateCategory(created.id, {
      name: 'Prayer Beads',
      slug: 'prayer-beads',
      description: '',
      imageUrl: 'https://img.example.com/beads.png',
      active: false,
    })

    expect(response.statusCode).toBe(200)
    const expected = {
      id: created.id,
      name: 'Prayer Beads',
      slug: 'prayer-beads',
      description: null,
      imageUrl: 'https://img.example.com/beads.png',
      active: false,
    }
    expect(response.json<Category>()).toEqual(expected)
    expect((await getCategory(created.id)).json<Category>()).toEqual(expected)
  })

  it('keeps its own slug without a conflict', async () => {
    const created = await createdCategory()

    const response = await updateCategory(created.id, categoryBody({ slug: created.slug, name: 'Renamed' }))

    expect(response.statusCode).toBe(200)
    expect(response.json<Category>()).toMatchObject({ slug: created.slug, name: 'Renamed' })
  })

  it("refuses another category's slug with 409 naming the slug, and changes nothing", async () => {
    await createdCategory({ slug: 'taken-slug' })
    const second = await createdCategory({ name: 'Second' })

    const response = await updateCategory(second.id, categoryBody({ slug: 'taken-slug', name: 'Changed' }))

    expect(response.statusCode).toBe(409)
    expect(response.json<ApiError>().code).toBe('CONFLICT')
    expect(response.json<ApiError>().message).toContain('taken-slug')
    expect((await getCategory(second.id)).json<Category>()).toEqual(second)
  })

  it('refuses an invalid slug with its message', async () => {
    const created = await createdCategory()

    const response = await updateCategory(created.id, categoryBody({ slug: 'Rings & Bands' }))

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().message).toBe(
      'slug: Slug must contain only lowercase letters, numbers, and hyphens',
    )
  })

  it('answers 404 for a missing id', async () => {
    const response = await updateCategory(999_999, categoryBody())

    expect(response.statusCode).toBe(404)
    expect(response.json<ApiError>()).toEqual({ message: 'Category 999999 not found', code: 'NOT_FOUND' })
  })

  it.each(['abc', '1.5', '-1'])('refuses the id %s with 400', async (id) => {
    const response = await updateCategory(id, categoryBody())

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().code).toBe('BAD_REQUEST')
  })
})

describe('DELETE /api/admin/categories/{id}', () => {
  it('deletes a category without products, after which GET answers 404', async () => {
    const created = await createdCategory()

    const response = await deleteCategory(created.id)

    expect(response.statusCode).toBe(200)
    expect((await getCategory(created.id)).statusCode).toBe(404)
  })

  it('refuses to delete a category with products with 409, and keeps it', async () => {
    const created = await createdCategory()
    await insertProduct(t.db, { categoryId: created.id })

    const response = await deleteCategory(created.id)

    expect(response.statusCode).toBe(409)
    expect(response.json<ApiError>().code).toBe('CONFLICT')
    const kept = await getCategory(created.id)
    expect(kept.statusCode).toBe(200)
    expect(kept.json<Category>()).toEqual(created)
  })

  it('refuses to delete a category whose only product is inactive', async () => {
    const created = await createdCategory()
    await insertProduct(t.db, { categoryId: created.id, active: false })

    const response = await deleteCategory(created.id)

    expect(response.statusCode).toBe(409)
    expect((await getCategory(created.id)).statusCode).toBe(200)
  })

  it('answers 404 for a missing id', async () => {
    const response = await deleteCategory(999_999)

    expect(response.statusCode).toBe(404)
    expect(response.json<ApiError>()).toEqual({ message: 'Category 999999 not found', code: 'NOT_FOUND' })
  })

  it.each(['abc', '1.5', '-1'])('refuses the id %s with 400', async (id) => {
    const response = await deleteCategory(id)

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().code).toBe('BAD_REQUEST')
  })
})

describe('public categories', () => {
  it('lists only active categories on GET /api/categories', async () => {
    const active = await createdCategory({ slug: 'public-active' })
    await createdCategory({ slug: 'public-inactive', active: false })

    const response = await t.request({ method: 'GET', url: '/api/categories' })

    expect(response.statusCode).toBe(200)
    const categories = response.json<Category[]>()
    expect(categories.map((category) => category.slug)).toContain('public-active')
    expect(categories.map((category) => category.slug)).not.toContain('public-inactive')
    expect(categories.find((category) => category.slug === 'public-active')).toMatchObject({
      id: active.id,
      name: active.name,
      slug: active.slug,
      description: active.description,
      imageUrl: active.imageUrl,
    })
  })

  it('answers an active category on GET /api/categories/{slug} and 404 for an inactive one', async () => {
    const active = await createdCategory({ slug: 'by-slug-active' })
    await createdCategory({ slug: 'by-slug-inactive', active: false })

    const shown = await t.request({ method: 'GET', url: '/api/categories/by-slug-active' })
    const hidden = await t.request({ method: 'GET', url: '/api/categories/by-slug-inactive' })

    expect(shown.statusCode).toBe(200)
    expect(shown.json<Category>()).toMatchObject({ id: active.id, slug: 'by-slug-active', name: active.name })
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json<ApiError>().code).toBe('NOT_FOUND')
  })

  it('answers 404 for an unknown slug', async () => {
    const response = await t.request({ method: 'GET', url: '/api/categories/no-such-category' })

    expect(response.statusCode).toBe(404)
    expect(response.json<ApiError>().code).toBe('NOT_FOUND')
  })

  it('follows admin writes at once: deactivating hides, reactivating shows, renaming the slug moves it', async () => {
    const created = await createdCategory({ slug: 'moving' })
    expect(await publicSlugs()).toContain('moving')
    expect((await t.request({ method: 'GET', url: '/api/categories/moving' })).statusCode).toBe(200)

    await updateCategory(created.id, categoryBody({ slug: 'moving', active: false }))
    expect(await publicSlugs()).not.toContain('moving')
    expect((await t.request({ method: 'GET', url: '/api/categories/moving' })).statusCode).toBe(404)

    await updateCategory(created.id, categoryBody({ slug: 'moved', active: true }))
    expect(await publicSlugs()).toContain('moved')
    expect(await publicSlugs()).not.toContain('moving')
    expect((await t.request({ method: 'GET', url: '/api/categories/moved' })).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/categories/moving' })).statusCode).toBe(404)

    await deleteCategory(created.id)
    expect(await publicSlugs()).not.toContain('moved')
  })
})

describe('GET /api/categories/{slug}/products', () => {
  it('lists only the active products of the category', async () => {
    const category = await insertCategory(t.db, { slug: 'earrings', name: 'Earrings' })
    const other = await insertCategory(t.db, { slug: 'anklets', name: 'Anklets' })
    const first = await insertProduct(t.db, { categoryId: category.id, name: 'Alpha Studs' })
    const second = await insertProduct(t.db, { categoryId: category.id, name: 'Beta Hoops' })
    await insertProduct(t.db, { categoryId: category.id, name: 'Hidden Drops', active: false })
    await insertProduct(t.db, { categoryId: other.id, name: 'Anklet Chain' })

    const response = await t.request({ method: 'GET', url: '/api/categories/earrings/products' })

    expect(response.statusCode).toBe(200)
    const products = response.json<Product[]>()
    expect(products.map((product) => product.id).sort((a, b) => a - b)).toEqual([first.id, second.id])
    for (const product of products) {
      expect(product).toMatchObject({ active: true, categoryId: category.id, categorySlug: 'earrings' })
    }
  })

  it('answers an empty list for a category without products', async () => {
    await insertCategory(t.db, { slug: 'empty-shelf' })

    const response = await t.request({ method: 'GET', url: '/api/categories/empty-shelf/products' })

    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([])
  })

  it('answers 404 for an unknown slug', async () => {
    const response = await t.request({ method: 'GET', url: '/api/categories/no-such-category/products' })

    expect(response.statusCode).toBe(404)
    expect(response.json<ApiError>().code).toBe('NOT_FOUND')
  })

  it('answers 404 for an inactive category', async () => {
    const category = await insertCategory(t.db, { slug: 'retired', active: false })
    await insertProduct(t.db, { categoryId: category.id })

    const response = await t.request({ method: 'GET', url: '/api/categories/retired/products' })

    expect(response.statusCode).toBe(404)
    expect(response.json<ApiError>().code).toBe('NOT_FOUND')
  })
})

describe('slugs regardless of letter case', () => {
  // The slug rule admits only lowercase letters, so two slugs through the API can never differ only in case;
  // the database's index on lower(slug) guards the data that arrives by other ways (a copied database).
  it('refuses an uppercase slug with the slug message instead of storing a case variant', async () => {
    await createdCategory({ slug: 'crosses' })

    for (const slug of ['Crosses', 'CROSSES']) {
      const response = await createCategory(categoryBody({ slug }))
      expect(response.statusCode, slug).toBe(400)
      expect(response.json<ApiError>().message).toBe(
        'slug: Slug must contain only lowercase letters, numbers, and hyphens',
      )
    }
  })
})
