import { ZOrder } from '@shop/schema/orders'
import { ZCardRefundInput } from '@shop/schema/payments'
import { adminProcedure, route, router } from '../../trpc/init'
import { refundCardPayment } from './card-payments.service'

/** Joins the admin's order procedures (app-router.ts): admin.orders.refund. */
export const adminCardRefundRouter = router({
  // Staff may refund a card payment, as they may record one: an order operation.
  refund: adminProcedure
    .meta(route('admin.orders.refund'))
    .input(ZCardRefundInput)
    .output(ZOrder)
    .mutation(({ ctx, input }) => refundCardPayment(ctx, ctx.admin.username, input, { ip: ctx.request.ip })),
})
