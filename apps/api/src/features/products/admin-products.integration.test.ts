import { insertCategory, insertProduct } from '@shop/db/testing/factories'
import type { Category } from '@shop/schema/categories'
import type { ApiError } from '@shop/schema/common'
import type { Order } from '@shop/schema/orders'
import type { Product } from '@shop/schema/products'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let token: string
let category: Category

beforeAll(async () => {
  t = await createTestApp()
  token = await t.login()
  category = await insertCategory(t.db, { name: 'Necklaces', slug: 'necklaces' })
})

afterAll(async () => {
  await t?.close()
})

let skuCounter = 0
function nextSku(): string {
  skuCounter += 1
  return `NEC-${String(skuCounter).padStart(4, '0')}`
}

/** A complete, valid body of the product form. */
function productBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Cross Pendant',
    description: 'A sterling silver cross on a fine chain.',
    price: 49.9,
    categoryId: category.id,
    imageUrls: ['/uploads/cross-front.jpg', 'https://cdn.example.com/cross-back.jpg'],
    sku: nextSku(),
    stock: 12,
    minStock: 3,
    featured: false,
    active: true,
    ...overrides,
  }
}

function getProduct(id: number | string) {
  return t.request({ method: 'GET', url: `/api/admin/products/${id}`, token })
}

function createProduct(body: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/admin/products', token, json: body })
}

function updateProduct(id: number | string, body: Record<string, unknown>) {
  return t.request({ method: 'PUT', url: `/api/admin/products/${id}`, token, json: body })
}

/** The form body that describes an existing product. */
function bodyOf(product: Product, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { name, description, price, categoryId, imageUrls, sku, stock, minStock, featured, active } = product
  return { name, description, price, categoryId, imageUrls, sku, stock, minStock, featured, active, ...overrides }
}

async function createdProduct(overrides: Record<string, unknown> = {}): Promise<Product> {
  const response = await createProduct(productBody(overrides))
  expect(response.statusCode).toBe(201)
  return response.json<Product>()
}

describe('GET /api/admin/products', () => {
  it('lists every product, inactive ones included, with the category joined', async () => {
    const active = await insertProduct(t.db, { categoryId: category.id, name: 'Listed Active Ring' })
    const inactive = await insertProduct(t.db, { categoryId: category.id, name: 'Listed Hidden Ring', active: false })

    const response = await t.request({ method: 'GET', url: '/api/admin/products', token })

    expect(response.statusCode).toBe(200)
    const products = response.json<Product[]>()
    const listed = products.filter((product) => product.id === active.id || product.id === inactive.id)
    expect(listed).toHaveLength(2)
    for (const product of listed) {
      expect(product.categoryName).toBe('Necklaces')
      expect(product.categorySlug).toBe('necklaces')
    }
    expect(listed.find((product) => product.id === inactive.id)?.active).toBe(false)
  })

  it('refuses a request without a token with 401', async () => {
    const response = await t.request({ method: 'GET', url: '/api/admin/products' })

    expect(response.statusCode).toBe(401)
    expect(response.json<ApiError>()).toMatchObject({ code: 'UNAUTHORIZED' })
  })
})

describe('GET /api/admin/products/{id}', () => {
  it('answers the product with its money as a string and its category name', async () => {
    const inserted = await insertProduct(t.db, { categoryId: category.id, price: 120.5, stock: 4, minStock: 2 })

    const response = await getProduct(inserted.id)

    expect(response.statusCode).toBe(200)
    expect(response.json<Product>()).toMatchObject({
      id: inserted.id,
      name: inserted.name,
      price: '120.50',
      categoryId: category.id,
      categoryName: 'Necklaces',
      stock: 4,
      minStock: 2,
    })
  })

  it('answers 404 for a missing id', async () => {
    const response = await getProduct(999_999)

    expect(response.statusCode).toBe(404)
    expect(response.json<ApiError>()).toEqual({ message: 'Product 999999 not found', code: 'NOT_FOUND' })
  })

  it.each(['abc', '1.5', '-1', '0'])('refuses the id %s with 400', async (id) => {
    const response = await getProduct(id)

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'id: Id must be a positive integer',
    })
  })
})

