import { ZIdInput } from '@shop/schema/common'
import { ZCreateOrderInput, ZOrder, ZOrderSummary, ZUpdateOrderStatusInput } from '@shop/schema/orders'
import { z } from 'zod'
import { adminProcedure, publicProcedure, route, router } from '../../trpc/init'
import * as orders from './orders.service'

export const ordersRouter = router({
  create: publicProcedure
    .meta(route('orders.create'))
    .input(ZCreateOrderInput)
    .output(ZOrder)
    .mutation(({ ctx, input }) => orders.createOrder(ctx.db, input)),
})

export const adminOrdersRouter = router({
  list: adminProcedure
    .meta(route('admin.orders.list'))
    .input(z.void())
    .output(z.array(ZOrderSummary))
    .query(({ ctx }) => orders.listOrders(ctx.db)),
  get: adminProcedure
    .meta(route('admin.orders.get'))
    .input(ZIdInput)
    .output(ZOrder)
    .query(({ ctx, input }) => orders.getOrder(ctx.db, input.id)),
  delete: adminProcedure
    .meta(route('admin.orders.delete'))
    .input(ZIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await orders.deleteOrder(ctx.db, input.id)
      return { message: 'Order deleted' }
    }),
  updateStatus: adminProcedure
    .meta(route('admin.orders.updateStatus'))
    .input(ZUpdateOrderStatusInput)
    .output(ZOrder)
    .mutation(({ ctx, input }) => orders.updateOrderStatus(ctx.db, input.id, input.status)),
})
