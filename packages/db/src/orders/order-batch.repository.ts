import type { Order } from '@shop/schema/orders'
import type { ShopSettings } from '@shop/schema/settings'
import { type OperationNodeSource, type RawBuilder, type Selectable, sql } from 'kysely'
import { placedWrites, recordPlaced } from '../dashboard/sales-summary'
import type { Executor } from '../database'
import { isPostgres, KEEP_PREPARED, nowIso } from '../dialect'
import { insertJsonArrays, insertJsonRows } from '../json-rows'
import * as moneyRepo from '../money/money.repository'
import type { NewMail } from '../outbox/outbox.repository'
import * as outboxRepo from '../outbox/outbox.repository'
import * as productsRepo from '../products/products.repository'
import * as settingsRepo from '../settings/settings.repository'
import * as orderKeysRepo from './order-keys.repository'
import * as ordersRepo from './orders.repository'
import { CHANGES_COUNTER, type OrderItemsTable, type OrdersTable } from './orders.table'

/**
 * The reads and writes of a batch of guest orders (the API's order writer), after it has taken its order numbers.
 * On SQLite each is the repositories' own statements, in process and cheap. On PostgreSQL, where every statement is
 * a round trip and batches queue behind the order number counter's lock, a batch makes two: one reads everything
 * the orders are decided on, one takes the stock and the codes' uses and writes the orders with everything that
 * goes with them (placeBatch). Lists travel as arrays (`= any(...)`, `unnest`) and new rows as one JSON text a table
 * (`json_to_recordset`), so a statement's text does not grow with the batch, and each is kept prepared on its
 * connection (KEEP_PREPARED): parsed and planned once.
 */

/** What a batch decides its orders on. */
export interface BatchReads {
  /** The numbers taken, in order, one per order. */
  orderNumbers: string[]
  products: Map<number, productsRepo.OrderableProduct>
  /** The codes found, by (upper-case) code. */
  discounts: Map<string, moneyRepo.StoredDiscount>
  /** The once-per-e-mail uses already recorded of the codes asked for by the addresses asking (emailUseKey). */
  emailUses: Set<string>
  /** The shop's settings (who is told of new orders). */
  settings: ShopSettings | undefined
  /**
   * PostgreSQL: the count of changes published to every process (change-feed.ts) as this read saw it; money rules
   * kept in memory since a smaller count are out of date. Undefined on SQLite, whose one process empties its
   * memory before a change is answered.
   */
  publishedChanges?: number
}

interface BatchWanted {
  /** Orders in the batch: order numbers to take. */
  count: number
  productIds: readonly number[]
  /** Each order's code (upper case) with its buyer's e-mail. */
  codeUses: ReadonlyArray<{ code: string; email: string }>
}

/**
 * Takes the batch's order numbers (ordersRepo.takeOrderNumbers: the counter row stays locked until the transaction
 * ends, which queues the batches of every process), then reads the products of `productIds` with their variants,
 * the codes the orders name, the once-per-e-mail uses of those codes by the addresses naming them, and the shop's
 * settings.
 */
