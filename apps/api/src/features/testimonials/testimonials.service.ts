import type { Db } from '@shop/db/client'
import * as testimonialsRepo from '@shop/db/testimonials'
import type { Testimonial, TestimonialValues } from '@shop/schema/testimonials'
import { AppError } from '../../lib/app-error'

export function listTestimonials(db: Db): Promise<Testimonial[]> {
  return testimonialsRepo.findMany(db)
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
