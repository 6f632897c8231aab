import { insertCategory, insertProduct } from '@shop/db/testing/factories'
import { MAX_ORDER_LINES } from '@shop/schema/orders'
import { MAX_STOCK, type Product } from '@shop/schema/products'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

const customer = {
  customerName: 'Mary Jones',
  customerEmail: 'mary@example.com',
  customerAddress: '12 Oak Street, Springfield, IL 62701, USA',
}

describe('placing an order', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp()
    token = await t.login()
  })
  afterAll(() => t.close())

  const placeOrder = (body: unknown) => t.request({ method: 'POST', url: '/api/orders', json: body })
  const stockOf = async (id: number) =>
    (await t.request({ method: 'GET', url: `/api/admin/products/${id}`, token })).json().stock as number

  it('prices the order from the database, assigns the number and takes the stock', async () => {
    const ring = await insertProduct(t.db, { name: 'Faith Ring', price: 89.5, stock: 5, sku: 'RIN-0001' })
    const chain = await insertProduct(t.db, { name: 'Gold Chain', price: 120, stock: 3, sku: 'NEC-0001' })
    const response = await placeOrder({
      ...customer,
      notes: 'Gift wrap, please',
      // What the storefront sends besides productId and quantity is ignored: the client cannot set prices.
      items: [
        { productId: ring.id, quantity: 2, price: 0.01, name: 'Cheap', sku: 'X', imageUrl: null },
        { productId: chain.id, quantity: 1, price: '0.01' },
      ],
      // The total the buyer was shown must be the server's (a tampered one is refused: money.integration.test.ts).
      total: '299.00',
      orderNumber: 'ORD-42',
    })
    expect(response.statusCode).toBe(201)
    const order = response.json()
    expect(order).toMatchObject({
      orderNumber: 'ORD-1001',
      status: 'pending',
      total: '299.00',
      notes: 'Gift wrap, please',
      itemCount: 3,
      ...customer,
    })
    expect(order.items).toEqual([
      {
        id: expect.any(Number),
        productId: ring.id,
        variantId: ring.variants[0]?.id,
        name: 'Faith Ring',
        price: '89.50',
        quantity: 2,
        sku: 'RIN-0001',
        imageUrl: ring.imageUrls[0],
        variantLabel: null,
        personalization: [],
        leadTime: null,
      },
      {
        id: expect.any(Number),
        productId: chain.id,
        variantId: chain.variants[0]?.id,
        name: 'Gold Chain',
        price: '120.00',
        quantity: 1,
        sku: 'NEC-0001',
        imageUrl: chain.imageUrls[0],
        variantLabel: null,
        personalization: [],
        leadTime: null,
      },
    ])
    expect(new Date(order.createdAt).toISOString()).toBe(order.createdAt)
    expect(await stockOf(ring.id)).toBe(3)
    expect(await stockOf(chain.id)).toBe(2)

    const second = await placeOrder({ ...customer, items: [{ productId: ring.id, quantity: 1 }] })
    expect(second.json().orderNumber).toBe('ORD-1002')
  })

  it('merges lines of the same product', async () => {
    const product = await insertProduct(t.db, { stock: 4 })
    const response = await placeOrder({
      ...customer,
      items: [
        { productId: product.id, quantity: 1 },
        { productId: product.id, quantity: 2 },
      ],
    })
    expect(response.statusCode).toBe(201)
    expect(response.json().items).toHaveLength(1)
    expect(response.json().items[0].quantity).toBe(3)
    expect(await stockOf(product.id)).toBe(1)
  })

  it('refuses more than the stock with 409 naming the product, and changes nothing', async () => {
    const plenty = await insertProduct(t.db, { stock: 10 })
    const scarce = await insertProduct(t.db, { name: 'Mustard Seed Locket', stock: 2 })
    const orderCount = async () =>
      Number((await t.request({ method: 'GET', url: '/api/admin/orders', token })).headers['x-total-count'])
    const ordersBefore = await orderCount()
    const response = await placeOrder({
      ...customer,
      items: [
        { productId: plenty.id, quantity: 1 },
        { productId: scarce.id, quantity: 3 },
      ],
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      message: "Only 2 of 'Mustard Seed Locket' are left in stock",
      code: 'CONFLICT',
    })
    expect(await stockOf(plenty.id)).toBe(10)
    expect(await stockOf(scarce.id)).toBe(2)
    expect(await orderCount()).toBe(ordersBefore)
  })

  it('says when a product is out of stock', async () => {
    const soldOut = await insertProduct(t.db, { name: 'Dove Pendant', stock: 0 })
    const response = await placeOrder({ ...customer, items: [{ productId: soldOut.id, quantity: 1 }] })
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe("'Dove Pendant' is out of stock")
  })

  it('refuses unknown and inactive products with 400', async () => {
    const inactive = await insertProduct(t.db, { active: false })
    for (const productId of [999_999, inactive.id]) {
      const response = await placeOrder({ ...customer, items: [{ productId, quantity: 1 }] })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe(`Product ${productId} is not available`)
    }
  })

  it('validates the order with clear messages', async () => {
    const product = await insertProduct(t.db)
    const item = { productId: product.id, quantity: 1 }
    const cases: Array<[unknown, string]> = [
      [{ ...customer, items: [] }, 'items: At least one item is required'],
      [{ ...customer, customerName: 'M', items: [item] }, 'customerName: Name must be at least 2 characters'],
      [{ ...customer, customerEmail: 'mary', items: [item] }, 'customerEmail: Please enter a valid email address'],
      [{ ...customer, customerAddress: 'x', items: [item] }, 'customerAddress: Please enter your full address'],
      [{ ...customer, items: [{ ...item, quantity: 0 }] }, 'items.0.quantity: Quantity must be positive'],
      [{ ...customer, items: [{ ...item, quantity: -2 }] }, 'items.0.quantity: Quantity must be positive'],
      [{ ...customer, items: [{ ...item, quantity: 1.5 }] }, 'items.0.quantity: Quantity must be an integer'],
      [{ ...customer, items: [{ ...item, quantity: '2' }] }, 'items.0.quantity: Quantity must be a positive integer'],
      [
        { ...customer, items: [{ productId: 'abc', quantity: 1 }] },
        'items.0.productId: Product id must be a positive integer',
      ],
      [{ ...customer }, 'items: At least one item is required'],
    ]
    for (const [body, message] of cases) {
      const response = await placeOrder(body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json().message).toBe(message)
      expect(response.json().code).toBe('BAD_REQUEST')
    }
    expect(await stockOf(product.id)).toBe(10)
  })

  it('never oversells when many buyers race for the last units', async () => {
    const product = await insertProduct(t.db, { stock: 7 })
    const attempts = 40
    const responses = await Promise.all(
      Array.from({ length: attempts }, () =>
        placeOrder({ ...customer, items: [{ productId: product.id, quantity: 1 }] }),
      ),
    )
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(7)
    expect(statuses.filter((status) => status === 409)).toHaveLength(attempts - 7)
    expect(await stockOf(product.id)).toBe(0)
    const numbers = responses
      .filter((r) => r.statusCode === 201)
      .map((r) => Number(r.json().orderNumber.slice('ORD-'.length)))
      .sort((a, b) => a - b)
    // Unique and without gaps: the 33 refused orders took no number.
    expect(numbers).toEqual(Array.from({ length: 7 }, (_, i) => (numbers[0] ?? 0) + i))
  })

  it('decides orders that arrive together one by one: refusals change nothing, and numbers stay consecutive', async () => {
    const cross = await insertProduct(t.db, { name: 'Olive Wood Cross', stock: 5, price: 30 })
    const inactive = await insertProduct(t.db, { active: false })
    const numberOf = (response: { json(): { orderNumber: string } }) =>
      Number(response.json().orderNumber.slice('ORD-'.length))
    const before = numberOf(await placeOrder({ ...customer, items: [{ productId: cross.id, quantity: 1 }] }))
    const quantities = [
      { productId: cross.id, quantity: 2 },
      { productId: 999_999, quantity: 1 },
      { productId: cross.id, quantity: 3 },
      { productId: inactive.id, quantity: 1 },
      { productId: cross.id, quantity: 1 },
    ]
    // Sent at once, so they are decided in one batch, in this order, against the stock left by the ones before.
    const responses = await Promise.all(quantities.map((item) => placeOrder({ ...customer, items: [item] })))
    expect(responses.map((response) => response.statusCode)).toEqual([201, 400, 409, 400, 201])
    expect(responses[1]?.json().message).toBe('Product 999999 is not available')
    expect(responses[2]?.json().message).toBe("Only 2 of 'Olive Wood Cross' are left in stock")
    expect(responses[3]?.json().message).toBe(`Product ${inactive.id} is not available`)
    expect(responses[0]?.json()).toMatchObject({ total: '60.00', itemCount: 2 })
    expect(responses[4]?.json()).toMatchObject({ total: '30.00', itemCount: 1 })
    // The refused orders gave their numbers back: the placed ones, and the next, follow each other.
    const placed = [responses[0], responses[4]].map((response) => numberOf(response as never))
    expect(placed).toEqual([before + 1, before + 2])
    expect(numberOf(await placeOrder({ ...customer, items: [{ productId: cross.id, quantity: 1 }] }))).toBe(before + 3)
    expect(await stockOf(cross.id)).toBe(0)
  })

  it('places many full carts that arrive together, however many lines they hold in all', async () => {
    const category = await insertCategory(t.db)
    const products: Product[] = []
    for (let i = 0; i < MAX_ORDER_LINES; i++)
      products.push(await insertProduct(t.db, { categoryId: category.id, stock: 100 }))
    const buyers = 50
    // 50 orders of 100 lines: 5,000 lines in one batch, more values than one SQL statement may carry.
    const responses = await Promise.all(
      Array.from({ length: buyers }, () =>
        placeOrder({ ...customer, items: products.map((product) => ({ productId: product.id, quantity: 1 })) }),
      ),
    )
    expect(responses.map((response) => response.statusCode)).toEqual(Array(buyers).fill(201))
    for (const response of responses) {
      const order = response.json()
      expect(order.items).toHaveLength(MAX_ORDER_LINES)
      expect(order.items.map((item: { productId: number }) => item.productId)).toEqual(products.map((p) => p.id))
      expect(order.itemCount).toBe(MAX_ORDER_LINES)
    }
    const stored = (
      await t.request({ method: 'GET', url: `/api/admin/orders/${responses[0]?.json().id}`, token })
    ).json()
    expect(stored.items).toEqual(responses[0]?.json().items)
    expect(await stockOf(products[0]?.id ?? 0)).toBe(100 - buyers)
    expect(await stockOf(products[MAX_ORDER_LINES - 1]?.id ?? 0)).toBe(100 - buyers)
  })

  it('refuses an order whose total is beyond what the shop records, without failing the orders beside it', async () => {
    const crown = await insertProduct(t.db, { name: 'Jeweled Crown', price: 1_000_000, stock: 50 })
    const [tooMuch, fine] = await Promise.all([
      placeOrder({ ...customer, items: [{ productId: crown.id, quantity: 22 }] }),
      placeOrder({ ...customer, items: [{ productId: crown.id, quantity: 21 }] }),
    ])
    expect(tooMuch?.statusCode).toBe(400)
    expect(tooMuch?.json()).toEqual({ message: 'An order total can be at most $21,474,836.47', code: 'BAD_REQUEST' })
    expect(fine?.statusCode).toBe(201)
    expect(fine?.json().total).toBe('21000000.00')
    expect(await stockOf(crown.id)).toBe(29)
  })

  it('fails only the order the database refuses, not the others of its batch', async () => {
    // A trigger stands for any failure the server cannot foresee: the database refuses one order's row.
    const onPostgres = 'postgresUrl' in t.config.database
    if (onPostgres) {
      await sql`create function refuse_boom() returns trigger language plpgsql as $$
        begin if new.customer_name = 'Boom' then raise exception 'refused by the database'; end if; return new; end $$`.execute(
        t.db,
      )
      await sql`create trigger refuse_boom before insert on orders for each row execute function refuse_boom()`.execute(
        t.db,
      )
    } else {
      await sql`create trigger refuse_boom before insert on orders when new.customer_name = 'Boom'
        begin select raise(abort, 'refused by the database'); end`.execute(t.db)
    }
    try {
      const product = await insertProduct(t.db, { stock: 10 })
      const item = { productId: product.id, quantity: 2 }
      const responses = await Promise.all(
        ['Ruth Adams', 'Boom', 'Noah Price'].map((customerName) =>
          placeOrder({ ...customer, customerName, items: [item] }),
        ),
      )
      expect(responses.map((response) => response.statusCode)).toEqual([201, 500, 201])
      expect(responses[1]?.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' })
      expect(await stockOf(product.id)).toBe(6)
    } finally {
      await sql`drop trigger refuse_boom${onPostgres ? sql` on orders` : sql``}`.execute(t.db)
    }
  })

  it('never oversells with mixed quantities racing', async () => {
    const product = await insertProduct(t.db, { stock: 10 })
    const quantities = [3, 3, 3, 3, 2, 2, 1, 1, 4, 5]
    const responses = await Promise.all(
      quantities.map((quantity) => placeOrder({ ...customer, items: [{ productId: product.id, quantity }] })),
    )
    const sold = responses.reduce(
      (sum, response, i) => sum + (response.statusCode === 201 ? (quantities[i] ?? 0) : 0),
      0,
    )
    const stock = await stockOf(product.id)
    expect(stock).toBeGreaterThanOrEqual(0)
    expect(stock + sold).toBe(10)
  })
})

