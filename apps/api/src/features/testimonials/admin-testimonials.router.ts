import { ZIdInput } from '@shop/schema/common'
import {
  ZAdminTestimonialListInput,
  ZCreateTestimonialInput,
  ZTestimonial,
  ZUpdateTestimonialInput,
} from '@shop/schema/testimonials'
import { z } from 'zod'
import { adminProcedure, paged, route, router } from '../../trpc/init'
import * as testimonials from './testimonials.service'

export const adminTestimonialsRouter = router({
  list: adminProcedure
    .meta(route('admin.testimonials.list'))
    .input(ZAdminTestimonialListInput)
    .output(z.array(ZTestimonial))
    .query(paged(({ ctx, input }) => testimonials.listTestimonialPage(ctx.db, input))),
  create: adminProcedure
    .meta(route('admin.testimonials.create'))
    .input(ZCreateTestimonialInput)
    .output(ZTestimonial)
    .mutation(({ ctx, input }) => testimonials.createTestimonial(ctx.db, input)),
  update: adminProcedure
    .meta(route('admin.testimonials.update'))
    .input(ZUpdateTestimonialInput)
    .output(ZTestimonial)
    .mutation(({ ctx, input: { id, ...values } }) => testimonials.updateTestimonial(ctx.db, id, values)),
  delete: adminProcedure
    .meta(route('admin.testimonials.delete'))
    .input(ZIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await testimonials.deleteTestimonial(ctx.db, input.id)
      return { message: 'Testimonial deleted' }
    }),
})
