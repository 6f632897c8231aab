import { centsToMoney } from '@shop/schema/common'
import type {
  Order,
  OrderCharges,
  OrderItem,
  OrderPersonalization,
  OrderSort,
  OrderStatus,
  OrderSummary,
} from '@shop/schema/orders'
import {
  type OrderPayment,
  PAYMENT_METHOD_KINDS,
  PAYMENT_METHOD_NAMES,
  PAYMENT_STATUSES,
  type PaymentMethodKind,
  type PaymentStatus,
} from '@shop/schema/payments'
import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql } from 'kysely'
import * as salesSummary from '../dashboard/sales-summary'
import type { Database, Executor } from '../database'
import { fromDbBool, nowIso, toDbBool, toNumber } from '../dialect'
import { leadTimeOf } from '../products/products.repository'
import { indexNewOrders, orderMatches } from '../search/search'
import { chunks } from '../statement-chunks'
import type { OrderItemsTable, OrdersTable } from './orders.table'

export const ORDER_NUMBER_COUNTER = 'order_number'
/** Order numbers run from ORD-1001: readable on invoices and in customer e-mails. */
const FIRST_ORDER_NUMBER = 1001

type OrderRow = Selectable<OrdersTable> & { item_count: number | string | bigint }

// Every order read maps its stored payment columns: a look-up in these sets, not a schema parse per row.
const METHOD_KINDS: ReadonlySet<string> = new Set(PAYMENT_METHOD_KINDS)
const STATUSES: ReadonlySet<string> = new Set(PAYMENT_STATUSES)

/** The stored status, or 'unpaid' for anything the shop does not know. */
function storedPaymentStatus(value: string): PaymentStatus {
  return STATUSES.has(value) ? (value as PaymentStatus) : 'unpaid'
}

/** The stored method, or null for none or anything the shop does not know. */
function storedPaymentMethod(value: string | null): PaymentMethodKind | null {
  return value !== null && METHOD_KINDS.has(value) ? (value as PaymentMethodKind) : null
}

