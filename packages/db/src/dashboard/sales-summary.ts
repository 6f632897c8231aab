import { type RawBuilder, sql } from 'kysely'
import type { Executor } from '../database'
import { isPostgres, toNumber } from '../dialect'
import { insertJsonRows } from '../json-rows'
import { chunks } from '../statement-chunks'

/**
 * The dashboard's summary tables (migration 2026_11_25_1500_create_sales_summary): sales per day, sales per day
 * and product, and orders per customer. The order writes keep them in step in their own transactions, with a
 * few upserts per write whatever its size (`x = x + excluded.x`, safe with concurrent writers on PostgreSQL), so
 * the dashboard answers from a few hundred rows at 1,000,000 orders.
 *
 * What counts: every order placed counts in `order_count` and makes its e-mail a customer (as the Orders and
 * Customers cards always counted); only orders not cancelled count as sold, with their total as revenue and their
 * lines' units and revenue per product. An order's day is the UTC day of its `created_at`.
 */

/** The counters row holding how many customers (distinct lower-cased e-mails) have orders. */
const CUSTOMERS_COUNTER = 'customers'
// Four columns a row: far below either database's limit of bound values per statement.
const ROWS_PER_UPSERT = 1000

/** What an order adds to the summary. */
export interface OrderSale {
  /** ISO time; its first ten characters are the UTC day. */
  createdAt: string
  status: string
  totalCents: number
  customerEmail: string
  items: ReadonlyArray<{ productId: number | null; priceCents: number; quantity: number }>
}

/** +1 adds the order, -1 takes it away. */
type Sign = 1 | -1

interface DayDelta {
  day: string
  order_count: number
  sold_count: number
  revenue_cents: number
}

interface StatusDayDelta {
  day: string
  status: string
  order_count: number
}

interface ProductDayDelta {
  day: string
  product_id: number
  units: number
  revenue_cents: number
}

/** The changes of one write, summed per row of each table before anything is written. */
class SummaryDelta {
  readonly days = new Map<string, DayDelta>()
  readonly products = new Map<string, ProductDayDelta>()
  readonly customers = new Map<string, number>()
  readonly statuses = new Map<string, StatusDayDelta>()

  /** The order counts as one of `status` on its day (+1), or no longer (-1). */
  countStatus(order: Pick<OrderSale, 'createdAt'>, status: string, sign: Sign): void {
    const day = dayOf(order.createdAt)
    const key = `${status}|${day}`
    const row = this.statuses.get(key) ?? { day, status, order_count: 0 }
    row.order_count += sign
    this.statuses.set(key, row)
  }

  /** `placed` counts the order itself (placement, deletion); `sold` its sale (also cancelling and reopening). */
  add(order: OrderSale, change: { placed: Sign | 0; sold: Sign | 0 }): void {
    const day = dayOf(order.createdAt)
    const row = this.days.get(day) ?? { day, order_count: 0, sold_count: 0, revenue_cents: 0 }
    row.order_count += change.placed
    if (change.placed !== 0) this.countStatus(order, order.status, change.placed)
    row.sold_count += change.sold
    row.revenue_cents += change.sold * order.totalCents
    this.days.set(day, row)
    if (change.placed !== 0) {
      const key = order.customerEmail.toLowerCase()
      this.customers.set(key, (this.customers.get(key) ?? 0) + change.placed)
    }
    if (change.sold === 0) return
    for (const item of order.items) {
      if (item.productId === null) continue
      const key = `${day}|${item.productId}`
      const line = this.products.get(key) ?? { day, product_id: item.productId, units: 0, revenue_cents: 0 }
      line.units += change.sold * item.quantity
      line.revenue_cents += change.sold * item.priceCents * item.quantity
      this.products.set(key, line)
    }
  }
}

function dayOf(createdAt: string): string {
  return createdAt.slice(0, 10)
}

/** The rows one write adds to each table, in key order (concurrent writers lock them alike). */
interface SummaryRows {
  days: DayDelta[]
  products: ProductDayDelta[]
  statuses: StatusDayDelta[]
  customers: Array<{ email_key: string; order_count: number }>
}

