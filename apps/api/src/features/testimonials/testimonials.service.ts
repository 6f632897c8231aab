import type { Db } from '@shop/db/client'
import * as testimonialsRepo from '@shop/db/testimonials'
import { routes } from '@shop/schema/routes'
import type { Testimonial, TestimonialValues, ZAdminTestimonialListInput } from '@shop/schema/testimonials'
import type { FastifyReply } from 'fastify'
import type { z } from 'zod'
import { AppError } from '../../lib/app-error'
import { pageOf, sendPageHeaders } from '../../lib/paging'

/** GET /api/admin/testimonials: one page, the total count and the neighbouring pages in headers (lib/paging.ts). */
export async function listTestimonialPage(
  ctx: { db: Db; reply: FastifyReply },
  input: z.output<typeof ZAdminTestimonialListInput>,
): Promise<Testimonial[]> {
  const page = pageOf(input)
  const { items, total } = await testimonialsRepo.findPage(ctx.db, {
    ...page,
    sort: input.sort,
    search: input.q || undefined,
    active: input.status === undefined ? undefined : input.status === 'active',
    featured: input.featured === undefined ? undefined : input.featured === 'true',
  })
  sendPageHeaders(ctx.reply, routes['admin.testimonials.list'].path, input, page, total)
  return items
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