function toSummary(row: Selectable<OrdersTable>, itemCount: OrderRow['item_count'] | null): OrderSummary {
  return {
    id: row.id,
    orderNumber: row.order_number,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerAddress: row.customer_address,
    status: row.status as OrderStatus,
    total: centsToMoney(row.total_cents),
    notes: row.notes,
    itemCount: toNumber(itemCount),
    paymentStatus: storedPaymentStatus(row.payment_status),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

function toTracking(row: Pick<Selectable<OrdersTable>, 'tracking_number' | 'tracking_url'>) {
  return { trackingNumber: row.tracking_number, trackingUrl: row.tracking_url }
}

/** A personalisation as the line keeps it (JSON), with its surcharge in cents. */
export interface StoredPersonalization {
  label: string
  value: string
  surchargeCents: number | null
}

function toPersonalization(entries: StoredPersonalization[]): OrderPersonalization[] {
  return entries.map((entry) => ({
    label: entry.label,
    value: entry.value,
    surcharge: entry.surchargeCents === null ? null : centsToMoney(entry.surchargeCents),
  }))
}

function toItem(row: Selectable<OrderItemsTable>): OrderItem {
  const personalization: StoredPersonalization[] = row.personalization ? JSON.parse(row.personalization) : []
  return {
    id: row.id,
    productId: row.product_id,
    variantId: row.variant_id,
    name: row.name,
    price: centsToMoney(row.price_cents),
    quantity: row.quantity,
    sku: row.sku,
    imageUrl: row.image_url,
    variantLabel: row.variant_label,
    personalization: toPersonalization(personalization),
    leadTime: leadTimeOf(row),
  }
}

/** The order's components as charged (docs/decisions/0012-money-on-the-server.md). */
function toCharges(row: Selectable<OrdersTable>): OrderCharges {
  return {
    subtotal: centsToMoney(row.subtotal_cents),
    discount: centsToMoney(row.discount_cents),
    discountCode: row.discount_code,
    shipping: centsToMoney(row.shipping_cents),
    shippingMethod: row.shipping_method,
    tax: centsToMoney(row.tax_cents),
    taxIncluded: fromDbBool(row.tax_included),
    country: row.country,
    region: row.region,
  }
}

/** The method chosen, its instructions as shown to the buyer, and what the ledger made of the order. */
function toPayment(row: Selectable<OrdersTable>): OrderPayment {
  const method = storedPaymentMethod(row.payment_method)
  return {
    method,
    methodName: method ? PAYMENT_METHOD_NAMES[method] : null,
    instructions: row.payment_instructions,
    status: storedPaymentStatus(row.payment_status),
    paid: centsToMoney(row.paid_cents),
    refunded: centsToMoney(row.refunded_cents),
  }
}

/** An order read with all its lines: the item count is theirs. */
function toOrder(row: Selectable<OrdersTable>, items: Array<Selectable<OrderItemsTable>>): Order {
  const itemCount = items.reduce((sum, item) => sum + item.quantity, 0)
  return {
    ...toSummary(row, itemCount),
    items: items.map(toItem),
    ...toTracking(row),
    charges: toCharges(row),
    payment: toPayment(row),
  }
}

function summaryQuery(db: Executor) {
  return db
    .selectFrom('orders')
    .selectAll('orders')
    .select((eb) =>
      eb
        .selectFrom('order_items')
        .select((sub) => sub.fn.coalesce(sub.fn.sum<number>('quantity'), sub.lit(0)).as('n'))
        .whereRef('order_items.order_id', '=', 'orders.id')
        .as('item_count'),
    )
}

const DAY_START = /^(\d{4}-\d{2}-\d{2})T00:00:00\.000Z$/

/**
 * How many orders match. Without a search, over whole days (the admin's date filters are days), the sales summary
 * counts them from one row per day (and status): counting a million orders one by one took 50 to 100 ms.
 */
async function countPage(
  db: Executor,
  options: OrderPageOptions,
  matches: (eb: ExpressionBuilder<Database, 'orders'>) => Expression<SqlBool>,
): Promise<number> {
  const from = options.from === undefined ? undefined : DAY_START.exec(options.from)?.[1]
  const to = options.to === undefined ? undefined : DAY_START.exec(options.to)?.[1]
  const isWholeDays = (options.from === undefined || from) && (options.to === undefined || to)
  if (!options.search && !options.paymentStatus && isWholeDays) {
    return options.status
      ? salesSummary.countWithStatus(db, options.status, { from, to })
      : salesSummary.countPlaced(db, { from, to })
  }
  const row = await db
    .selectFrom('orders')
    .where(matches)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow()
  return toNumber(row.total)
}

/** Each sort's column; ties go by id in the same direction, so every order has one place. */
const ORDER_SORT_KEYS = {
  newest: ['orders.created_at', 'desc'],
  oldest: ['orders.created_at', 'asc'],
  'total-desc': ['orders.total_cents', 'desc'],
  'total-asc': ['orders.total_cents', 'asc'],
} as const satisfies Record<OrderSort, readonly [string, 'asc' | 'desc']>

/** What narrows the admin's orders; the page and the export read the same ones (orderFilter). */
export interface OrderFilters {
  status?: OrderStatus
  /** Unpaid, paid, partially refunded, refunded or awaiting payment: through the payment status index. */
  paymentStatus?: PaymentStatus
  /** Case-insensitive substring of the order number, the customer's name or e-mail (search.ts). */
  search?: string
  /** ISO times: created at or after `from`, before `to`. */
  from?: string
  to?: string
}

export interface OrderPageOptions extends OrderFilters {
  /** 1-based. */
  page: number
  pageSize: number
  sort: OrderSort
}

/** The one WHERE of the admin's orders: the count, the page and the CSV export all filter with it. */
function orderFilter(db: Executor, filters: OrderFilters) {
  return (eb: ExpressionBuilder<Database, 'orders'>) => {
    const conditions: Expression<SqlBool>[] = []
    if (filters.status) conditions.push(eb('orders.status', '=', filters.status))
    if (filters.paymentStatus) conditions.push(eb('orders.payment_status', '=', filters.paymentStatus))
    if (filters.from) conditions.push(eb('orders.created_at', '>=', filters.from))
    if (filters.to) conditions.push(eb('orders.created_at', '<', filters.to))
    if (filters.search) conditions.push(orderMatches(db, filters.search))
    return eb.and(conditions)
  }
}

/**
 * One page of orders and how many match in all, filtered, searched and sorted by the database through its indexes
 * (the date, status and total indexes, the search index): the page costs the same at 100 orders or 1,000,000.
 */
export async function findPage(
  db: Executor,
  options: OrderPageOptions,
): Promise<{ items: OrderSummary[]; total: number }> {
  if (options.search) await indexNewOrders(db)
  const matches = orderFilter(db, options)
  const count = countPage(db, options, matches)

  // The page's ids first, from the indexes alone, then those orders with their item counts: skipping to a deep
  // page passes over index entries instead of building every order it skips.
  const [column, direction] = ORDER_SORT_KEYS[options.sort]
  const pageIds = db
    .selectFrom('orders')
    .select('orders.id')
    .where(matches)
    .orderBy(column, direction)
    .orderBy('orders.id', direction)
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
  const rows = await summaryQuery(db)
    .where('orders.id', 'in', pageIds)
    .orderBy(column, direction)
    .orderBy('orders.id', direction)
    .execute()
  return {
    items: rows.map((row) => toSummary(row, row.item_count)),
    total: await count,
  }
}

/** Orders the export reads per query: its memory is one chunk of orders and their lines (at most 100 per order). */
export const EXPORT_CHUNK_SIZE = 200

/**
 * Every order matching the filters, in the sort's order, with its lines: the CSV export. It reads one chunk of
 * orders at a time by keyset (after the last one's sort value and id, never by offset, so each chunk costs the same)
 * and their lines in one query, and reads the next chunk only when the caller asks for it: a download as slow as its
 * client holds one chunk, and a client that goes away stops the reading. Each chunk is its own query, not one long
 * transaction or cursor: those would hold a PostgreSQL connection, or SQLite's only one, for the whole download.
 */
export async function* iterateWithItems(
  db: Executor,
  options: OrderFilters & { sort: OrderSort; chunkSize?: number },
): AsyncGenerator<Order> {
  const [column, direction] = ORDER_SORT_KEYS[options.sort]
  const chunkSize = options.chunkSize ?? EXPORT_CHUNK_SIZE
  const after = direction === 'desc' ? '<' : '>'
  let last: Selectable<OrdersTable> | undefined
  if (options.search) await indexNewOrders(db)
  for (;;) {
    let query = db.selectFrom('orders').selectAll('orders').where(orderFilter(db, options))
    if (last) {
      const key = column === 'orders.created_at' ? last.created_at : last.total_cents
      const { id } = last
      // (key, id) after the last row's, written so that the key's own index bounds the scan on both databases.
      query = query.where((eb) =>
        eb.and([eb(column, `${after}=`, key), eb.or([eb(column, after, key), eb('orders.id', after, id)])]),
      )
    }
    const rows = await query.orderBy(column, direction).orderBy('orders.id', direction).limit(chunkSize).execute()
    if (rows.length === 0) return
    const itemsByOrder = await findItemsByOrder(
      db,
      rows.map((row) => row.id),
    )
    for (const row of rows) {
      yield toOrder(row, itemsByOrder.get(row.id) ?? [])
    }
    if (rows.length < chunkSize) return
    last = rows[rows.length - 1]
  }
}

/** The lines of these orders, each order's in id order. */
async function findItemsByOrder(
  db: Executor,
  orderIds: number[],
): Promise<Map<number, Array<Selectable<OrderItemsTable>>>> {
  const rows = await db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('id')
    .execute()
  return groupByOrder(rows)
}

/** Lines by their order's id, in the order given. */
function groupByOrder(rows: Array<Selectable<OrderItemsTable>>): Map<number, Array<Selectable<OrderItemsTable>>> {
  const itemsByOrder = new Map<number, Array<Selectable<OrderItemsTable>>>()
  for (const row of rows) {
    const items = itemsByOrder.get(row.order_id)
    if (items) items.push(row)
    else itemsByOrder.set(row.order_id, [row])
  }
  return itemsByOrder
}

/** Newest first. */
export async function findMany(db: Executor, options: { limit?: number } = {}): Promise<OrderSummary[]> {
  let query = summaryQuery(db).orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc')
  if (options.limit !== undefined) query = query.limit(options.limit)
  const rows = await query.execute()
  return rows.map((row) => toSummary(row, row.item_count))
}

export async function findByIdWithItems(db: Executor, id: number): Promise<Order | undefined> {
  const row = await summaryQuery(db).where('orders.id', '=', id).executeTakeFirst()
  if (!row) return undefined
  const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', id).orderBy('id').execute()
  return {
    ...toSummary(row, row.item_count),
    items: items.map(toItem),
    ...toTracking(row),
    charges: toCharges(row),
    payment: toPayment(row),
  }
}

/** The order with this number, if it is the buyer's with this e-mail (letter case aside). */
export async function findIdByNumberAndEmail(
  db: Executor,
  orderNumber: string,
  email: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('order_number', '=', orderNumber)
    .where((eb) => eb(eb.fn('lower', ['customer_email']), '=', email.toLowerCase()))
    .executeTakeFirst()
  return row?.id
}

export async function setTracking(
  db: Executor,
  id: number,
  tracking: { trackingNumber: string | null; trackingUrl: string | null },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ tracking_number: tracking.trackingNumber, tracking_url: tracking.trackingUrl, updated_at: nowIso() })
    .where('id', '=', id)
    .execute()
}