describe('POST /api/admin/products', () => {
  it('creates a product with 201 and answers it with price "49.90" for the number 49.9', async () => {
    const body = productBody({ price: 49.9 })

    const response = await createProduct(body)

    expect(response.statusCode).toBe(201)
    const product = response.json<Product>()
    expect(product).toMatchObject({
      name: 'Cross Pendant',
      description: 'A sterling silver cross on a fine chain.',
      price: '49.90',
      categoryId: category.id,
      categoryName: 'Necklaces',
      categorySlug: 'necklaces',
      sku: body.sku,
      stock: 12,
      minStock: 3,
      featured: false,
      active: true,
    })
    expect(product.id).toBeGreaterThan(0)

    const fetched = await getProduct(product.id)
    expect(fetched.json<Product>()).toEqual(product)
  })

  it('accepts the price as the string "49.90"', async () => {
    const response = await createProduct(productBody({ price: '49.90' }))

    expect(response.statusCode).toBe(201)
    expect(response.json<Product>().price).toBe('49.90')
  })

  it('keeps the order of the image URLs', async () => {
    const imageUrls = [
      '/uploads/c.png',
      'https://img.example.com/a.jpg',
      '/uploads/b.webp',
      'http://img.example.com/d.gif',
    ]

    const created = await createdProduct({ imageUrls })
    const fetched = await getProduct(created.id)

    expect(created.imageUrls).toEqual(imageUrls)
    expect(fetched.json<Product>().imageUrls).toEqual(imageUrls)
  })

  it('defaults featured to false and active to true when they are omitted', async () => {
    const { featured: _featured, active: _active, ...body } = productBody()

    const response = await createProduct(body)

    expect(response.statusCode).toBe(201)
    expect(response.json<Product>()).toMatchObject({ featured: false, active: true })
  })

  it.each([
    ['name', { name: 'ab' }, 'Product name must be at least 3 characters'],
    ['name', { name: undefined }, 'Product name must be at least 3 characters'],
    ['description', { description: 'too short' }, 'Description must be at least 10 characters'],
    ['price', { price: 0 }, 'Price must be positive'],
    ['price', { price: -5 }, 'Price must be positive'],
    ['categoryId', { categoryId: 0 }, 'Please select a category'],
    ['categoryId', { categoryId: undefined }, 'Please select a category'],
    ['imageUrls', { imageUrls: [] }, 'At least one image is required'],
    ['imageUrls', { imageUrls: undefined }, 'At least one image is required'],
    ['sku', { sku: 'AB' }, 'SKU must be at least 3 characters'],
    ['stock', { stock: 1.5 }, 'Stock must be an integer'],
    ['stock', { stock: -1 }, 'Stock cannot be negative'],
    ['minStock', { minStock: 0 }, 'Minimum stock must be at least 1'],
  ] as const)('refuses %s in %j with its message', async (field, overrides, message) => {
    const response = await createProduct(productBody(overrides))

    expect(response.statusCode).toBe(400)
    const error = response.json<ApiError>()
    expect(error.code).toBe('BAD_REQUEST')
    expect(error.message).toBe(`${field}: ${message}`)
    expect(error.issues).toContainEqual({ path: [field], message })
  })

  it.each([49.999, '49.999'])('refuses the price %j with 3 decimals', async (price) => {
    const response = await createProduct(productBody({ price }))

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'price: Price can have at most 2 decimal places',
    })
  })

  it('lists every problem of the form in issues', async () => {
    const response = await createProduct({ name: 'ab', description: 'short', price: 0, imageUrls: [], sku: 'X' })

    expect(response.statusCode).toBe(400)
    const messages = response.json<ApiError>().issues?.map((issue) => issue.message)
    expect(messages).toEqual(
      expect.arrayContaining([
        'Product name must be at least 3 characters',
        'Description must be at least 10 characters',
        'Price must be positive',
        'Please select a category',
        'At least one image is required',
        'SKU must be at least 3 characters',
      ]),
    )
  })

  it('refuses a duplicate SKU with 409 naming the SKU, and creates nothing', async () => {
    const existing = await createdProduct({ sku: 'DUP-0001', name: 'Original Piece' })
    const before = await t.request({ method: 'GET', url: '/api/admin/products', token })

    const response = await createProduct(productBody({ sku: 'DUP-0001', name: 'Copy Piece' }))

    expect(response.statusCode).toBe(409)
    const error = response.json<ApiError>()
    expect(error.code).toBe('CONFLICT')
    expect(error.message).toContain('DUP-0001')
    const after = await t.request({ method: 'GET', url: '/api/admin/products', token })
    expect(after.json<Product[]>()).toEqual(before.json<Product[]>())
    expect((await getProduct(existing.id)).json<Product>().name).toBe('Original Piece')
  })

  it('refuses an unknown categoryId with 400', async () => {
    const response = await createProduct(productBody({ categoryId: 987_654 }))

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toMatchObject({ code: 'BAD_REQUEST' })
    expect(response.json<ApiError>().message).toContain('987654')
  })
})

