import { z } from 'zod'
import { ZMoney } from './common'

export const ZDashboardStats = z.object({
  totalRevenue: ZMoney,
  orderCount: z.number().int(),
  productCount: z.number().int(),
  customerCount: z.number().int(),
  lowStockCount: z.number().int(),
})
export type DashboardStats = z.infer<typeof ZDashboardStats>

export const RECENT_ORDERS_LIMIT = 5
