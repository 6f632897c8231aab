import { z } from 'zod'
import { pageFields, visibleText, ZId, ZImageUrl } from './common'

export const ZSlug = z
  .string()
  .trim()
  .min(2, 'Slug must be at least 2 characters')
  .max(100, 'Slug must be at most 100 characters')
  .regex(/^[a-z0-9-]+$/, 'Slug must contain only lowercase letters, numbers, and hyphens')

export const ZCategory = z.object({
  id: ZId,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  active: z.boolean(),
})
export type Category = z.infer<typeof ZCategory>

export const ZCategoryInput = z.object({
  name: z
    .string({ error: 'Category name must be at least 2 characters' })
    .trim()
    .max(100, 'Category name must be at most 100 characters')
    .check(visibleText('Category name', { min: 2, tooShort: 'Category name must be at least 2 characters' })),
  slug: ZSlug,
  description: z
    .string()
    .trim()
    .max(2000, 'Description must be at most 2000 characters')
    .check(visibleText('Description'))
    .nullish()
    .transform((value) => value || null),
  imageUrl: z
    .union([ZImageUrl, z.literal('')])
    .nullish()
    .transform((value) => value || null),
  active: z.boolean().default(true),
})
export type CategoryInput = z.input<typeof ZCategoryInput>
export type CategoryValues = z.output<typeof ZCategoryInput>

export const ZCreateCategoryInput = ZCategoryInput
export const ZUpdateCategoryInput = ZCategoryInput.extend({ id: ZId })

export const ZCategorySlugInput = z.object({ slug: z.string().min(1).max(100) })

/**
 * GET /api/categories/{slug}/products: the category's active products by name, one page at a time. Without
 * `page` and `pageSize` it answers the first MAX_PAGE_SIZE products, which is all of a small shop's.
 */
export const ZCategoryProductsInput = ZCategorySlugInput.extend(pageFields)
export type CategoryProductsInput = z.input<typeof ZCategoryProductsInput>

export const CATEGORY_SORTS = ['name', 'newest', 'oldest'] as const
export type CategorySort = (typeof CATEGORY_SORTS)[number]

/** GET /api/admin/categories: one page of every category, searched by name, slug or description, by status. */
export const ZAdminCategoryListInput = z.object({
  ...pageFields,
  sort: z.enum(CATEGORY_SORTS, { error: `Sort must be one of: ${CATEGORY_SORTS.join(', ')}` }).default('name'),
  q: z.string().trim().max(100, 'Search text is too long').optional(),
  status: z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }).optional(),
})
export type AdminCategoryListInput = z.input<typeof ZAdminCategoryListInput>

/** Turns a name into a slug: "Rings & Bands" -> "rings-bands". */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