describe('PUT /api/admin/products/{id}', () => {
  it('updates every field and answers the product', async () => {
    const other = await insertCategory(t.db, { name: 'Bracelets', slug: 'bracelets' })
    const created = await createdProduct()

    const response = await updateProduct(
      created.id,
      productBody({
        name: 'Cross Bracelet',
        description: 'A gold cross on a woven bracelet.',
        price: '75',
        categoryId: other.id,
        imageUrls: ['/uploads/bracelet.png'],
        sku: 'BRA-0001',
        stock: 0,
        minStock: 1,
        featured: true,
        active: false,
      }),
    )

    expect(response.statusCode).toBe(200)
    const expected = {
      id: created.id,
      name: 'Cross Bracelet',
      description: 'A gold cross on a woven bracelet.',
      price: '75.00',
      categoryId: other.id,
      categoryName: 'Bracelets',
      categorySlug: 'bracelets',
      imageUrls: ['/uploads/bracelet.png'],
      sku: 'BRA-0001',
      stock: 0,
      minStock: 1,
      featured: true,
      active: false,
    }
    expect(response.json<Product>()).toMatchObject(expected)
    expect((await getProduct(created.id)).json<Product>()).toMatchObject(expected)
  })

  it('keeps its own SKU without a conflict', async () => {
    const created = await createdProduct()

    const response = await updateProduct(created.id, bodyOf(created, { name: 'Renamed Pendant' }))

    expect(response.statusCode).toBe(200)
    expect(response.json<Product>()).toMatchObject({ sku: created.sku, name: 'Renamed Pendant' })
  })

  it("refuses another product's SKU with 409 naming the SKU, and changes nothing", async () => {
    const first = await createdProduct({ sku: 'TAKEN-01' })
    const second = await createdProduct({ name: 'Second Piece' })

    const response = await updateProduct(second.id, bodyOf(second, { sku: 'TAKEN-01', name: 'Changed Name' }))

    expect(response.statusCode).toBe(409)
    expect(response.json<ApiError>().code).toBe('CONFLICT')
    expect(response.json<ApiError>().message).toContain('TAKEN-01')
    expect((await getProduct(second.id)).json<Product>()).toEqual(second)
    expect((await getProduct(first.id)).json<Product>()).toEqual(first)
  })

  it('refuses an unknown categoryId with 400', async () => {
    const created = await createdProduct()

    const response = await updateProduct(created.id, bodyOf(created, { categoryId: 987_654 }))

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().code).toBe('BAD_REQUEST')
    expect((await getProduct(created.id)).json<Product>()).toEqual(created)
  })

  it('answers 404 for a missing id', async () => {
    const response = await updateProduct(999_999, productBody())

    expect(response.statusCode).toBe(404)
    expect(response.json<ApiError>()).toEqual({ message: 'Product 999999 not found', code: 'NOT_FOUND' })
  })

  it('refuses an invalid body with the message of the field', async () => {
    const created = await createdProduct()

    const response = await updateProduct(created.id, productBody({ stock: -3 }))

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().message).toBe('stock: Stock cannot be negative')
  })

  it.each(['abc', '1.5', '-1'])('refuses the id %s with 400', async (id) => {
    const response = await updateProduct(id, productBody())

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'id: Id must be a positive integer',
    })
  })
})