/**
 * Takes the next `count` order numbers, in order. Call inside the order's transaction: the counter row stays
 * locked until it ends, which is what queues concurrent writers (several processes on PostgreSQL), and a rollback
 * gives the numbers back.
 */
export async function takeOrderNumbers(db: Executor, count: number): Promise<string[]> {
  // Run once per batch of orders: a text, not the query builder, which took longer to build it than SQLite to run it.
  const take = async () =>
    (
      await sql<{ value: number | string }>`update counters set value = value + ${count}
        where name = ${ORDER_NUMBER_COUNTER} returning value`.execute(db)
    ).rows[0]
  let updated = await take()
  if (!updated) {
    // The shop's first order. Another process may be placing its own first order: whoever inserts the counter
    // row first wins, and both then take their numbers from it.
    await db
      .insertInto('counters')
      .values({ name: ORDER_NUMBER_COUNTER, value: FIRST_ORDER_NUMBER - 1 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
    updated = await take()
  }
  if (!updated) throw new Error('the order number counter is missing')
  const last = toNumber(updated.value)
  return Array.from({ length: count }, (_, i) => orderNumberOf(last - count + 1 + i))
}

/** "ORD-1001" for the counter's 1001. */
export function orderNumberOf(value: number): string {
  return `ORD-${value}`
}

/** Gives back the last `count` numbers taken in this transaction, when fewer orders were placed than numbered. */
export async function giveBackOrderNumbers(db: Executor, count: number): Promise<void> {
  if (count === 0) return
  await db
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '-', count) }))
    .where('name', '=', ORDER_NUMBER_COUNTER)
    .execute()
}