function rowsOf(delta: SummaryDelta): SummaryRows {
  return {
    days: [...delta.days.values()]
      .filter((row) => row.order_count !== 0 || row.sold_count !== 0)
      .sort((a, b) => a.day.localeCompare(b.day)),
    products: [...delta.products.values()]
      .filter((row) => row.units !== 0)
      .sort((a, b) => a.day.localeCompare(b.day) || a.product_id - b.product_id),
    statuses: [...delta.statuses.values()]
      .filter((row) => row.order_count !== 0)
      .sort((a, b) => a.status.localeCompare(b.status) || a.day.localeCompare(b.day)),
    customers: [...delta.customers]
      .filter(([, count]) => count !== 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([email_key, order_count]) => ({ email_key, order_count })),
  }
}

/**
 * Writes a delta: one upsert per table, and the customers counter moved by the e-mails that gained their first
 * order or lost their last; then drops the rows a removal emptied.
 */
async function apply(db: Executor, delta: SummaryDelta): Promise<void> {
  const rows = rowsOf(delta)
  const emptied = isPostgres(db) ? await upsertAtOnce(db, rows) : await upsertOneByOne(db, rows)
  // A removal may leave rows at zero: gone, as if the order had never been placed.
  const shrunkDays = rows.days.filter((row) => row.order_count < 0 || row.sold_count < 0).map((row) => row.day)
  if (shrunkDays.length > 0) {
    await db.deleteFrom('sales_days').where('day', 'in', shrunkDays).where('order_count', '<=', 0).execute()
  }
  const shrunkProductDays = [...new Set(rows.products.filter((row) => row.units < 0).map((row) => row.day))]
  if (shrunkProductDays.length > 0) {
    await db.deleteFrom('product_sales_days').where('day', 'in', shrunkProductDays).where('units', '<=', 0).execute()
  }
  for (const row of rows.statuses.filter((status) => status.order_count < 0)) {
    await db
      .deleteFrom('order_status_days')
      .where('status', '=', row.status)
      .where('day', '=', row.day)
      .where('order_count', '<=', 0)
      .execute()
  }
  if (emptied.length > 0) await db.deleteFrom('customers').where('email_key', 'in', emptied).execute()
}

/**
 * SQLite: a statement per table, in process and cheap, each table's rows as one JSON array (json-rows.ts). Gives the
 * customers left at none.
 */
async function upsertOneByOne(db: Executor, rows: SummaryRows): Promise<string[]> {
  for (const upsert of sqliteTableUpserts(rows)) await upsert.execute(db)
  let counted = 0
  const emptied: string[] = []
  if (rows.customers.length > 0) {
    const { rows: upserted } = await sql<{ email_key: string; order_count: number }>`${sqliteCustomersUpsert(
      rows.customers,
    )} returning email_key, order_count`.execute(db)
    const change = new Map(rows.customers.map((row) => [row.email_key, row.order_count]))
    for (const row of upserted) {
      const after = toNumber(row.order_count)
      // Before this write the key had `after - change` orders: no row (or none left) means it was no customer.
      const before = after - (change.get(row.email_key) ?? 0)
      counted += (after > 0 ? 1 : 0) - (before > 0 ? 1 : 0)
      if (after <= 0) emptied.push(row.email_key)
    }
  }
  if (counted !== 0) {
    await sql`insert into counters (name, value) values (${CUSTOMERS_COUNTER}, ${counted})
      on conflict (name) do update set value = counters.value + excluded.value`.execute(db)
  }
  return emptied
}

