import { ZIdInput } from '@shop/schema/common'
import { ZQuote } from '@shop/schema/money'
import {
  ZAddOrderNoteInput,
  ZAdminOrderListInput,
  ZCreateOrderInput,
  ZGuestOrder,
  ZGuestOrderInput,
  ZOrder,
  ZOrderActivity,
  ZOrderLookupInput,
  ZOrderSummary,
  ZPlacedOrder,
  ZQuoteInput,
  ZResendMailInput,
  ZUpdateOrderStatusInput,
} from '@shop/schema/orders'
import { ZRecordPaymentInput } from '@shop/schema/payments'
import { z } from 'zod'
import { adminProcedure, paged, publicProcedure, route, router } from '../../trpc/init'
import * as payments from '../payments/payments.service'
import * as guestOrders from './guest-orders.service'
import * as activity from './order-activity.service'
import { getOrder } from './order-records'
import * as orders from './orders.service'
import { quote } from './quote.service'

export const ordersRouter = router({
  create: publicProcedure
    .meta(route('orders.create'))
    .input(ZCreateOrderInput)
    .output(ZPlacedOrder)
    .mutation(({ ctx, input }) => orders.createOrder(ctx, input, ctx.request.ip, ctx.publishCatalogChange)),
  quote: publicProcedure
    .meta(route('orders.quote'))
    .input(ZQuoteInput)
    .output(ZQuote)
    .mutation(({ ctx, input }) => quote(ctx, input, ctx.request.ip)),
  guestView: publicProcedure
    .meta(route('orders.guestView'))
    .input(ZGuestOrderInput)
    .output(ZGuestOrder)
    .query(({ ctx, input }) => guestOrders.getGuestOrder(ctx.db, input.orderNumber, input.key)),
  lookup: publicProcedure
    .meta(route('orders.lookup'))
    .input(ZOrderLookupInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => guestOrders.lookUpOrder(ctx, input, ctx.request.ip)),
})

export const adminOrdersRouter = router({
  list: adminProcedure
    .meta(route('admin.orders.list'))
    .input(ZAdminOrderListInput)
    .output(z.array(ZOrderSummary))
    .query(paged(({ ctx, input }) => orders.listOrderPage(ctx.db, input))),
  get: adminProcedure
    .meta(route('admin.orders.get'))
    .input(ZIdInput)
    .output(ZOrder)
    .query(({ ctx, input }) => getOrder(ctx.db, input.id)),
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
    .mutation(({ ctx, input }) => orders.updateOrderStatus(ctx, ctx.admin.username, input)),
  activity: adminProcedure
    .meta(route('admin.orders.activity'))
    .input(ZIdInput)
    .output(ZOrderActivity)
    .query(({ ctx, input }) => activity.getOrderActivity(ctx.db, input.id)),
  addNote: adminProcedure
    .meta(route('admin.orders.addNote'))
    .input(ZAddOrderNoteInput)
    .output(ZOrderActivity)
    .mutation(({ ctx, input }) => activity.addOrderNote(ctx.db, ctx.admin.username, input.id, input.text)),
  resendMail: adminProcedure
    .meta(route('admin.orders.resendMail'))
    .input(ZResendMailInput)
    .output(ZOrderActivity)
    .mutation(({ ctx, input }) => activity.resendOrderMail(ctx, ctx.admin.username, input.id, input.mailId)),
  // Staff may record payments: an order operation.
  recordPayment: adminProcedure
    .meta(route('admin.orders.recordPayment'))
    .input(ZRecordPaymentInput)
    .output(ZOrder)
    .mutation(async ({ ctx, input }) => {
      await payments.recordPayment(ctx.db, ctx.admin.username, input)
      return getOrder(ctx.db, input.id)
    }),
})
