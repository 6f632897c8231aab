import { z } from 'zod'
import { pageFields, visibleText, ZId, ZImageUrl, ZIsoDateTime } from './common'

export const ZTestimonial = z.object({
  id: ZId,
  name: z.string(),
  location: z.string().nullable(),
  content: z.string(),
  rating: z.number().int().min(1).max(5),
  avatarUrl: z.string().nullable(),
  /** null is read as true. */
  active: z.boolean().nullable(),
  /** null is read as false. */
  featured: z.boolean().nullable(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
})
export type Testimonial = z.infer<typeof ZTestimonial>

const emptyToNull = (value: string | null | undefined) => (value ? value : null)

export const ZTestimonialInput = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .max(100, 'Name must be at most 100 characters')
    .check(visibleText('Name', { min: 1, tooShort: 'Name is required' })),
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .max(2000, 'Content must be at most 2000 characters')
    .check(visibleText('Content', { min: 1, tooShort: 'Content is required' })),
  location: z
    .string()
    .trim()
    .max(100, 'Location must be at most 100 characters')
    .check(visibleText('Location'))
    .nullish()
    .transform(emptyToNull),
  rating: z
    .number({ error: 'Rating is required' })
    .int('Rating must be a whole number')
    .min(1, 'Rating must be between 1 and 5')
    .max(5, 'Rating must be between 1 and 5'),
  avatarUrl: z
    .union([ZImageUrl, z.literal('')])
    .nullish()
    .transform(emptyToNull),
  active: z.boolean().nullable().default(true),
  featured: z.boolean().nullable().default(false),
})
export type TestimonialInput = z.input<typeof ZTestimonialInput>
export type TestimonialValues = z.output<typeof ZTestimonialInput>

export const TESTIMONIAL_DEFAULTS = { rating: 5, active: true, featured: false } as const

export const ZCreateTestimonialInput = ZTestimonialInput
export const ZUpdateTestimonialInput = ZTestimonialInput.extend({ id: ZId })

export const TESTIMONIAL_SORTS = ['newest', 'oldest', 'rating-desc', 'rating-asc', 'name'] as const
export type TestimonialSort = (typeof TESTIMONIAL_SORTS)[number]

/**
 * GET /api/admin/testimonials: one page of every testimonial, newest first unless sorted otherwise, searched by
 * name, content or location, filtered by status (a null `active` counts as active) and by featured (a null
 * `featured` counts as not featured).
 */
export const ZAdminTestimonialListInput = z.object({
  ...pageFields,
  sort: z.enum(TESTIMONIAL_SORTS, { error: `Sort must be one of: ${TESTIMONIAL_SORTS.join(', ')}` }).default('newest'),
  q: z.string().trim().max(100, 'Search text is too long').optional(),
  status: z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }).optional(),
  featured: z.enum(['true', 'false'], { error: 'Featured must be true or false' }).optional(),
})
export type AdminTestimonialListInput = z.input<typeof ZAdminTestimonialListInput>
