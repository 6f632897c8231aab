import type { SalesInterval } from '@shop/schema/dashboard'

/** A day's sales as the summary keeps them. */
export interface DaySales {
  day: string
  soldCount: number
  revenueCents: number
}

export interface Bucket {
  start: string
  orders: number
  revenueCents: number
}

/** YYYY-MM-DD `count` days after (or before) `day`, in UTC. */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00.000Z`)
  date.setUTCDate(date.getUTCDate() + count)
  return date.toISOString().slice(0, 10)
}

/** The last `days` UTC days, today included, as the admin's date filters count days. */
export function rangeOfLastDays(days: number, now: Date): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10)
  return { from: addDays(to, 1 - days), to }
}

/** The first day of the bucket a day falls in: itself, the Monday of its week, or the first of its month. */
export function bucketStart(day: string, interval: SalesInterval): string {
  if (interval === 'day') return day
  if (interval === 'month') return `${day.slice(0, 7)}-01`
  // getUTCDay is 0 on Sunday: Monday is 0 days into its week, Sunday 6.
  const daysIntoWeek = (new Date(`${day}T00:00:00.000Z`).getUTCDay() + 6) % 7
  return addDays(day, -daysIntoWeek)
}

/**
 * Every bucket of the range, oldest first, with the sales of its days in range: a bucket without sales is there
 * with zeros, so a chart's axis shows the whole range.
 */
export function bucketSales(
  days: readonly DaySales[],
  range: { from: string; to: string },
  interval: SalesInterval,
): Bucket[] {
  const buckets = new Map<string, Bucket>()
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const start = bucketStart(day, interval)
    if (!buckets.has(start)) buckets.set(start, { start, orders: 0, revenueCents: 0 })
  }
  for (const sales of days) {
    if (sales.day < range.from || sales.day > range.to) continue
    const bucket = buckets.get(bucketStart(sales.day, interval))
    if (!bucket) continue
    bucket.orders += sales.soldCount
    bucket.revenueCents += sales.revenueCents
  }
  return [...buckets.values()]
}

/** Revenue per order, rounded to the cent; 0 without orders. */
export function averageOrderCents(revenueCents: number, orders: number): number {
  return orders === 0 ? 0 : Math.round(revenueCents / orders)
}