/** SQLite: the upserts of the days, the products' days and the statuses' days that have rows. */
function sqliteTableUpserts(rows: SummaryRows): RawBuilder<unknown>[] {
  return [
    rows.days.length > 0 &&
      sql`${insertJsonRows('sales_days', DAY_COLUMNS, rows.days)}
        on conflict (day) do update set order_count = sales_days.order_count + excluded.order_count,
          sold_count = sales_days.sold_count + excluded.sold_count,
          revenue_cents = sales_days.revenue_cents + excluded.revenue_cents`,
    rows.products.length > 0 &&
      sql`${insertJsonRows('product_sales_days', PRODUCT_DAY_COLUMNS, rows.products)}
        on conflict (day, product_id) do update set units = product_sales_days.units + excluded.units,
          revenue_cents = product_sales_days.revenue_cents + excluded.revenue_cents`,
    rows.statuses.length > 0 &&
      sql`${insertJsonRows('order_status_days', STATUS_DAY_COLUMNS, rows.statuses)}
        on conflict (status, day) do update set order_count = order_status_days.order_count + excluded.order_count`,
  ].filter((upsert) => upsert !== false)
}

/** SQLite: the customers' upsert (the caller may add a RETURNING). */
function sqliteCustomersUpsert(customers: SummaryRows['customers']): RawBuilder<unknown> {
  return sql`${insertJsonRows('customers', CUSTOMER_COLUMNS, customers)}
    on conflict (email_key) do update set order_count = customers.order_count + excluded.order_count`
}

const DAY_COLUMNS = ['day', 'order_count', 'sold_count', 'revenue_cents'] as const
const PRODUCT_DAY_COLUMNS = ['day', 'product_id', 'units', 'revenue_cents'] as const
const STATUS_DAY_COLUMNS = ['status', 'day', 'order_count'] as const
const CUSTOMER_COLUMNS = ['email_key', 'order_count'] as const

/**
 * PostgreSQL: every upsert of the delta in one statement, a round trip for the summary instead of five. Its parts
 * are data-modifying CTEs: they share one snapshot and none sees another's rows, which is fine, as no two of them
 * write the same table. The customers counter is counted as on SQLite, from each customer row the upsert gives back
 * and the change it was given. Per 1,000 rows of each table, one statement; each moves the counter by its own
 * customers, and as a write's customers all gain an order or all lose one, the moves add up to SQLite's one (none
 * when it is 0). Gives the customers left at none.
 */
async function upsertAtOnce(db: Executor, rows: SummaryRows): Promise<string[]> {
  const emptied: string[] = []
  const runs = {
    days: chunks(rows.days, ROWS_PER_UPSERT),
    products: chunks(rows.products, ROWS_PER_UPSERT),
    statuses: chunks(rows.statuses, ROWS_PER_UPSERT),
    customers: chunks(rows.customers, ROWS_PER_UPSERT),
  }
  const rounds = Math.max(...Object.values(runs).map((run) => run.length))
  for (let round = 0; round < rounds; round++) {
    const writes = summaryWrites({
      days: runs.days[round] ?? [],
      products: runs.products[round] ?? [],
      statuses: runs.statuses[round] ?? [],
      customers: runs.customers[round] ?? [],
    })
    if (!writes.hasCustomers) {
      // Without customers (a status change), the writes alone.
      await sql`with ${sql.join(writes.ctes)} select 1`.execute(db)
      continue
    }
    const result = await sql<{
      email_key: string
    }>`with ${sql.join(writes.ctes)} select email_key from customer_rows where order_count <= 0`.execute(db)
    emptied.push(...result.rows.map((row) => row.email_key))
  }
  return emptied
}

/**
 * The upserts of these rows (at most ROWS_PER_UPSERT of each table) as the parts of a WITH: `days`,
 * `product_days`, `status_days`, and with customers `customer_changes`, `customer_rows` (the customers as upserted)
 * and `customer_count`.
 */
