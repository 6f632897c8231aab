import type { Db } from '@shop/db/client'
import * as testimonialsRepo from '@shop/db/testimonials'
import type { Testimonial, TestimonialValues, ZAdminTestimonialListInput } from '@shop/schema/testimonials'
import type { z } from 'zod'
import { AppError } from '../../lib/app-error'
import { type Page, pageOf } from '../../lib/paging'

/** GET /api/admin/testimonials: one page, the total count and the neighbouring pages in headers (lib/paging.ts). */
export async function listTestimonialPage(
  db: Db,
  input: z.output<typeof ZAdminTestimonialListInput>,
): Promise<Page<Testimonial>> {
  const page = pageOf(input)
  const { items, total } = await testimonialsRepo.findPage(db, {
    ...page,
    sort: input.sort,
    search: input.q || undefined,
    active: input.status === undefined ? undefined : input.status === 'active',
    featured: input.featured === undefined ? undefined : input.featured === 'true',
  })
  return { items, total, page, query: { ...input } }
}

export function createTestimonial(db: Db, values: TestimonialValues): Promise<Testimonial> {
  return testimonialsRepo.insert(db, values)
}

export async function updateTestimonial(db: Db, id: number, values: TestimonialValues): Promise<Testimonial> {
  const testimonial = await testimonialsRepo.update(db, id, values)
  if (!testimonial) throw new AppError('NOT_FOUND', `Testimonial ${id} not found`)
  return testimonial
}

export async function deleteTestimonial(db: Db, id: number): Promise<void> {
  const deleted = await testimonialsRepo.remove(db, id)
  if (!deleted) throw new AppError('NOT_FOUND', `Testimonial ${id} not found`)
}