/** Takes the next order number; inside the order's transaction, so a rolled-back order gives its number back. */
export async function nextOrderNumber(db: Executor): Promise<string> {
  const [number] = await takeOrderNumbers(db, 1)
  if (!number) throw new Error('no order number was taken')
  return number
}

// One INSERT carries at most this many rows: with at most 18 columns, 18,000 values, well below SQLite's limit of 32,766
// bound values per statement (PostgreSQL's is 65,535).
const ROWS_PER_INSERT = 1000

export interface NewOrder {
  orderNumber: string
  customerName: string
  customerEmail: string
  customerAddress: string | null
  notes: string | null
  status: OrderStatus
  totalCents: number
  /** The components as charged; left out (the demo's history, older callers), the total is all subtotal. */
  money?: {
    subtotalCents: number
    discountCents: number
    shippingCents: number
    taxCents: number
    taxIncluded: boolean
    discountCode: string | null
    shippingMethod: string | null
    country: string | null
    region: string | null
  }
  items: Array<{
    productId: number | null
    variantId: number | null
    name: string
    /** The variant's SKU. */
    sku: string
    /** The unit price, personalisation surcharges included. */
    priceCents: number
    quantity: number
    imageUrl: string | null
    variantLabel: string | null
    personalization: StoredPersonalization[]
    leadTime: { minDays: number; maxDays: number } | null
  }>
  /**
   * The payment method chosen and its instructions as the buyer is shown them; left out: none. `isAwaitingCard`: a
   * card order, awaiting its payment at Stripe's checkout.
   */
  payment?: { method: PaymentMethodKind; instructions: string; isAwaitingCard?: boolean } | null
  /** Defaults to now; the demo seed backdates its orders. */
  createdAt?: string
}

