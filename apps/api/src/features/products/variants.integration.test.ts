/**
 * Jewelry's choices (docs/decisions/0005-variants.md), end to end through the API: a ring in sizes, a pendant in two metals and three
 * chain lengths, an engravable locket and a made-to-order rosary, listed by the admin and bought by guests. Runs on
 * SQLite and PostgreSQL; the mails go through a real SMTP server and the invoice is read back with pdftotext.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { insertCategory, insertProduct } from '@shop/db/testing/factories'
import type { Order } from '@shop/schema/orders'
import type { Product, ProductInput } from '@shop/schema/products'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpInbox, startSmtpInbox } from '../../testing/smtp-inbox'
import { createTestApp, type TestApp } from '../../testing/test-app'

const customer = {
  customerName: 'José Ἰησοῦς Cohen',
  customerEmail: 'jose@example.com',
  customerAddress: '12 Oak Street, Springfield, IL 62701, USA',
}

// Typed as a buyer types them: Latin with accents, Hebrew with points, Greek with breathings, a symbol.
const ENGRAVINGS = ['Jn 3:16', 'José ✝', 'שָׁלוֹם', 'Ἰησοῦς']

let t: TestApp
let token: string
let inbox: SmtpInbox
let categoryId: number
let tempDir: string

beforeAll(async () => {
  inbox = await startSmtpInbox()
  t = await createTestApp({ smtpPort: inbox.port })
  token = await t.login()
  categoryId = (await insertCategory(t.db, { name: 'Rings', slug: 'rings-variants' })).id
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-variants-'))
})
afterAll(async () => {
  await t.close()
  await inbox.close()
  fs.rmSync(tempDir, { recursive: true, force: true })
})

function ringInput(overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    name: 'Gold Cross Ring',
    description: 'A gold ring with a cross, made by hand in our studio.',
    price: 1,
    categoryId,
    imageUrls: ['/uploads/demo/ring.svg'],
    sku: 'GCR-1000',
    stock: 0,
    minStock: 1,
    options: [{ name: 'Ring size', values: ['5', '6', '7'] }],
    variants: [
      { options: ['5'], sku: 'GCR-1000-5', price: 120, stock: 2, minStock: 1 },
      { options: ['6'], sku: 'GCR-1000-6', price: 110, stock: 3, minStock: 1 },
      { options: ['7'], sku: 'GCR-1000-7', price: 130, stock: 1, minStock: 2, imageUrl: '/uploads/demo/ring-7.svg' },
    ],
    personalization: [{ label: 'Engraving', maxLength: 12, required: false, surcharge: 15 }],
    ...overrides,
  }
}

async function createProduct(input: ProductInput): Promise<Product> {
  const response = await t.request({ method: 'POST', url: '/api/admin/products', token, json: input })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Product>()
}

async function updateProduct(id: number, input: ProductInput) {
  return t.request({ method: 'PUT', url: `/api/admin/products/${id}`, token, json: input })
}

const publicProduct = async (id: number) => (await t.request({ method: 'GET', url: `/api/products/${id}` })).json()
const adminProduct = async (id: number) =>
  (await t.request({ method: 'GET', url: `/api/admin/products/${id}`, token })).json<Product>()

function placeOrder(items: unknown[]) {
  return t.request({ method: 'POST', url: '/api/orders', json: { ...customer, items } })
}

function variantOf(product: Product, value: string) {
  const variant = product.variants.find((candidate) => candidate.options.includes(value))
  if (!variant) throw new Error(`${product.name} has no variant ${value}`)
  return variant
}

describe('a product with options', () => {
  it('answers its options and variants; price is the lowest active variant price, stock the sum of active', async () => {
    const ring = await createProduct(ringInput())
    expect(ring).toMatchObject({
      sku: 'GCR-1000',
      price: '110.00',
      stock: 6,
      options: [{ name: 'Ring size', values: ['5', '6', '7'] }],
      personalization: [
        { id: 1, label: 'Engraving', maxLength: 12, required: false, surcharge: '15.00', allowedCharacters: null },
      ],
    })
    expect(ring.variants.map((v) => [v.options, v.label, v.sku, v.price, v.stock, v.active, v.imageUrl])).toEqual([
      [['5'], 'Ring size 5', 'GCR-1000-5', '120.00', 2, true, null],
      [['6'], 'Ring size 6', 'GCR-1000-6', '110.00', 3, true, null],
      [['7'], 'Ring size 7', 'GCR-1000-7', '130.00', 1, true, '/uploads/demo/ring-7.svg'],
    ])

    // Switching the cheapest size off: the public no longer sees it, and price and stock follow.
    const [five, six, seven] = ring.variants
    const input = ringInput({
      variants: [
        { id: five?.id, options: ['5'], sku: 'GCR-1000-5', price: 120, stock: 2, minStock: 1 },
        { id: six?.id, options: ['6'], sku: 'GCR-1000-6', price: 110, stock: 3, minStock: 1, active: false },
        { id: seven?.id, options: ['7'], sku: 'GCR-1000-7', price: 130, stock: 1, minStock: 2 },
      ],
    })
    const updated = await updateProduct(ring.id, input)
    expect(updated.statusCode, updated.body).toBe(200)
    const seen = await publicProduct(ring.id)
    expect(seen).toMatchObject({ price: '120.00', stock: 3, sku: 'GCR-1000' })
    expect(seen.variants.map((v: { sku: string }) => v.sku)).toEqual(['GCR-1000-5', 'GCR-1000-7'])
    // Ids are kept: carts and order lines name them.
    expect((await adminProduct(ring.id)).variants.map((v) => v.id)).toEqual([five?.id, six?.id, seven?.id])
    const refused = await placeOrder([{ productId: ring.id, variantId: six?.id, quantity: 1 }])
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe(`Variant ${six?.id} of 'Gold Cross Ring' is not available`)
  })

  it('keeps every SKU to one piece, across products and variants, regardless of letter case', async () => {
    const plain = await insertProduct(t.db, { sku: 'PLN-0001', categoryId })
    const clash = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      token,
      json: ringInput({
        sku: 'PND-2000',
        options: [{ name: 'Metal', values: ['Gold', 'Silver'] }],
        variants: [
          { options: ['Gold'], sku: 'pln-0001', price: 90, stock: 1, minStock: 1 },
          { options: ['Silver'], sku: 'PND-2000-S', price: 60, stock: 1, minStock: 1 },
        ],
      }),
    })
    expect(clash.statusCode).toBe(409)
    expect(clash.json().message).toBe("A product with SKU 'pln-0001' already exists")

    const pendant = await createProduct(
      ringInput({
        sku: 'PND-2000',
        options: [{ name: 'Metal', values: ['Gold', 'Silver'] }],
        variants: [
          { options: ['Gold'], sku: 'PND-2000-G', price: 90, stock: 1, minStock: 1 },
          { options: ['Silver'], sku: 'PND-2000-S', price: 60, stock: 1, minStock: 1 },
        ],
      }),
    )
    // A product may not take another product's variant SKU either.
    const renamed = await updateProduct(plain.id, {
      ...ringInput({ options: [], variants: undefined, personalization: [] }),
      sku: 'Pnd-2000-g',
    })
    expect(renamed.statusCode).toBe(409)
    expect(renamed.json().message).toBe("A product with SKU 'Pnd-2000-g' already exists")
    // Two variants of one product swap SKUs in one save.
    const [gold, silver] = pendant.variants
    const swapped = await updateProduct(
      pendant.id,
      ringInput({
        sku: 'PND-2000',
        options: [{ name: 'Metal', values: ['Gold', 'Silver'] }],
        variants: [
          { id: gold?.id, options: ['Gold'], sku: 'PND-2000-S', price: 90, stock: 1, minStock: 1 },
          { id: silver?.id, options: ['Silver'], sku: 'PND-2000-G', price: 60, stock: 1, minStock: 1 },
        ],
      }),
    )
    expect(swapped.statusCode, swapped.body).toBe(200)
    expect((await adminProduct(pendant.id)).variants.map((v) => [v.id, v.sku])).toEqual([
      [gold?.id, 'PND-2000-S'],
      [silver?.id, 'PND-2000-G'],
    ])
    // A variant id of another product is refused, and nothing changes.
    const stolen = await updateProduct(
      plain.id,
      ringInput({
        sku: 'PLN-0001',
        options: [{ name: 'Metal', values: ['Gold'] }],
        variants: [{ id: gold?.id, options: ['Gold'], sku: 'PLN-0001-G', price: 90, stock: 1, minStock: 1 }],
      }),
    )
    expect(stolen.statusCode).toBe(400)
    expect(stolen.json().message).toBe(`Variant ${gold?.id} is not a variant of product ${plain.id}`)
    expect((await adminProduct(plain.id)).options).toEqual([])
  })

  it('says which field is wrong when variants do not match the options', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      token,
      json: ringInput({
        sku: 'BAD-0001',
        variants: [
          { options: ['5'], sku: 'BAD-0001-5', price: 1, stock: 1, minStock: 1 },
          { options: ['5'], sku: 'BAD-0001-5b', price: 1, stock: 1, minStock: 1 },
          { options: ['11'], sku: 'bad-0001-5', price: 1, stock: 1, minStock: 1 },
        ],
      }),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().issues).toEqual(
      expect.arrayContaining([
        { path: ['variants', 1, 'options'], message: 'Two variants are both 5' },
        { path: ['variants', 2, 'options', 0], message: "'11' is not a value of Ring size" },
        { path: ['variants', 2, 'sku'], message: "Two variants have the SKU 'bad-0001-5'" },
      ]),
    )
    const withoutVariants = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      token,
      json: ringInput({ sku: 'BAD-0002', variants: [] }),
    })
    expect(withoutVariants.statusCode).toBe(400)
    expect(withoutVariants.json().message).toContain('Add at least one variant')
  })
})

describe('buying variants, engravings and made-to-order pieces', () => {
  let ring: Product
  let rosary: Product
  beforeAll(async () => {
    ring = await createProduct(
      ringInput({
        sku: 'BUY-1000',
        variants: [
          { options: ['5'], sku: 'BUY-1000-5', price: 120, stock: 5, minStock: 1 },
          { options: ['6'], sku: 'BUY-1000-6', price: 110, stock: 3, minStock: 1 },
          { options: ['7'], sku: 'BUY-1000-7', price: 130, stock: 1, minStock: 2 },
        ],
      }),
    )
    rosary = await createProduct(
      ringInput({
        name: 'Heirloom Garnet Rosary',
        sku: 'ROS-9000',
        price: 389,
        stock: 0,
        options: [],
        variants: undefined,
        leadTime: { minDays: 10, maxDays: 15 },
        personalization: [],
      }),
    )
  })

  it('asks for the option when a product has several variants, and refuses another product’s variant', async () => {
    const missing = await placeOrder([{ productId: ring.id, quantity: 1 }])
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe('Please choose a Ring size')
    const foreign = await placeOrder([{ productId: ring.id, variantId: rosary.variants[0]?.id, quantity: 1 }])
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().message).toBe(`Variant ${rosary.variants[0]?.id} of 'Gold Cross Ring' is not available`)
    const tooLong = await placeOrder([
      {
        productId: ring.id,
        variantId: variantOf(ring, '5').id,
        quantity: 1,
        personalization: [{ fieldId: 1, value: 'Thirteen chars' }],
      },
    ])
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().message).toBe('Engraving must be at most 12 characters')
    const bidi = await placeOrder([
      {
        productId: ring.id,
        variantId: variantOf(ring, '5').id,
        quantity: 1,
        personalization: [{ fieldId: 1, value: 'abc\u202Edef' }],
      },
    ])
    expect(bidi.statusCode).toBe(400)
    expect(bidi.json().message).toBe('Engraving must not contain bidirectional control characters')
    expect((await adminProduct(ring.id)).stock).toBe(9)
  })

  it('stores each engraving exactly as typed, through the order, the admin, the invoice and the mail', async () => {
    inbox.mails.splice(0)
    const size5 = variantOf(ring, '5')
    const response = await placeOrder([
      ...ENGRAVINGS.map((value) => ({
        productId: ring.id,
        variantId: size5.id,
        quantity: 1,
        personalization: [{ fieldId: 1, value }],
      })),
      { productId: rosary.id, quantity: 2 },
    ])
    expect(response.statusCode, response.body).toBe(201)
    const placed = response.json<Order>()
    // Four engravings are four lines; each costs the size's price plus the engraving.
    expect(placed.items.map((item) => [item.sku, item.price, item.variantLabel, item.personalization])).toEqual([
      ...ENGRAVINGS.map((value) => [
        'BUY-1000-5',
        '135.00',
        'Ring size 5',
        [{ label: 'Engraving', value, surcharge: '15.00' }],
      ]),
      ['ROS-9000', '389.00', null, []],
    ])
    expect(placed.items.at(-1)?.leadTime).toEqual({ minDays: 10, maxDays: 15 })
    expect(placed.total).toBe('1318.00')

    // The admin sees the same.
    const seen = (await t.request({ method: 'GET', url: `/api/admin/orders/${placed.id}`, token })).json<Order>()
    expect(seen.items.flatMap((item) => item.personalization.map((entry) => entry.value))).toEqual(ENGRAVINGS)

    // Stock: four of size 5 taken, the made-to-order rosary sold from none.
    expect(variantOf(await adminProduct(ring.id), '5').stock).toBe(1)
    expect((await adminProduct(rosary.id)).stock).toBe(0)

    // The invoice prints them, read back from the PDF.
    const invoice = await t.request({ method: 'GET', url: `/api/admin/orders/${placed.id}/invoice`, token })
    expect(invoice.statusCode).toBe(200)
    const file = path.join(tempDir, `${placed.orderNumber}.pdf`)
    fs.writeFileSync(file, invoice.rawPayload)
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
      /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
      '',
    )
    for (const expected of [
      'Ring size 5',
      'Engraving: Jn 3:16',
      'Engraving: José ✝',
      'Engraving: Ἰησοῦς',
      'Made to order: ships in 10-15 business days',
    ]) {
      expect(text.normalize('NFC')).toContain(expected.normalize('NFC'))
    }
    // Hebrew comes back from the PDF in logical order, its points kept.
    expect(text.normalize('NFC')).toContain('שָׁלוֹם'.normalize('NFC'))

    // The buyer's mail shows them exactly as typed.
    const deadline = Date.now() + 10_000
    while (inbox.mails.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    const mails = await Promise.all(inbox.mails.map((mail) => simpleParser(mail.raw)))
    const buyer = mails.find((mail) => mail.subject?.startsWith('Your order'))
    if (!buyer) throw new Error(`no buyer mail among ${mails.map((mail) => mail.subject)}`)
    for (const value of ENGRAVINGS) expect(buyer.text).toContain(`Engraving: ${value}`)
    expect(buyer.text).toContain('Made to order: ships in 10-15 business days')
    expect(buyer.text).toContain('Ring size 5')
  })

  it('returns each variant’s units on cancel and takes them again on reopen; made to order moves nothing', async () => {
    const size6 = variantOf(ring, '6')
    const placed = await placeOrder([
      { productId: ring.id, variantId: size6.id, quantity: 2 },
      { productId: rosary.id, quantity: 1 },
    ])
    expect(placed.statusCode).toBe(201)
    const id = placed.json<Order>().id
    expect(variantOf(await adminProduct(ring.id), '6').stock).toBe(1)
    const setStatus = (status: string) =>
      t.request({ method: 'PATCH', url: `/api/admin/orders/${id}/status`, token, json: { status } })
    expect((await setStatus('cancelled')).statusCode).toBe(200)
    expect(variantOf(await adminProduct(ring.id), '6').stock).toBe(3)
    expect((await adminProduct(ring.id)).stock).toBe(1 + 3 + 1)
    expect((await adminProduct(rosary.id)).stock).toBe(0)
    expect((await setStatus('pending')).statusCode).toBe(200)
    expect(variantOf(await adminProduct(ring.id), '6').stock).toBe(1)
  })

  it('sells the last units of one variant once, however many buyers race for them', async () => {
    const size7 = variantOf(ring, '7')
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => placeOrder([{ productId: ring.id, variantId: size7.id, quantity: 1 }])),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(11).fill(409)])
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(
      "'Gold Cross Ring (Ring size 7)' is out of stock",
    )
    const after = await adminProduct(ring.id)
    expect(variantOf(after, '7').stock).toBe(0)
    expect(after.stock).toBe(after.variants.reduce((sum, v) => sum + (v.active ? v.stock : 0), 0))
  })

  it('finds a product by a variant’s SKU in the storefront search', async () => {
    const found = await t.request({ method: 'GET', url: '/api/products?q=buy-1000-7' })
    expect(found.json().map((product: Product) => product.id)).toEqual([ring.id])
  })

  it('lists each low variant on the dashboard, named by its size', async () => {
    const low = (await t.request({ method: 'GET', url: '/api/admin/low-stock-products', token })).json<Product[]>()
    const mine = low.filter((product) => product.id === ring.id)
    expect(mine.map((product) => [product.name, product.sku, product.stock, product.minStock])).toEqual([
      ['Gold Cross Ring (Ring size 7)', 'BUY-1000-7', 0, 2],
      ['Gold Cross Ring (Ring size 5)', 'BUY-1000-5', 1, 1],
      ['Gold Cross Ring (Ring size 6)', 'BUY-1000-6', 1, 1],
    ])
    // The made-to-order rosary is never low: it is made when bought.
    expect(low.some((product) => product.id === rosary.id)).toBe(false)
  })
})
