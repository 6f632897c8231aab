import type { Admin } from '@shop/schema/auth'
import type { Category } from '@shop/schema/categories'
import type { Product, ProductValues } from '@shop/schema/products'
import type { Testimonial, TestimonialValues } from '@shop/schema/testimonials'
import * as adminsRepo from '../auth/admins.repository'
import * as categoriesRepo from '../categories/categories.repository'
import type { Db } from '../database'
import * as productsRepo from '../products/products.repository'
import * as testimonialsRepo from '../testimonials/testimonials.repository'

let sequence = 0
function next(): number {
  sequence += 1
  return sequence
}

export async function insertCategory(db: Db, overrides: Partial<Omit<Category, 'id'>> = {}): Promise<Category> {
  const n = next()
  return categoriesRepo.insert(db, {
    name: `Category ${n}`,
    slug: `category-${n}`,
    description: 'A test category',
    imageUrl: '/uploads/demo/test.svg',
    active: true,
    ...overrides,
  })
}

export async function insertProduct(db: Db, overrides: Partial<ProductValues> = {}): Promise<Product> {
  const n = next()
  const categoryId = overrides.categoryId ?? (await insertCategory(db)).id
  const id = await db.transaction().execute((tx) =>
    productsRepo.insert(tx, {
      name: `Product ${n}`,
      description: 'A lovely handcrafted test piece.',
      price: 49,
      imageUrls: [`/uploads/demo/product-${n}.svg`],
      sku: `TST-${String(n).padStart(4, '0')}`,
      stock: 10,
      minStock: 2,
      featured: false,
      active: true,
      options: [],
      leadTime: null,
      personalization: [],
      ...overrides,
      categoryId,
    }),
  )
  const product = await productsRepo.findById(db, id)
  if (!product) throw new Error(`inserted product ${id} not found`)
  return product
}

export async function insertTestimonial(db: Db, overrides: Partial<TestimonialValues> = {}): Promise<Testimonial> {
  const n = next()
  return testimonialsRepo.insert(db, {
    name: `Customer ${n}`,
    location: 'Austin, USA',
    content: 'Beautiful work, and it arrived quickly.',
    rating: 5,
    avatarUrl: null,
    active: true,
    featured: false,
    ...overrides,
  })
}

/** An admin that cannot log in (its hash is no scrypt hash), to own sessions and reset tokens in tests. */
export async function insertAdmin(
  db: Db,
  overrides: Partial<{ username: string; email: string; name: string }> = {},
): Promise<Admin> {
  const n = next()
  return adminsRepo.insert(db, {
    username: `owner-${n}`,
    email: `owner-${n}@example.com`,
    name: 'Owner',
    passwordHash: 'not-a-real-hash',
    ...overrides,
  })
}