export async function readBatch(db: Executor, wanted: BatchWanted): Promise<BatchReads> {
  if (!isPostgres(db)) {
    const codes = [...new Set(wanted.codeUses.map((use) => use.code))]
    const orderNumbers = await ordersRepo.takeOrderNumbers(db, wanted.count)
    const products = await productsRepo.findOrderable(db, [...wanted.productIds])
    const discounts = await moneyRepo.findDiscountsByCode(db, codes)
    const emailUses = await moneyRepo.findEmailUses(
      db,
      wanted.codeUses.flatMap((use) => {
        const discount = discounts.get(use.code)
        return discount?.oncePerEmail ? [{ codeId: discount.id, email: use.email.toLowerCase() }] : []
      }),
    )
    return { orderNumbers, products, discounts, emailUses, settings: await settingsRepo.get(db) }
  }
  // The numbers and the reads in one statement. Its reads see the database as it was when the statement began,
  // while its update of the counter may first wait for another process's batch to commit: then the reads miss
  // what that batch took. The counter tells: as the statement began (`seen`) it stood where this batch's update
  // found it, unless a batch committed in between, and then the reads are made again in a statement of their own,
  // which begins after that commit. (A batch that gave back every number it took wrote nothing else.)
  const [row] = (
    await sql<BatchReadsRow & { last_number: number | string | null; seen_number: number | string | null }>`
      with numbers as (
        update counters set value = value + ${wanted.count} where name = ${ordersRepo.ORDER_NUMBER_COUNTER}
        returning value)
      select (select value from numbers) as last_number,
        (select value from counters where name = ${ordersRepo.ORDER_NUMBER_COUNTER}) as seen_number,
        ${batchReads(db, wanted)} ${sql.raw(KEEP_PREPARED)}`.execute(db)
  ).rows
  if (!row) throw new Error('the batch read no row')
  if (row.last_number !== null && Number(row.last_number) - wanted.count === Number(row.seen_number)) {
    return { orderNumbers: numbersEndingAt(Number(row.last_number), wanted.count), ...toReads(row) }
  }
  // The shop's first order (no counter row yet: takeOrderNumbers makes it), or another batch committed meanwhile.
  const orderNumbers =
    row.last_number === null
      ? await ordersRepo.takeOrderNumbers(db, wanted.count)
      : numbersEndingAt(Number(row.last_number), wanted.count)
  const [reread] = (await sql<BatchReadsRow>`select ${batchReads(db, wanted)} ${sql.raw(KEEP_PREPARED)}`.execute(db))
    .rows
  if (!reread) throw new Error('the batch read no row')
  return { orderNumbers, ...toReads(reread) }
}

function numbersEndingAt(last: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => ordersRepo.orderNumberOf(last - count + 1 + i))
}

/**
 * PostgreSQL: what a batch reads, as the JSON columns of one row, in a text: the query builder took longer to build
 * it than PostgreSQL to run it. Its lists are arrays, so the text is the same for every batch.
 */
function batchReads(db: Executor, wanted: BatchWanted) {
  const codes = [...new Set(wanted.codeUses.map((use) => use.code))]
  const askedCodes = wanted.codeUses.map((use) => use.code)
  const askedEmails = wanted.codeUses.map((use) => use.email.toLowerCase())
  return sql`(select coalesce(json_agg(agg), '[]')
      from ${productsRepo.orderableWithVariantsQuery(db, wanted.productIds)} as agg) as products,
    (select coalesce(json_agg(agg), '[]')
      from (select * from discount_codes where code = any(cast(${codes} as text[]))) as agg) as discounts,
    (select coalesce(json_agg(agg), '[]') from (
      select discount_email_uses.code_id, discount_email_uses.email from discount_email_uses
      join discount_codes on discount_codes.id = discount_email_uses.code_id
      where discount_codes.once_per_email
        and (discount_codes.code, discount_email_uses.email) in (
          select * from unnest(cast(${askedCodes} as text[]), cast(${askedEmails} as text[])))) as agg) as email_uses,
    (select to_json(agg) from (${settingsRepo.ROW_QUERY}) as agg) as settings,
    (select value from counters where name = ${CHANGES_COUNTER}) as changes`
}

interface BatchReadsRow {
  products: Parameters<typeof productsRepo.toOrderableWithVariants>[0]
  discounts: Array<Parameters<typeof moneyRepo.toDiscount>[0]>
  email_uses: Array<{ code_id: number; email: string }>
  settings: Parameters<typeof settingsRepo.toSettings>[0] | null
  changes: number | string | null
}

function toReads(row: BatchReadsRow): Omit<BatchReads, 'orderNumbers'> {
  return {
    products: productsRepo.toOrderableWithVariants(row.products),
    discounts: new Map(row.discounts.map((discount) => [discount.code, moneyRepo.toDiscount(discount)])),
    emailUses: new Set(row.email_uses.map((use) => moneyRepo.emailUseKey(use.code_id, use.email))),
    settings: row.settings ? settingsRepo.toSettings(row.settings) : undefined,
    publishedChanges: Number(row.changes ?? 0),
  }
}

/** What a batch's accepted orders take. */
export interface BatchTakes {
  /** Units per variant id. */
  stock: ReadonlyMap<number, number>
  /** Uses per code id. */
  uses: ReadonlyMap<number, number>
  /** Once-per-e-mail uses to record (the e-mail lower case). */
  emailUses: ReadonlyArray<{ codeId: number; email: string }>
  /** Order numbers the refused orders leave over: the last ones taken, given back. */
  unusedNumbers: number
}

