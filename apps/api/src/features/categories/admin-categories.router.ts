import { ZAdminCategoryListInput, ZCategory, ZCreateCategoryInput, ZUpdateCategoryInput } from '@shop/schema/categories'
import { ZIdInput } from '@shop/schema/common'
import { z } from 'zod'
import { adminProcedure, paged, route, router } from '../../trpc/init'
import * as categories from './categories.service'

export const adminCategoriesRouter = router({
  list: adminProcedure
    .meta(route('admin.categories.list'))
    .input(ZAdminCategoryListInput)
    .output(z.array(ZCategory))
    .query(paged(({ ctx, input }) => categories.listCategoryPage(ctx.db, input))),
  get: adminProcedure
    .meta(route('admin.categories.get'))
    .input(ZIdInput)
    .output(ZCategory)
    .query(({ ctx, input }) => categories.getCategory(ctx.db, input.id)),
  create: adminProcedure
    .meta(route('admin.categories.create'))
    .input(ZCreateCategoryInput)
    .output(ZCategory)
    .mutation(({ ctx, input }) => categories.createCategory(ctx.db, input)),
  update: adminProcedure
    .meta(route('admin.categories.update'))
    .input(ZUpdateCategoryInput)
    .output(ZCategory)
    .mutation(({ ctx, input: { id, ...values } }) => categories.updateCategory(ctx.db, id, values)),
  delete: adminProcedure
    .meta(route('admin.categories.delete'))
    .input(ZIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await categories.deleteCategory(ctx.db, input.id)
      return { message: 'Category deleted' }
    }),
})