describe('managing orders', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp()
    token = await t.login()
  })
  afterAll(() => t.close())

  async function newOrder(stock = 5, quantity = 2) {
    const product = await insertProduct(t.db, { stock })
    const response = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: { ...customer, items: [{ productId: product.id, quantity }] },
    })
    expect(response.statusCode).toBe(201)
    return { product, order: response.json() }
  }
  const setStatus = (id: number | string, status: unknown) =>
    t.request({ method: 'PATCH', url: `/api/admin/orders/${id}/status`, token, json: { status } })
  const stockOf = async (id: number) =>
    (await t.request({ method: 'GET', url: `/api/admin/products/${id}`, token })).json().stock as number

  it('lists orders newest first with their item counts, and gets one with its items', async () => {
    const { order: first } = await newOrder()
    const { order: second } = await newOrder()
    const list = (await t.request({ method: 'GET', url: '/api/admin/orders', token })).json()
    expect(list[0].id).toBe(second.id)
    expect(list[1].id).toBe(first.id)
    expect(list[0].itemCount).toBe(2)
    expect(list[0]).not.toHaveProperty('items')
    const detail = await t.request({ method: 'GET', url: `/api/admin/orders/${first.id}`, token })
    expect(detail.statusCode).toBe(200)
    // The created order's answer alone carries the key of its guest page.
    const { accessKey, payUrl, ...created } = first
    expect(accessKey).toEqual(expect.any(String))
    expect(payUrl).toBeNull()
    expect(detail.json()).toEqual(created)
  })

  it('moves an order through every status; cancelling returns stock, leaving cancelled takes it again', async () => {
    const { product, order } = await newOrder(5, 2)
    expect(await stockOf(product.id)).toBe(3)

    const processing = await setStatus(order.id, 'processing')
    expect(processing.statusCode).toBe(200)
    expect(processing.json().status).toBe('processing')
    expect(processing.json().updatedAt >= order.updatedAt).toBe(true)

    expect((await setStatus(order.id, 'cancelled')).json().status).toBe('cancelled')
    expect(await stockOf(product.id)).toBe(5)
    // Setting the same status again changes nothing.
    expect((await setStatus(order.id, 'cancelled')).statusCode).toBe(200)
    expect(await stockOf(product.id)).toBe(5)

    expect((await setStatus(order.id, 'pending')).json().status).toBe('pending')
    expect(await stockOf(product.id)).toBe(3)
    expect((await setStatus(order.id, 'completed')).json().status).toBe('completed')
    expect(await stockOf(product.id)).toBe(3)
  })

  it('refuses to leave cancelled when the stock is gone (409), and keeps the order cancelled', async () => {
    const { product, order } = await newOrder(2, 2)
    await setStatus(order.id, 'cancelled')
    // Someone else buys the returned units.
    const other = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: { ...customer, items: [{ productId: product.id, quantity: 1 }] },
    })
    expect(other.statusCode).toBe(201)
    const response = await setStatus(order.id, 'processing')
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe(`Only 1 of '${product.name}' is left in stock`)
    expect((await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}`, token })).json().status).toBe(
      'cancelled',
    )
    expect(await stockOf(product.id)).toBe(1)
  })

  it('refuses an unknown status with 400 and a missing order with 404', async () => {
    const { order } = await newOrder()
    const bad = await setStatus(order.id, 'shipped')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('status: Status must be one of: pending, processing, completed, cancelled')
    expect((await setStatus(order.id, undefined)).statusCode).toBe(400)
    expect((await setStatus(999_999, 'pending')).statusCode).toBe(404)
    expect((await setStatus('abc', 'pending')).statusCode).toBe(400)
  })

  it('deletes an order', async () => {
    const { order } = await newOrder()
    const deleted = await t.request({ method: 'DELETE', url: `/api/admin/orders/${order.id}`, token })
    expect(deleted.statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}`, token })).statusCode).toBe(404)
    const again = await t.request({ method: 'DELETE', url: `/api/admin/orders/${order.id}`, token })
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual({ message: `Order ${order.id} not found`, code: 'NOT_FOUND' })
  })
})

