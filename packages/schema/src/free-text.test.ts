/**
 * Free text that people type and others see (a customer's name on an order, a product name in the shop, a
 * testimonial on the home page) must show what it holds: text made only of invisible characters, or carrying
 * bidirectional controls that reorder what is displayed, is refused on every such field.
 */
import { describe, expect, it } from 'vitest'
import { ZAdminName } from './auth'
import { ZCategoryInput } from './categories'
import { ZCheckoutForm, ZCreateOrderInput } from './orders'
import { ZProductInput } from './products'
import { ZTestimonialInput } from './testimonials'

type Issue = { path: PropertyKey[]; message: string }
const issuesOf = (result: { success: boolean; error?: { issues: Issue[] } }) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }))

const INVISIBLE = '\u200B\u200B\u200B\u200B\u200B\u200B\u200B\u200B\u200B\u200B\u200B\u200B'
const RLO = '\u202E'

const order = {
  customerName: 'Mary Smith',
  customerEmail: 'mary@example.com',
  customerAddress: '1 Main St, Austin, TX 78701, USA',
  notes: 'Gift wrap, please',
  items: [{ productId: 1, quantity: 1 }],
}
const product = {
  name: 'Cross Pendant',
  description: 'A sterling silver cross on a fine chain.',
  price: 49,
  categoryId: 1,
  imageUrls: ['/uploads/a.jpg'],
  sku: 'NEC-1042',
  stock: 1,
  minStock: 1,
}
const category = { name: 'Necklaces', slug: 'necklaces', description: 'Crosses and medals on chains.' }
const testimonial = { name: 'Sarah M.', content: 'Beautiful work.', location: 'Austin, USA', rating: 5 }
const checkout = {
  name: 'Mary Smith',
  email: 'mary@example.com',
  phone: '5125550100',
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'USA',
  notes: 'Gift wrap, please',
}

const cases = [
  { form: 'order', schema: ZCreateOrderInput, valid: order, field: 'customerName', label: 'Name' },
  { form: 'order', schema: ZCreateOrderInput, valid: order, field: 'customerAddress', label: 'Address' },
  { form: 'order', schema: ZCreateOrderInput, valid: order, field: 'notes', label: 'Notes' },
  { form: 'checkout form', schema: ZCheckoutForm, valid: checkout, field: 'name', label: 'Name' },
  { form: 'checkout form', schema: ZCheckoutForm, valid: checkout, field: 'address', label: 'Address' },
  { form: 'checkout form', schema: ZCheckoutForm, valid: checkout, field: 'city', label: 'City' },
  { form: 'checkout form', schema: ZCheckoutForm, valid: checkout, field: 'state', label: 'State' },
  { form: 'checkout form', schema: ZCheckoutForm, valid: checkout, field: 'zip', label: 'Zip code' },
  { form: 'checkout form', schema: ZCheckoutForm, valid: checkout, field: 'country', label: 'Country' },
  { form: 'checkout form', schema: ZCheckoutForm, valid: checkout, field: 'notes', label: 'Notes' },
  { form: 'product', schema: ZProductInput, valid: product, field: 'name', label: 'Product name' },
  { form: 'product', schema: ZProductInput, valid: product, field: 'description', label: 'Description' },
  { form: 'product', schema: ZProductInput, valid: product, field: 'sku', label: 'SKU' },
  { form: 'category', schema: ZCategoryInput, valid: category, field: 'name', label: 'Category name' },
  { form: 'category', schema: ZCategoryInput, valid: category, field: 'description', label: 'Description' },
  { form: 'testimonial', schema: ZTestimonialInput, valid: testimonial, field: 'name', label: 'Name' },
  { form: 'testimonial', schema: ZTestimonialInput, valid: testimonial, field: 'content', label: 'Content' },
  { form: 'testimonial', schema: ZTestimonialInput, valid: testimonial, field: 'location', label: 'Location' },
] as const

describe.each(cases)('$form: $field', ({ schema, valid, field, label }) => {
  it('accepts the valid value', () => {
    expect(issuesOf(schema.safeParse(valid))).toEqual([])
  })

  it('refuses a value made only of zero-width spaces', () => {
    expect(issuesOf(schema.safeParse({ ...valid, [field]: INVISIBLE }))).toEqual([
      { path: field, message: `${label} must contain visible characters` },
    ])
  })

  it('refuses a value carrying a right-to-left override', () => {
    const text = `${String(valid[field as keyof typeof valid])}${RLO}gpj.exe`
    expect(issuesOf(schema.safeParse({ ...valid, [field]: text }))).toEqual([
      { path: field, message: `${label} must not contain bidirectional control characters` },
    ])
  })
})

describe('spec messages', () => {
  it('keeps the length messages of the spec, counted on visible characters', () => {
    expect(issuesOf(ZCreateOrderInput.safeParse({ ...order, customerName: 'M\u200B\u200B' }))).toEqual([
      { path: 'customerName', message: 'Name must be at least 2 characters' },
    ])
    expect(issuesOf(ZCreateOrderInput.safeParse({ ...order, customerName: '' }))).toEqual([
      { path: 'customerName', message: 'Name must be at least 2 characters' },
    ])
    expect(issuesOf(ZCreateOrderInput.safeParse({ ...order, customerAddress: '1 A\u200B\u200B\u200B' }))).toEqual([
      { path: 'customerAddress', message: 'Please enter your full address' },
    ])
    expect(issuesOf(ZProductInput.safeParse({ ...product, name: 'Ab\u00AD' }))).toEqual([
      { path: 'name', message: 'Product name must be at least 3 characters' },
    ])
    expect(issuesOf(ZProductInput.safeParse({ ...product, description: 'Too short\u200B' }))).toEqual([
      { path: 'description', message: 'Description must be at least 10 characters' },
    ])
    expect(issuesOf(ZProductInput.safeParse({ ...product, sku: 'AB\u200B' }))).toEqual([
      { path: 'sku', message: 'SKU must be at least 3 characters' },
    ])
    expect(issuesOf(ZCategoryInput.safeParse({ ...category, name: 'N\u2060' }))).toEqual([
      { path: 'name', message: 'Category name must be at least 2 characters' },
    ])
    expect(issuesOf(ZTestimonialInput.safeParse({ ...testimonial, name: '', content: '' }))).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'content', message: 'Content is required' },
    ])
  })

  it('still lets the optional texts be empty', () => {
    expect(ZCreateOrderInput.parse({ ...order, notes: '' }).notes).toBeNull()
    expect(ZCreateOrderInput.parse({ ...order, notes: '   ' }).notes).toBeNull()
    expect(ZCategoryInput.parse({ ...category, description: '' }).description).toBeNull()
    expect(ZTestimonialInput.parse({ ...testimonial, location: '' }).location).toBeNull()
    expect(ZCheckoutForm.safeParse({ ...checkout, notes: '' }).success).toBe(true)
  })
})

describe('admin name', () => {
  it('accepts a display name and refuses invisible text or bidirectional controls', () => {
    expect(ZAdminName.parse('  Jane Doe ')).toBe('Jane Doe')
    expect(issuesOf(ZAdminName.safeParse(INVISIBLE))).toEqual([
      { path: '', message: 'Name must contain visible characters' },
    ])
    expect(issuesOf(ZAdminName.safeParse(`Jane${RLO}Doe`))).toEqual([
      { path: '', message: 'Name must not contain bidirectional control characters' },
    ])
    expect(issuesOf(ZAdminName.safeParse(''))).toEqual([{ path: '', message: 'Name is required' }])
  })
})