function summaryWrites(rows: SummaryRows): { ctes: RawBuilder<unknown>[]; hasCustomers: boolean } {
  const { days, products, statuses, customers } = rows
  // Each table's rows as one array per column: the statement's text is the same whatever their number, so the
  // batch of orders that carries these writes stays one prepared statement (KEEP_PREPARED).
  const ctes = [
    days.length > 0 &&
      sql`days as (
        insert into sales_days (day, order_count, sold_count, revenue_cents)
        select * from unnest(cast(${days.map((row) => row.day)} as text[]),
          cast(${days.map((row) => row.order_count)} as integer[]),
          cast(${days.map((row) => row.sold_count)} as integer[]),
          cast(${days.map((row) => row.revenue_cents)} as bigint[]))
        on conflict (day) do update set order_count = sales_days.order_count + excluded.order_count,
          sold_count = sales_days.sold_count + excluded.sold_count,
          revenue_cents = sales_days.revenue_cents + excluded.revenue_cents)`,
    products.length > 0 &&
      sql`product_days as (
        insert into product_sales_days (day, product_id, units, revenue_cents)
        select * from unnest(cast(${products.map((row) => row.day)} as text[]),
          cast(${products.map((row) => row.product_id)} as integer[]),
          cast(${products.map((row) => row.units)} as bigint[]),
          cast(${products.map((row) => row.revenue_cents)} as bigint[]))
        on conflict (day, product_id) do update set units = product_sales_days.units + excluded.units,
          revenue_cents = product_sales_days.revenue_cents + excluded.revenue_cents)`,
    statuses.length > 0 &&
      sql`status_days as (
        insert into order_status_days (status, day, order_count)
        select * from unnest(cast(${statuses.map((row) => row.status)} as text[]),
          cast(${statuses.map((row) => row.day)} as text[]),
          cast(${statuses.map((row) => row.order_count)} as integer[]))
        on conflict (status, day) do update set order_count = order_status_days.order_count + excluded.order_count)`,
  ].filter((write) => write !== false)
  if (customers.length === 0) return { ctes, hasCustomers: false }
  const changes = sql`select * from unnest(cast(${customers.map((row) => row.email_key)} as text[]),
    cast(${customers.map((row) => row.order_count)} as integer[]))`
  ctes.push(
    sql`customer_changes (email_key, order_count) as (${changes})`,
    sql`customer_rows as (
        insert into customers (email_key, order_count) select email_key, order_count from customer_changes
        on conflict (email_key) do update set order_count = customers.order_count + excluded.order_count
        returning email_key, order_count)`,
    sql`customer_count as (
        insert into counters (name, value)
        select ${CUSTOMERS_COUNTER}, counted from (
          select sum(case when upserted.order_count > 0 then 1 else 0 end
            - case when upserted.order_count - given.order_count > 0 then 1 else 0 end) as counted
          from customer_rows as upserted join customer_changes as given on given.email_key = upserted.email_key
        ) as counts
        where counted <> 0
        on conflict (name) do update set value = counters.value + excluded.value)`,
  )
  return { ctes, hasCustomers: true }
}

/**
 * PostgreSQL: what placing these orders adds to the summary, as the parts of a WITH for the caller's own statement
 * (the batch of orders writes them with its orders, one round trip). Undefined when they are more than one
 * statement's worth (recordPlaced then).
 */
export function placedWrites(orders: readonly OrderSale[]): RawBuilder<unknown>[] | undefined {
  const delta = new SummaryDelta()
  for (const order of orders) delta.add(order, { placed: 1, sold: order.status === 'cancelled' ? 0 : 1 })
  const rows = rowsOf(delta)
  if (Object.values(rows).some((table: unknown[]) => table.length > ROWS_PER_UPSERT)) return undefined
  return summaryWrites(rows).ctes
}

/** Orders written: each counts as placed, and as sold unless written cancelled. Call in their transaction. */
export async function recordPlaced(db: Executor, orders: readonly OrderSale[]): Promise<void> {
  const delta = new SummaryDelta()
  for (const order of orders) delta.add(order, { placed: 1, sold: order.status === 'cancelled' ? 0 : 1 })
  await apply(db, delta)
}

/** Orders deleted, with the status they had: everything they added is taken away. Call in their transaction. */
export async function recordRemoved(db: Executor, orders: readonly OrderSale[]): Promise<void> {
  const delta = new SummaryDelta()
  for (const order of orders) delta.add(order, { placed: -1, sold: order.status === 'cancelled' ? 0 : -1 })
  await apply(db, delta)
}

/**
 * An order's status changed: it moves from one status count of its day to the other; cancelling also takes its
 * sale away, and reopening gives it back.
 */