describe('the stock maximum', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp()
    token = await t.login()
  })
  afterAll(() => t.close())

  const setStatus = (id: number, status: string) =>
    t.request({ method: 'PATCH', url: `/api/admin/orders/${id}/status`, token, json: { status } })
  const getProduct = async (id: number) =>
    (await t.request({ method: 'GET', url: `/api/admin/products/${id}`, token })).json<Product>()
  const saveProduct = (product: Product) =>
    t.request({ method: 'PUT', url: `/api/admin/products/${product.id}`, token, json: product })

  it('refuses a cancel that would take the stock past its maximum with 409 naming the product, and changes nothing', async () => {
    const product = await insertProduct(t.db, { name: 'Mustard Seed Pendant', stock: 1000 })
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: { ...customer, items: [{ productId: product.id, quantity: 1000 }] },
    })
    expect(placed.statusCode).toBe(201)
    const order = placed.json()
    // Restocked to the maximum while the order was out.
    const restocked = await saveProduct({ ...(await getProduct(product.id)), stock: MAX_STOCK })
    expect(restocked.statusCode).toBe(200)

    const response = await setStatus(order.id, 'cancelled')

    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      message: `Cannot return 1000 of 'Mustard Seed Pendant' to stock: it would exceed the maximum stock of ${MAX_STOCK}`,
      code: 'CONFLICT',
    })
    expect((await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}`, token })).json().status).toBe(
      'pending',
    )
    const after = await getProduct(product.id)
    expect(after.stock).toBe(MAX_STOCK)
    // The product can still be saved as it is: the invariant held.
    expect((await saveProduct(after)).statusCode).toBe(200)
  })

  it('returns the items of a cancelled order up to exactly the maximum', async () => {
    const product = await insertProduct(t.db, { stock: 10 })
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: { ...customer, items: [{ productId: product.id, quantity: 10 }] },
    })
    const order = placed.json()
    await saveProduct({ ...(await getProduct(product.id)), stock: MAX_STOCK - 10 })

    const response = await setStatus(order.id, 'cancelled')

    expect(response.statusCode).toBe(200)
    expect((await getProduct(product.id)).stock).toBe(MAX_STOCK)
  })

  it('leaves the other lines of a refused cancel untouched', async () => {
    const small = await insertProduct(t.db, { name: 'Small Cross', stock: 5 })
    const full = await insertProduct(t.db, { name: 'Full Medal', stock: 5 })
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: {
        ...customer,
        items: [
          { productId: small.id, quantity: 2 },
          { productId: full.id, quantity: 2 },
        ],
      },
    })
    const order = placed.json()
    await saveProduct({ ...(await getProduct(full.id)), stock: MAX_STOCK })

    const response = await setStatus(order.id, 'cancelled')

    expect(response.statusCode).toBe(409)
    expect(response.json().message).toContain("'Full Medal'")
    expect((await getProduct(small.id)).stock).toBe(3)
    expect((await getProduct(full.id)).stock).toBe(MAX_STOCK)
  })
})

describe('customer text on an order', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('refuses a customer name made only of zero-width spaces, and places nothing', async () => {
    const product = await insertProduct(t.db, { stock: 5 })
    const response = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: { ...customer, customerName: '\u200B\u200B\u200B', items: [{ productId: product.id, quantity: 1 }] },
    })

    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe('customerName: Name must contain visible characters')
    const stock = await t.db.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirst()
    expect(stock?.stock).toBe(5)
  })

  it('refuses notes that carry a right-to-left override', async () => {
    const product = await insertProduct(t.db, { stock: 5 })
    const response = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: { ...customer, notes: 'Leave at door \u202Eroolf ts1', items: [{ productId: product.id, quantity: 1 }] },
    })

    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe('notes: Notes must not contain bidirectional control characters')
  })
})