/**
 * Takes the stock, the codes' uses and the once-per-e-mail uses, all or nothing: false when any variant has too
 * little stock left, any code too few uses, or any address has used its code meanwhile (the caller then rolls the
 * transaction back). Each take is conditional, which is what decides a race for the last unit or use on both
 * databases (PostgreSQL re-checks the condition on a row it waited for).
 */
export async function takeBatch(db: Executor, takes: BatchTakes): Promise<boolean> {
  if (!isPostgres(db)) {
    await ordersRepo.giveBackOrderNumbers(db, takes.unusedNumbers)
    if (!(await productsRepo.takeStockOfMany(db, takes.stock))) return false
    for (const [codeId, count] of [...takes.uses].sort(([a], [b]) => a - b)) {
      if (!(await moneyRepo.takeUses(db, codeId, count))) return false
    }
    for (const use of takes.emailUses) {
      if (!(await moneyRepo.recordEmailUse(db, use.codeId, use.email))) return false
    }
    return true
  }
  if (takes.stock.size === 0 && takes.uses.size === 0 && takes.emailUses.length === 0 && takes.unusedNumbers === 0) {
    return true
  }
  const { rows } = await sql<TakenCounts>`with ${sql.join(takeParts(takes))}
    select ${TAKEN_COUNTS} ${sql.raw(KEEP_PREPARED)}`.execute(db)
  return isAllTaken(rows[0], takes)
}

type TakenCounts = { stock: number; uses: number; email_uses: number }

/**
 * PostgreSQL: the takes as the parts of a WITH: `stock` (the variants taken from, with their stock after), `uses`,
 * `email_uses`, `numbers` (the numbers given back).
 */
function takeParts(takes: BatchTakes): RawBuilder<unknown>[] {
  return [
    sql`stock as (
      update product_variants set stock = product_variants.stock - taken.quantity, updated_at = ${nowIso()}
      from unnest(cast(${[...takes.stock.keys()]} as integer[]), cast(${[...takes.stock.values()]} as integer[]))
        as taken(id, quantity)
      where product_variants.id = taken.id and product_variants.stock >= taken.quantity
      returning product_variants.id, product_variants.stock)`,
    sql`uses as (
      update discount_codes set uses = discount_codes.uses + taken.count
      from unnest(cast(${[...takes.uses.keys()]} as integer[]), cast(${[...takes.uses.values()]} as integer[]))
        as taken(id, count)
      where discount_codes.id = taken.id
        and (discount_codes.max_uses is null or discount_codes.uses <= discount_codes.max_uses - taken.count)
      returning discount_codes.id)`,
    sql`email_uses as (
      insert into discount_email_uses (code_id, email)
      select * from unnest(cast(${takes.emailUses.map((use) => use.codeId)} as integer[]),
        cast(${takes.emailUses.map((use) => use.email)} as text[]))
      on conflict (code_id, email) do nothing
      returning code_id)`,
    sql`numbers as (
      update counters set value = counters.value - cast(${takes.unusedNumbers} as integer)
      where name = ${ordersRepo.ORDER_NUMBER_COUNTER} and cast(${takes.unusedNumbers} as integer) > 0
      returning value)`,
  ]
}

/** How many rows each take changed, as columns of the statement's one row. */
const TAKEN_COUNTS = sql`(select count(*) from stock) as stock, (select count(*) from uses) as uses,
  (select count(*) from email_uses) as email_uses`

/** Whether every take found what it took: one short count means another writer took it since the batch's read. */
function isAllTaken(counts: TakenCounts | undefined, takes: BatchTakes): boolean {
  return (
    counts !== undefined &&
    Number(counts.stock) === takes.stock.size &&
    Number(counts.uses) === takes.uses.size &&
    Number(counts.email_uses) === takes.emailUses.length
  )
}

/** What goes with each new order: the hash of its guest page key and its mails (their order is the new order). */
export interface PlacedRecords {
  keyHash: string
  mails: Array<Omit<NewMail, 'orderId'>>
}

/**
 * Writes the orders with their lines, the dashboard's summary, each one's guest page key and mails (`records`, one
 * per order, in the same order), and brings the totals of `productIds` in step with their variants (after
 * takeBatch). Gives the created orders in the order given.
 */