describe('DELETE /api/admin/products/{id}', () => {
  it('deletes the product, after which GET answers 404', async () => {
    const created = await createdProduct()

    const response = await t.request({ method: 'DELETE', url: `/api/admin/products/${created.id}`, token })

    expect(response.statusCode).toBe(200)
    expect((await getProduct(created.id)).statusCode).toBe(404)
  })

  it('answers 404 for a missing id', async () => {
    const response = await t.request({ method: 'DELETE', url: '/api/admin/products/999999', token })

    expect(response.statusCode).toBe(404)
    expect(response.json<ApiError>()).toEqual({ message: 'Product 999999 not found', code: 'NOT_FOUND' })
  })

  it.each(['abc', '1.5', '-1'])('refuses the id %s with 400', async (id) => {
    const response = await t.request({ method: 'DELETE', url: `/api/admin/products/${id}`, token })

    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().code).toBe('BAD_REQUEST')
  })

  it('keeps an order that references the product intact', async () => {
    const product = await createdProduct({ name: 'Ordered Locket', sku: 'LOC-0001', price: '89.50', stock: 5 })
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: {
        customerName: 'Mary Jones',
        customerEmail: 'mary@example.com',
        customerAddress: '1 Main Street, Springfield, IL 62701, USA',
        items: [{ productId: product.id, quantity: 2 }],
      },
    })
    expect(placed.statusCode).toBe(201)
    const order = placed.json<Order>()

    const deleted = await t.request({ method: 'DELETE', url: `/api/admin/products/${product.id}`, token })
    expect(deleted.statusCode).toBe(200)

    const response = await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}`, token })
    expect(response.statusCode).toBe(200)
    const kept = response.json<Order>()
    expect(kept).toMatchObject({ id: order.id, orderNumber: order.orderNumber, total: '179.00', itemCount: 2 })
    expect(kept.items).toHaveLength(1)
    expect(kept.items[0]).toMatchObject({
      productId: null,
      name: 'Ordered Locket',
      sku: 'LOC-0001',
      price: '89.50',
      quantity: 2,
    })
  })
})

describe('public catalogue after admin writes', () => {
  it('hides a deactivated product at once and shows it again when reactivated', async () => {
    const shown = await insertCategory(t.db, { name: 'Crosses', slug: 'crosses' })
    const created = await createdProduct({ categoryId: shown.id, featured: true, name: 'Olive Wood Cross' })
    const publicGet = () => t.request({ method: 'GET', url: `/api/products/${created.id}` })
    const featuredIds = async () =>
      (await t.request({ method: 'GET', url: '/api/featured-products' })).json<Product[]>().map((product) => product.id)
    const categoryIds = async () =>
      (await t.request({ method: 'GET', url: '/api/categories/crosses/products' }))
        .json<Product[]>()
        .map((product) => product.id)

    // Read everything once so the public answers are cached before the write.
    expect((await publicGet()).statusCode).toBe(200)
    expect(await featuredIds()).toContain(created.id)
    expect(await categoryIds()).toContain(created.id)

    const deactivated = await updateProduct(created.id, bodyOf(created, { active: false }))
    expect(deactivated.statusCode).toBe(200)

    const hidden = await publicGet()
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json<ApiError>().code).toBe('NOT_FOUND')
    expect(await featuredIds()).not.toContain(created.id)
    expect(await categoryIds()).not.toContain(created.id)

    const reactivated = await updateProduct(created.id, bodyOf(created, { active: true }))
    expect(reactivated.statusCode).toBe(200)

    const back = await publicGet()
    expect(back.statusCode).toBe(200)
    expect(back.json<Product>()).toMatchObject({ id: created.id, name: 'Olive Wood Cross', active: true })
    expect(await featuredIds()).toContain(created.id)
    expect(await categoryIds()).toContain(created.id)
  })

  it('shows a deleted product nowhere on the public endpoints', async () => {
    const created = await createdProduct({ featured: true })
    expect((await t.request({ method: 'GET', url: `/api/products/${created.id}` })).statusCode).toBe(200)

    await t.request({ method: 'DELETE', url: `/api/admin/products/${created.id}`, token })

    expect((await t.request({ method: 'GET', url: `/api/products/${created.id}` })).statusCode).toBe(404)
    const featured = (await t.request({ method: 'GET', url: '/api/featured-products' })).json<Product[]>()
    expect(featured.map((product) => product.id)).not.toContain(created.id)
  })
})

describe('SKUs regardless of letter case', () => {
  it('refuses a SKU that differs from another only in case with 409 naming the SKU, and creates nothing', async () => {
    await createdProduct({ sku: 'NEC-1042', name: 'Original Piece' })
    const before = await t.request({ method: 'GET', url: '/api/admin/products', token })

    const response = await createProduct(productBody({ sku: 'nec-1042', name: 'Copy Piece' }))

    expect(response.statusCode).toBe(409)
    expect(response.json<ApiError>()).toEqual({
      message: "A product with SKU 'nec-1042' already exists",
      code: 'CONFLICT',
    })
    const after = await t.request({ method: 'GET', url: '/api/admin/products', token })
    expect(after.json<Product[]>()).toEqual(before.json<Product[]>())
  })

  it("refuses to change a SKU to another product's in other letters, and changes nothing", async () => {
    await createdProduct({ sku: 'RIN-2001' })
    const second = await createdProduct({ name: 'Second Piece' })

    const response = await updateProduct(second.id, bodyOf(second, { sku: 'rin-2001' }))

    expect(response.statusCode).toBe(409)
    expect(response.json<ApiError>().message).toBe("A product with SKU 'rin-2001' already exists")
    expect((await getProduct(second.id)).json<Product>()).toEqual(second)
  })

  it('lets a product change the case of its own SKU', async () => {
    const created = await createdProduct({ sku: 'brc-3001' })

    const response = await updateProduct(created.id, bodyOf(created, { sku: 'BRC-3001' }))

    expect(response.statusCode).toBe(200)
    expect(response.json<Product>().sku).toBe('BRC-3001')
  })
})
