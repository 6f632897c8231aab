import type { Product, Variant } from '@shop/schema/products'

/** Test data for the product feature's tests: products as GET /api/products/{id} answers them. */
export function buildVariant(overrides: Partial<Variant> = {}): Variant {
  return {
    id: 40,
    options: [],
    label: '',
    sku: 'NEC-1001',
    price: '189.50',
    stock: 5,
    minStock: 2,
    active: true,
    imageUrl: null,
    leadTime: null,
    ...overrides,
  }
}

export function buildProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 4,
    name: 'Gold Cross Necklace',
    description: 'A delicate cross in 14k gold. Hand-polished in our studio.',
    price: '189.50',
    categoryId: 1,
    categoryName: 'Necklaces',
    categorySlug: 'necklaces',
    imageUrls: ['/uploads/demo/a.svg', '/uploads/demo/b.svg'],
    sku: 'NEC-1001',
    stock: 5,
    minStock: 2,
    featured: true,
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    options: [],
    variants: [buildVariant()],
    personalization: [],
    ...overrides,
  }
}

const METALS = ['Sterling silver', 'Yellow gold']
const LENGTHS = ['16"', '18"', '20"']

/** The demo shop's Anchor of Hope Pendant: two options; Yellow gold 18" has no stock. */
export function buildPendant(overrides: Partial<Product> = {}): Product {
  let id = 100
  const variants = METALS.flatMap((metal) =>
    LENGTHS.map((length) => {
      id += 1
      const isGold = metal === 'Yellow gold'
      return buildVariant({
        id,
        options: [metal, length],
        label: `${metal} / Chain length ${length}`,
        sku: `NEC-1081-${isGold ? 'G' : 'S'}${length.slice(0, 2)}`,
        price: isGold ? '98.00' : '58.00',
        stock: isGold && length === '18"' ? 0 : 4,
      })
    }),
  )
  return buildProduct({
    id: 10,
    name: 'Anchor of Hope Pendant',
    price: '58.00',
    sku: 'NEC-1081',
    stock: 20,
    options: [
      { name: 'Metal', values: METALS },
      { name: 'Chain length', values: LENGTHS },
    ],
    variants,
    ...overrides,
  })
}

/** Which variant of `buildPendant` has these values. */
export function pendantVariant(product: Product, metal: string, length: string): Variant {
  const variant = product.variants.find((v) => v.options[0] === metal && v.options[1] === length)
  if (!variant) throw new Error(`no ${metal} ${length} variant`)
  return variant
}