export async function writeBatch(
  db: Executor,
  batch: { orders: ordersRepo.NewOrder[]; records: PlacedRecords[]; productIds: readonly number[] },
): Promise<Order[]> {
  const { orders, records } = batch
  const now = nowIso()
  if (!isPostgres(db) && orders.length > 0) return writeBatchSqlite(db, batch, now)
  const summary = isPostgres(db) ? placedWrites(orders.map((order) => ordersRepo.saleOf(order, now))) : undefined
  if (!summary || orders.length === 0) {
    await productsRepo.refreshTotals(db, batch.productIds)
    const created = await ordersRepo.insertMany(db, orders)
    const keyInserts = orderKeysRepo.insertQueries(
      db,
      created.map((order, i) => ({ orderId: order.id, keyHash: records[i]?.keyHash ?? '' })),
    )
    const mails = created.flatMap((order, i) =>
      (records[i]?.mails ?? []).map((mail) => ({ ...mail, orderId: order.id })),
    )
    await outboxRepo.enqueue(db, mails, new Date(), keyInserts)
    return created
  }
  const totals = batch.productIds.length > 0 ? productsRepo.refreshTotalsQuery(db, batch.productIds) : undefined
  const { rows } = await sql<Written>`with ${sql.join(writeParts(batch, now, summary, totals))}
    select ${WRITTEN} ${sql.raw(KEEP_PREPARED)}`.execute(db)
  return createdOrders(orders, rows[0])
}

/**
 * SQLite: the rows of each table as one JSON array of arrays (json-rows.ts): building a statement was the largest
 * part of a batch's time after SQLite's own, and its text is now the same for one order as for sixty-four.
 */
async function writeBatchSqlite(
  db: Executor,
  batch: { orders: ordersRepo.NewOrder[]; records: PlacedRecords[]; productIds: readonly number[] },
  now: string,
): Promise<Order[]> {
  const { orders, records } = batch
  await productsRepo.refreshTotals(db, batch.productIds)
  const { rows: orderRows } = await sql<Selectable<OrdersTable>>`${insertJsonRows(
    'orders',
    ORDER_COLUMNS.map(([column]) => column),
    orders.map((order) => ordersRepo.orderRow(order, now)),
  )} returning *`.execute(db)
  await recordPlaced(
    db,
    orders.map((order) => ordersRepo.saleOf(order, now)),
  )
  const written = ordersRepo.writtenInOrder(orders, orderRows)
  const itemValues = orders.flatMap((order, i) =>
    order.items.map((item) => {
      const row = ordersRepo.itemRow(item)
      return [written[i]?.id, ...ITEM_COLUMNS.map(([column]) => row[column])]
    }),
  )
  const { rows: itemRows } = await sql<Selectable<OrderItemsTable>>`${insertJsonArrays(
    'order_items',
    ITEM_INSERT_COLUMNS,
    itemValues,
  )} returning *`.execute(db)
  const keyValues = written.map((row, i) => [records[i]?.keyHash ?? '', row.id])
  await sql`insert into order_keys (key_hash, order_id, created_at)
    select value ->> 0, value ->> 1, ${now} from json_each(${JSON.stringify(keyValues)})`.execute(db)
  const mailValues = written.flatMap((row, i) =>
    (records[i]?.mails ?? []).map((mail) => [mail.kind, row.id, mail.to, JSON.stringify(mail.payload), mail.messageId]),
  )
  if (mailValues.length > 0) {
    await sql`insert into outbox (kind, order_id, recipient, payload, message_id, next_attempt_at, created_at)
      select value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, ${now}, ${now}
      from json_each(${JSON.stringify(mailValues)})`.execute(db)
  }
  return ordersRepo.toOrders(written, itemRows)
}

/** The columns' names, quoted, separated by commas. */
function columnList<R>(columns: ColumnTypes<R>): RawBuilder<unknown> {
  return sql.join(columns.map(([column]) => sql.ref(column)))
}

/**
 * takeBatch and writeBatch in one: the stock, the codes' uses and the once-per-e-mail uses taken, and the orders
 * written with everything that goes with them. Undefined when a take fell short (another writer took stock or a
 * use since the batch's read): the caller rolls the transaction back, writes and all. On PostgreSQL one statement
 * when the batch has orders, a round trip less than the two.
 */