export async function recordStatusChange(db: Executor, order: OrderSale, from: string, to: string): Promise<void> {
  if (from === to) return
  const delta = new SummaryDelta()
  delta.countStatus(order, from, -1)
  delta.countStatus(order, to, 1)
  const wasSold = from !== 'cancelled'
  const isSold = to !== 'cancelled'
  if (wasSold !== isSold) delta.add(order, { placed: 0, sold: isSold ? 1 : -1 })
  await apply(db, delta)
}

/**
 * A payment (+) or refund (-) recorded for an order placed at `createdAt`: the dashboard's paid revenue moves by it.
 * Call in the payment's transaction.
 */
export async function recordPaid(db: Executor, createdAt: string, deltaCents: number): Promise<void> {
  if (deltaCents === 0) return
  await db
    .insertInto('sales_days')
    .values({ day: dayOf(createdAt), order_count: 0, sold_count: 0, revenue_cents: 0, paid_cents: deltaCents })
    .onConflict((oc) => oc.column('day').doUpdateSet({ paid_cents: sql`sales_days.paid_cents + excluded.paid_cents` }))
    .execute()
}

/**
 * Recomputes every summary table from the orders (what migration 2026_11_25_1500 did to an existing shop), for
 * orders written straight into the tables (a benchmark's million, an import). It first takes the order number
 * counter's lock, so no order is placed meanwhile; run it while no admin is cancelling or deleting orders.
 */
export async function rebuildSalesSummary(db: Executor): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((tx) => rebuildSalesSummary(tx))
    return
  }
  await db
    .updateTable('counters')
    .set((eb) => ({ value: eb.ref('value') }))
    .where('name', '=', 'order_number')
    .execute()
  await db.deleteFrom('sales_days').execute()
  await db.deleteFrom('product_sales_days').execute()
  await db.deleteFrom('customers').execute()
  await db.deleteFrom('order_status_days').execute()
  await db.deleteFrom('counters').where('name', '=', CUSTOMERS_COUNTER).execute()
  await sql`insert into sales_days (day, order_count, sold_count, revenue_cents, paid_cents)
    select substr(created_at, 1, 10), count(*),
      sum(case when status <> 'cancelled' then 1 else 0 end),
      sum(case when status <> 'cancelled' then cast(total_cents as bigint) else 0 end),
      sum(cast(paid_cents as bigint) - refunded_cents)
    from orders group by substr(created_at, 1, 10)`.execute(db)
  await sql`insert into product_sales_days (day, product_id, units, revenue_cents)
    select substr(orders.created_at, 1, 10), order_items.product_id, sum(order_items.quantity),
      sum(cast(order_items.price_cents as bigint) * order_items.quantity)
    from order_items join orders on orders.id = order_items.order_id
    where orders.status <> 'cancelled' and order_items.product_id is not null
    group by substr(orders.created_at, 1, 10), order_items.product_id`.execute(db)
  await sql`insert into customers (email_key, order_count)
    select lower(customer_email), count(*) from orders group by lower(customer_email)`.execute(db)
  await sql`insert into order_status_days (day, status, order_count)
    select substr(created_at, 1, 10), status, count(*) from orders group by substr(created_at, 1, 10), status`.execute(
    db,
  )
  await sql`insert into counters (name, value)
    select ${CUSTOMERS_COUNTER}, n from (select count(*) as n from customers) as counted where n > 0`.execute(db)
}

// --- Reads ------------------------------------------------------------------------------------------------------

export interface SalesDay {
  day: string
  soldCount: number
  revenueCents: number
}