/** Writes the order and its lines and gives the created order; call inside a transaction. */
export async function insert(db: Executor, order: NewOrder): Promise<Order> {
  const [created] = await insertMany(db, [order])
  if (!created) throw new Error('the order was not written')
  return created
}

/**
 * Writes several orders and all their lines in two statements, and gives the created orders in the same order.
 * Call inside a transaction. Rows are matched by order number and product, not by the order RETURNING gives
 * them in, which neither database promises.
 */
export async function insertMany(db: Executor, orders: NewOrder[]): Promise<Order[]> {
  if (orders.length === 0) return []
  const now = nowIso()
  const rows = []
  for (const chunk of chunks(orders, ROWS_PER_INSERT)) {
    const inserted = await db
      .insertInto('orders')
      .values(chunk.map((order) => orderRow(order, now)))
      .returningAll()
      .execute()
    rows.push(...inserted)
  }
  // The dashboard's summary: one upsert per table for all these orders.
  await salesSummary.recordPlaced(
    db,
    orders.map((order) => saleOf(order, now)),
  )
  const orderRows = writtenInOrder(orders, rows)
  const itemValues = orderRows.flatMap((row, i) =>
    (orders[i]?.items ?? []).map((item) => ({ order_id: row.id, ...itemRow(item) })),
  )
  const itemRows = []
  for (const chunk of chunks(itemValues, ROWS_PER_INSERT)) {
    itemRows.push(...(await db.insertInto('order_items').values(chunk).returningAll().execute()))
  }
  return toOrders(orderRows, itemRows)
}

/**
 * The rows an insert gave back for these orders, in the orders' order: matched by order number, since RETURNING
 * promises no order. Throws for an order with no row.
 */
export function writtenInOrder(
  orders: readonly NewOrder[],
  rows: ReadonlyArray<Selectable<OrdersTable>>,
): Array<Selectable<OrdersTable>> {
  const rowByNumber = new Map(rows.map((row) => [row.order_number, row]))
  return orders.map((order) => {
    const row = rowByNumber.get(order.orderNumber)
    if (!row) throw new Error(`order ${order.orderNumber} was not written`)
    return row
  })
}

/** The row of a new order; `now` stands in for its creation time when it has none. */
export function orderRow(order: NewOrder, now: string) {
  return {
    order_number: order.orderNumber,
    customer_name: order.customerName,
    customer_email: order.customerEmail,
    customer_address: order.customerAddress,
    notes: order.notes,
    status: order.status,
    total_cents: order.totalCents,
    subtotal_cents: order.money?.subtotalCents ?? order.totalCents,
    discount_cents: order.money?.discountCents ?? 0,
    shipping_cents: order.money?.shippingCents ?? 0,
    tax_cents: order.money?.taxCents ?? 0,
    tax_included: toDbBool(order.money?.taxIncluded ?? false),
    discount_code: order.money?.discountCode ?? null,
    shipping_method: order.money?.shippingMethod ?? null,
    country: order.money?.country ?? null,
    region: order.money?.region ?? null,
    payment_method: order.payment?.method ?? null,
    payment_instructions: order.payment?.instructions ?? null,
    payment_status: order.payment?.isAwaitingCard ? 'awaiting_payment' : 'unpaid',
    created_at: order.createdAt ?? now,
    updated_at: order.createdAt ?? now,
  }
}

