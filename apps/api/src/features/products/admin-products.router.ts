import { ZIdInput } from '@shop/schema/common'
import { ZAdminProductListInput, ZCreateProductInput, ZProduct, ZUpdateProductInput } from '@shop/schema/products'
import { z } from 'zod'
import { adminProcedure, paged, route, router } from '../../trpc/init'
import * as products from './products.service'

export const adminProductsRouter = router({
  list: adminProcedure
    .meta(route('admin.products.list'))
    .input(ZAdminProductListInput)
    .output(z.array(ZProduct))
    .query(paged(({ ctx, input }) => products.listProductPage(ctx.db, input))),
  get: adminProcedure
    .meta(route('admin.products.get'))
    .input(ZIdInput)
    .output(ZProduct)
    .query(({ ctx, input }) => products.getProduct(ctx.db, input.id)),
  create: adminProcedure
    .meta(route('admin.products.create'))
    .input(ZCreateProductInput)
    .output(ZProduct)
    .mutation(({ ctx, input }) => products.createProduct(ctx.db, input)),
  update: adminProcedure
    .meta(route('admin.products.update'))
    .input(ZUpdateProductInput)
    .output(ZProduct)
    .mutation(({ ctx, input: { id, ...values } }) => products.updateProduct(ctx.db, id, values)),
  delete: adminProcedure
    .meta(route('admin.products.delete'))
    .input(ZIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await products.deleteProduct(ctx.db, input.id)
      return { message: 'Product deleted' }
    }),
})