/** The days from `from` to `to` (YYYY-MM-DD, both included) that have sales rows, oldest first. */
export async function findSalesDays(db: Executor, from: string, to: string): Promise<SalesDay[]> {
  const rows = await db
    .selectFrom('sales_days')
    .select(['day', 'sold_count', 'revenue_cents'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute()
  return rows.map((row) => ({
    day: row.day,
    soldCount: toNumber(row.sold_count),
    revenueCents: toNumber(row.revenue_cents),
  }))
}

/**
 * How many orders were placed, cancelled ones included, from the start of day `from` to the start of day `to`
 * (YYYY-MM-DD; either open): the count of an unfiltered orders list, from one row per day instead of every order.
 */
export async function countPlaced(db: Executor, range: { from?: string; to?: string }): Promise<number> {
  let query = db.selectFrom('sales_days').select((eb) => eb.fn.sum<number>('order_count').as('n'))
  if (range.from) query = query.where('day', '>=', range.from)
  if (range.to) query = query.where('day', '<', range.to)
  return toNumber((await query.executeTakeFirst())?.n)
}

/** How many orders placed from day `from` to before day `to` (either open) have `status` now. */
export async function countWithStatus(
  db: Executor,
  status: string,
  range: { from?: string; to?: string },
): Promise<number> {
  let query = db
    .selectFrom('order_status_days')
    .select((eb) => eb.fn.sum<number>('order_count').as('n'))
    .where('status', '=', status)
  if (range.from) query = query.where('day', '>=', range.from)
  if (range.to) query = query.where('day', '<', range.to)
  return toNumber((await query.executeTakeFirst())?.n)
}

export interface ShopTotals {
  /** Every order, cancelled ones included. */
  orderCount: number
  /** Orders not cancelled. */
  revenueCents: number
  /** Payments less refunds recorded for all orders. */
  paidCents: number
  customerCount: number
}

export async function findTotals(db: Executor): Promise<ShopTotals> {
  const [sales, customers] = await Promise.all([
    db
      .selectFrom('sales_days')
      .select((eb) => [
        eb.fn.sum<number>('order_count').as('orders'),
        eb.fn.sum<number>('revenue_cents').as('revenue'),
        eb.fn.sum<number>('paid_cents').as('paid'),
      ])
      .executeTakeFirstOrThrow(),
    db.selectFrom('counters').select('value').where('name', '=', CUSTOMERS_COUNTER).executeTakeFirst(),
  ])
  return {
    orderCount: toNumber(sales.orders),
    revenueCents: toNumber(sales.revenue),
    paidCents: toNumber(sales.paid),
    customerCount: toNumber(customers?.value),
  }
}

export interface ProductSales {
  productId: number
  /** The product's name as it is now. */
  name: string
  units: number
  revenueCents: number
}

/**
 * The products that sold most from `from` to `to` (both included), by units and by revenue; ties go to the other
 * figure, then to the lower id. One pass over the range's rows: each product's sums are ranked both ways at once,
 * and only the ranked rows meet the products table.
 */
export async function findTopProducts(
  db: Executor,
  options: { from: string; to: string; limit: number },
): Promise<{ byUnits: ProductSales[]; byRevenue: ProductSales[] }> {
  const { rows } = await sql<{
    product_id: number
    name: string
    units: number | string
    revenue: number | string
    units_rank: number | string
    revenue_rank: number | string
  }>`with totals as (
      select product_id, sum(units) as units, sum(revenue_cents) as revenue
      from product_sales_days where day >= ${options.from} and day <= ${options.to}
      group by product_id
    ), ranked as (
      select product_id, units, revenue,
        row_number() over (order by units desc, revenue desc, product_id) as units_rank,
        row_number() over (order by revenue desc, units desc, product_id) as revenue_rank
      from totals
    )
    select ranked.product_id, products.name, ranked.units, ranked.revenue, ranked.units_rank, ranked.revenue_rank
    from ranked join products on products.id = ranked.product_id
    where ranked.units_rank <= ${options.limit} or ranked.revenue_rank <= ${options.limit}`.execute(db)
  const ranking = (rank: 'units_rank' | 'revenue_rank') =>
    rows
      .filter((row) => toNumber(row[rank]) <= options.limit)
      .sort((a, b) => toNumber(a[rank]) - toNumber(b[rank]))
      .map((row) => ({
        productId: row.product_id,
        name: row.name,
        units: toNumber(row.units),
        revenueCents: toNumber(row.revenue),
      }))
  return { byUnits: ranking('units_rank'), byRevenue: ranking('revenue_rank') }
}