export async function placeBatch(
  db: Executor,
  takes: BatchTakes,
  batch: { orders: ordersRepo.NewOrder[]; records: PlacedRecords[]; productIds: readonly number[] },
): Promise<Order[] | undefined> {
  const now = nowIso()
  const summary =
    isPostgres(db) && batch.orders.length > 0
      ? placedWrites(batch.orders.map((order) => ordersRepo.saleOf(order, now)))
      : undefined
  if (!summary) return (await takeBatch(db, takes)) ? writeBatch(db, batch) : undefined
  // The statement's parts share one snapshot and none sees another's changes: the products' stock is summed from
  // the variants as `stock` leaves them (the ones taken from) and as they were (the rest).
  const totals =
    batch.productIds.length > 0
      ? sql`update products set
          price_cents = coalesce(
            (select min(product_variants.price_cents) from product_variants
              where product_variants.product_id = products.id and product_variants.active),
            (select min(product_variants.price_cents) from product_variants
              where product_variants.product_id = products.id),
            products.price_cents),
          stock = coalesce(
            (select sum(coalesce(taken_from.stock, product_variants.stock)) from product_variants
              left join stock as taken_from on taken_from.id = product_variants.id
              where product_variants.product_id = products.id and product_variants.active),
            0)
        where products.id = any(cast(${[...batch.productIds]} as integer[]))`
      : undefined
  const { rows } = await sql<Written & TakenCounts>`with ${sql.join([
    ...takeParts(takes),
    ...writeParts(batch, now, summary, totals),
  ])}
    select ${TAKEN_COUNTS}, ${WRITTEN} ${sql.raw(KEEP_PREPARED)}`.execute(db)
  if (!isAllTaken(rows[0], takes)) return undefined
  return createdOrders(batch.orders, rows[0])
}

type Written = { orders: Array<Selectable<OrdersTable>>; items: Array<Selectable<OrderItemsTable>> }

/** The orders and lines written, as columns of the statement's one row. */
const WRITTEN = sql`(select coalesce(json_agg(new_orders), '[]') from new_orders) as orders,
  (select coalesce(json_agg(new_items), '[]') from new_items) as items`

/**
 * PostgreSQL: the writes of a batch's orders as the parts of a WITH: the products' totals (`totals`, an update),
 * `new_orders`, the summary's, `new_items`, `new_keys`, `new_mails`.
 */
function writeParts(
  batch: { orders: ordersRepo.NewOrder[]; records: PlacedRecords[] },
  now: string,
  summary: RawBuilder<unknown>[],
  totals: OperationNodeSource | undefined,
): RawBuilder<unknown>[] {
  const { orders, records } = batch
  const orderRows = orders.map((order) => ordersRepo.orderRow(order, now))
  let position = 0
  const items = orders.flatMap((order) =>
    order.items.map((item) => ({ order_number: order.orderNumber, ...ordersRepo.itemRow(item), position: position++ })),
  )
  const keys = orders.map((order, i) => ({ order_number: order.orderNumber, key_hash: records[i]?.keyHash ?? '' }))
  const mails = orders.flatMap((order, i) =>
    (records[i]?.mails ?? []).map((mail) => ({
      order_number: order.orderNumber,
      kind: mail.kind,
      recipient: mail.to,
      payload: JSON.stringify(mail.payload),
      message_id: mail.messageId,
      position: position++,
    })),
  )
  return [
    ...(totals ? [sql`totals as (${totals})`] : []),
    sql`new_orders as (
      insert into orders (${columnList(ORDER_COLUMNS)})
      select ${columnList(ORDER_COLUMNS)} from ${recordsOf(orderRows, ORDER_COLUMNS)}
      returning *)`,
    ...summary,
    sql`new_items as (
      insert into order_items (order_id, ${columnList(ITEM_COLUMNS)})
      select new_orders.id, ${sql.join(ITEM_COLUMNS.map(([column]) => sql.ref(`given.${column}`)))}
      from ${recordsOf(items, GIVEN_ITEM_COLUMNS)}
      join new_orders on new_orders.order_number = given.order_number
      order by given.position
      returning *)`,
    sql`new_keys as (
      insert into order_keys (key_hash, order_id, created_at)
      select given.key_hash, new_orders.id, ${now}
      from ${recordsOf(keys, KEY_COLUMNS)}
      join new_orders on new_orders.order_number = given.order_number)`,
    sql`new_mails as (
      insert into outbox (kind, order_id, recipient, payload, message_id, next_attempt_at, created_at)
      select given.kind, new_orders.id, given.recipient, given.payload, given.message_id, ${now}, ${now}
      from ${recordsOf(mails, MAIL_COLUMNS)}
      join new_orders on new_orders.order_number = given.order_number
      order by given.position)`,
  ]
}