/** The row of a new order's line, but for its order's id. */
export function itemRow(item: NewOrder['items'][number]) {
  return {
    product_id: item.productId,
    name: item.name,
    sku: item.sku,
    price_cents: item.priceCents,
    quantity: item.quantity,
    image_url: item.imageUrl,
    variant_id: item.variantId,
    variant_label: item.variantLabel,
    personalization: JSON.stringify(item.personalization),
    lead_min_days: item.leadTime?.minDays ?? null,
    lead_max_days: item.leadTime?.maxDays ?? null,
  }
}

/** What a new order adds to the dashboard's summary. */
export function saleOf(order: NewOrder, now: string): salesSummary.OrderSale {
  return {
    createdAt: order.createdAt ?? now,
    status: order.status,
    totalCents: order.totalCents,
    customerEmail: order.customerEmail,
    items: order.items,
  }
}

/** Orders as written, in the order given, each with its lines (of `itemRows`, in any order) in id order. */
export function toOrders(
  orderRows: Array<Selectable<OrdersTable>>,
  itemRows: Array<Selectable<OrderItemsTable>>,
): Order[] {
  const itemsByOrder = groupByOrder([...itemRows].sort((a, b) => a.id - b.id))
  return orderRows.map((row) => toOrder(row, itemsByOrder.get(row.id) ?? []))
}

type SoldLine = salesSummary.OrderSale['items'][number]

function soldLines(db: Executor, orderId: number): Promise<SoldLine[]> {
  return db
    .selectFrom('order_items')
    .select(['product_id as productId', 'price_cents as priceCents', 'quantity'])
    .where('order_id', '=', orderId)
    .execute()
}

/**
 * Moves the order from status `from` to `to`, keeping the dashboard's summary in step; call inside a transaction.
 * False when the order is gone or no longer `from`: another admin changed it since the caller read it (on
 * PostgreSQL the update waits for that change to commit, then finds the status moved on).
 */
export async function updateStatus(
  db: Executor,
  id: number,
  change: { from: OrderStatus; to: OrderStatus },
): Promise<boolean> {
  const row = await db
    .updateTable('orders')
    .set({ status: change.to, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', change.from)
    .returning(['created_at', 'total_cents', 'customer_email'])
    .executeTakeFirst()
  if (!row) return false
  // Every change moves the order between the status counts; cancelling or reopening also changes its sale.
  const isSaleChange = (change.from === 'cancelled') !== (change.to === 'cancelled')
  const order = {
    createdAt: row.created_at,
    status: change.to,
    totalCents: row.total_cents,
    customerEmail: row.customer_email,
    items: isSaleChange ? await soldLines(db, id) : [],
  }
  await salesSummary.recordStatusChange(db, order, change.from, change.to)
  return true
}

/** Deletes the order (its lines, keys, events and mails go with it) and takes it out of the dashboard's summary. */
export async function remove(db: Executor, id: number): Promise<boolean> {
  if (!db.isTransaction) return db.transaction().execute((tx) => remove(tx, id))
  const items = await soldLines(db, id)
  const row = await db
    .deleteFrom('orders')
    .where('id', '=', id)
    .returning(['status', 'created_at', 'total_cents', 'customer_email', 'paid_cents', 'refunded_cents'])
    .executeTakeFirst()
  if (!row) return false
  // What it had paid leaves the dashboard's paid revenue with it.
  await salesSummary.recordPaid(db, row.created_at, row.refunded_cents - row.paid_cents)
  await salesSummary.recordRemoved(db, [
    {
      createdAt: row.created_at,
      status: row.status,
      totalCents: row.total_cents,
      customerEmail: row.customer_email,
      items,
    },
  ])
  return true
}
