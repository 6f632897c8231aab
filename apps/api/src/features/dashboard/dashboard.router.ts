import { ZDashboardStats, ZSalesInput, ZSalesReport, ZTopProducts, ZTopProductsInput } from '@shop/schema/dashboard'
import { ZOrderSummary } from '@shop/schema/orders'
import { ZProduct } from '@shop/schema/products'
import { z } from 'zod'
import { adminProcedure, route, router } from '../../trpc/init'
import * as dashboard from './dashboard.service'

export const dashboardRouter = router({
  stats: adminProcedure
    .meta(route('admin.dashboard.stats'))
    .input(z.void())
    .output(ZDashboardStats)
    .query(({ ctx }) => dashboard.getStats(ctx.db)),
  lowStock: adminProcedure
    .meta(route('admin.dashboard.lowStock'))
    .input(z.void())
    .output(z.array(ZProduct))
    .query(({ ctx }) => dashboard.listLowStock(ctx.db)),
  recentOrders: adminProcedure
    .meta(route('admin.dashboard.recentOrders'))
    .input(z.void())
    .output(z.array(ZOrderSummary))
    .query(({ ctx }) => dashboard.listRecentOrders(ctx.db)),
  sales: adminProcedure
    .meta(route('admin.dashboard.sales'))
    .input(ZSalesInput)
    .output(ZSalesReport)
    .query(({ ctx, input }) => dashboard.getSales(ctx.db, input)),
  topProducts: adminProcedure
    .meta(route('admin.dashboard.topProducts'))
    .input(ZTopProductsInput)
    .output(ZTopProducts)
    .query(({ ctx, input }) => dashboard.getTopProducts(ctx.db, input)),
})