/** The created orders in the order given, from the rows written. */
function createdOrders(orders: readonly ordersRepo.NewOrder[], written: Written | undefined): Order[] {
  if (!written) throw new Error('the orders were not written')
  return ordersRepo.toOrders(ordersRepo.writtenInOrder(orders, written.orders), written.items)
}

type ColumnTypes<R> = ReadonlyArray<readonly [keyof R & string, string]>

/** The order columns a new order sets, with their PostgreSQL types. */
const ORDER_COLUMNS: ColumnTypes<ReturnType<typeof ordersRepo.orderRow>> = [
  ['order_number', 'text'],
  ['customer_name', 'text'],
  ['customer_email', 'text'],
  ['customer_address', 'text'],
  ['notes', 'text'],
  ['status', 'text'],
  ['total_cents', 'integer'],
  ['subtotal_cents', 'integer'],
  ['discount_cents', 'integer'],
  ['shipping_cents', 'integer'],
  ['tax_cents', 'integer'],
  ['tax_included', 'boolean'],
  ['discount_code', 'text'],
  ['shipping_method', 'text'],
  ['country', 'text'],
  ['region', 'text'],
  ['payment_method', 'text'],
  ['payment_instructions', 'text'],
  ['payment_status', 'text'],
  ['created_at', 'text'],
  ['updated_at', 'text'],
]

/** The line columns a new line sets, but for its order's id. */
const ITEM_COLUMNS: ColumnTypes<ReturnType<typeof ordersRepo.itemRow>> = [
  ['product_id', 'integer'],
  ['name', 'text'],
  ['sku', 'text'],
  ['price_cents', 'integer'],
  ['quantity', 'integer'],
  ['image_url', 'text'],
  ['variant_id', 'integer'],
  ['variant_label', 'text'],
  ['personalization', 'text'],
  ['lead_min_days', 'integer'],
  ['lead_max_days', 'integer'],
]

/** A new line as the batch gives it: its order's number, ITEM_COLUMNS, and its place among the batch's lines. */
const GIVEN_ITEM_COLUMNS: ColumnTypes<
  ReturnType<typeof ordersRepo.itemRow> & { order_number: string; position: number }
> = [['order_number', 'text'], ...ITEM_COLUMNS, ['position', 'integer']]

/** A new order's guest page key, by its order's number. */
const KEY_COLUMNS: ColumnTypes<{ order_number: string; key_hash: string }> = [
  ['order_number', 'text'],
  ['key_hash', 'text'],
]

/** A new order's mail, by its order's number, with its place among the batch's mails. */
const MAIL_COLUMNS: ColumnTypes<{
  order_number: string
  kind: string
  recipient: string
  payload: string
  message_id: string
  position: number
}> = [
  ['order_number', 'text'],
  ['kind', 'text'],
  ['recipient', 'text'],
  ['payload', 'text'],
  ['message_id', 'text'],
  ['position', 'integer'],
]

/** SQLite's insert of the lines: their order's id, then ITEM_COLUMNS. */
const ITEM_INSERT_COLUMNS = ['order_id', ...ITEM_COLUMNS.map(([column]) => column)]

/**
 * PostgreSQL: the rows as a table named `given`, from one JSON array of objects keyed by column (json_to_recordset):
 * one parameter whatever their number, so the statement's text stays the same, and one JSON.stringify where pg
 * wrote an array literal per column, escaping each text value by value (some twenty columns of every order, its
 * lines, keys and mails). A row's order is its `position` column, where it has one.
 */
function recordsOf<R>(rows: readonly R[], columns: ColumnTypes<R>): RawBuilder<unknown> {
  const definitions = sql.join(columns.map(([column, type]) => sql`${sql.ref(column)} ${sql.raw(type)}`))
  return sql`json_to_recordset(cast(${JSON.stringify(rows)} as json)) as given(${definitions})`
}
