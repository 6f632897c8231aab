import { z } from 'zod'
import { integerFromText, ZDay, ZId, ZMoney } from './common'

export const ZDashboardStats = z.object({
  /** What paid orders brought, the payments recorded less refunds (orders not yet paid do not count). */
  totalRevenue: ZMoney,
  orderCount: z.number().int(),
  productCount: z.number().int(),
  customerCount: z.number().int(),
  lowStockCount: z.number().int(),
})
export type DashboardStats = z.infer<typeof ZDashboardStats>

export const RECENT_ORDERS_LIMIT = 5

// --- Sales charts ------------------------------------------------------------------------------------------------

/** The ranges the sales charts cover: the last 30, 90 or 365 UTC days, today included. */
export const SALES_RANGES = [30, 90, 365] as const
export type SalesRange = (typeof SALES_RANGES)[number]
/** Buckets of the series: days, weeks starting on Monday, or calendar months. */
export const SALES_INTERVALS = ['day', 'week', 'month'] as const
export type SalesInterval = (typeof SALES_INTERVALS)[number]
export const TOP_PRODUCTS_LIMIT = 10

const ZSalesRange = integerFromText(
  z.literal(SALES_RANGES, { error: `Days must be one of: ${SALES_RANGES.join(', ')}` }),
).default(30)

export const ZSalesInput = z.object({
  days: ZSalesRange,
  interval: z.enum(SALES_INTERVALS, { error: `Interval must be one of: ${SALES_INTERVALS.join(', ')}` }).default('day'),
})
export type SalesInput = z.input<typeof ZSalesInput>

export const ZTopProductsInput = z.object({ days: ZSalesRange })
export type TopProductsInput = z.input<typeof ZTopProductsInput>

/**
 * The UTC days a report covers, both included: `to` is today, `from` is `days - 1` days before. A week or month
 * bucket may start before `from`; it counts only the days in range.
 */
const reportRange = { from: ZDay, to: ZDay }

export const ZSalesBucket = z.object({
  /** The bucket's first day: the day, the Monday of the week, or the first of the month. */
  start: ZDay,
  /** Orders not cancelled. */
  orders: z.number().int(),
  revenue: ZMoney,
})
export type SalesBucket = z.infer<typeof ZSalesBucket>

/** Every bucket of the range, oldest first, zeros included; orders and revenue leave cancelled orders out. */
export const ZSalesReport = z.object({
  ...reportRange,
  interval: z.enum(SALES_INTERVALS),
  buckets: z.array(ZSalesBucket),
  orders: z.number().int(),
  revenue: ZMoney,
  /** Revenue divided by orders, to the cent; "0.00" without orders. */
  averageOrderValue: ZMoney,
})
export type SalesReport = z.infer<typeof ZSalesReport>

export const ZProductSales = z.object({
  productId: ZId,
  /** The product's name as it is now. */
  name: z.string(),
  units: z.number().int(),
  revenue: ZMoney,
})
export type ProductSales = z.infer<typeof ZProductSales>

/** The 10 products that sold most units, and the 10 that brought most revenue, in orders not cancelled. */
export const ZTopProducts = z.object({
  ...reportRange,
  byUnits: z.array(ZProductSales),
  byRevenue: z.array(ZProductSales),
})
export type TopProducts = z.infer<typeof ZTopProducts>
