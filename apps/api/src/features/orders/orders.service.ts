import type { Db, Executor } from '@shop/db/client'
import { isRetryableTransactionError } from '@shop/db/errors'
import * as ordersRepo from '@shop/db/orders'
import * as productsRepo from '@shop/db/products'
import {
  MAX_ORDER_TOTAL_CENTS,
  type Order,
  type OrderItem,
  type OrderStatus,
  type OrderSummary,
  type ZCreateOrderInput,
} from '@shop/schema/orders'
import type { z } from 'zod'
import { AppError } from '../../lib/app-error'
import { formatCents } from '../../lib/money'

type CreateOrderValues = z.output<typeof ZCreateOrderInput>

/** Adds up lines of the same product; the order's lines are listed by product id. */
function mergeLines(items: CreateOrderValues['items']): Array<{ productId: number; quantity: number }> {
  const quantities = new Map<number, number>()
  for (const item of items) quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity)
  return [...quantities].sort(([a], [b]) => a - b).map(([productId, quantity]) => ({ productId, quantity }))
}

function stockMessage(name: string, available: number): string {
  return available <= 0
    ? `'${name}' is out of stock`
    : `Only ${available} of '${name}' ${available === 1 ? 'is' : 'are'} left in stock`
}

/**
 * Places a guest order. The server is the authority: it prices every line from the database (the client's
 * prices, total and order number are ignored), refuses unknown or inactive products (400) and quantities above
 * stock (409), and takes the stock in the same transaction that writes the order, so buyers can never oversell.
 */
export function createOrder(db: Db, input: CreateOrderValues): Promise<Order> {
  let writer = writers.get(db)
  if (!writer) {
    writer = new OrderWriter(db)
    writers.set(db, writer)
  }
  return writer.submit(input)
}

// Orders that arrive while a batch is being written wait for the next one; 64 keeps a batch's latency small.
const MAX_BATCH = 64
// A batch the database aborted (deadlock, serialization failure) or whose stock another writer changed after it
// was read runs again, up to this many times.
const MAX_ATTEMPTS = 4

interface OrderJob {
  input: CreateOrderValues
  resolve: (order: Order) => void
  reject: (error: unknown) => void
}

// "An order total can be at most $21,474,836.47"
const TOTAL_TOO_LARGE = `An order total can be at most ${formatCents(MAX_ORDER_TOTAL_CENTS)}`

type UnnumberedOrder = Omit<ordersRepo.NewOrder, 'orderNumber'>

/** Another transaction took stock between the batch's read and its update: the batch runs again. */
class StockChangedError extends Error {}

/**
 * Decides every order of a batch in arrival order against the stock read at the start of the batch: each one is
 * priced from the database and checked against what the orders before it left. Gives the new orders to write
 * and the stock they take per product, or the error an order is refused with.
 */
function decide(
  jobs: OrderJob[],
  products: Map<number, productsRepo.OrderableProduct>,
): { outcomes: Array<{ order: UnnumberedOrder } | { error: AppError }>; taken: Map<number, number> } {
  const remaining = new Map([...products].map(([id, product]) => [id, product.stock]))
  const taken = new Map<number, number>()
  const outcomes = jobs.map(({ input }) => {
    const items = []
    for (const line of mergeLines(input.items)) {
      const product = products.get(line.productId)
      if (!product?.isAvailable) {
        return { error: new AppError('BAD_REQUEST', `Product ${line.productId} is not available`) }
      }
      const available = remaining.get(product.id) ?? 0
      if (line.quantity > available) return { error: new AppError('CONFLICT', stockMessage(product.name, available)) }
      items.push({
        productId: product.id,
        name: product.name,
        sku: product.sku,
        priceCents: product.priceCents,
        quantity: line.quantity,
        imageUrl: product.imageUrl,
      })
    }
    const totalCents = items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0)
    if (totalCents > MAX_ORDER_TOTAL_CENTS) {
      return { error: new AppError('BAD_REQUEST', TOTAL_TOO_LARGE) }
    }
    // Accepted: the orders after this one see what it leaves.
    for (const item of items) {
      remaining.set(item.productId, (remaining.get(item.productId) ?? 0) - item.quantity)
      taken.set(item.productId, (taken.get(item.productId) ?? 0) + item.quantity)
    }
    const order: UnnumberedOrder = {
      customerName: input.customerName,
      customerEmail: input.customerEmail,
      customerAddress: input.customerAddress,
      notes: input.notes,
      status: 'pending',
      totalCents,
      items,
    }
    return { order }
  })
  return { outcomes, taken }
}

/**
 * Group commit: orders that arrive together are decided and written in one transaction with a handful of
 * statements (number the batch, read its products, take the stock per product, insert the orders, insert their
 * lines), whatever its size. That, not one commit and seven statements per order, is what lets a single SQLite
 * file take thousands of orders a second. Every order is still checked and priced on its own, in arrival order,
 * and a refused one changes nothing.
 *
 * No oversell: the stock update is conditional (stock >= what the batch takes). The counter row is locked first,
 * so batches of other processes wait for this one; if anything else took stock after the read (an admin
 * reopening a cancelled order), the update finds too little and the whole batch runs again on fresh figures.
 */
class OrderWriter {
  readonly #db: Db
  readonly #queue: OrderJob[] = []
  #isScheduled = false

  constructor(db: Db) {
    this.#db = db
  }

  submit(input: CreateOrderValues): Promise<Order> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ input, resolve, reject })
      if (this.#isScheduled) return
      this.#isScheduled = true
      // setImmediate runs after the event loop's I/O phase: every order whose request arrived in this turn is
      // queued by then and joins the same batch. Starting at once would write each order in its own commit.
      setImmediate(() => void this.#drain())
    })
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) await this.#writeBatch(this.#queue.splice(0, MAX_BATCH))
    } finally {
      this.#isScheduled = false
    }
  }

  async #writeBatch(jobs: OrderJob[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const outcomes = await this.#db.transaction().execute((trx) => this.#tryBatch(trx, jobs))
        jobs.forEach((job, i) => {
          const outcome = outcomes[i]
          if (outcome && 'order' in outcome) job.resolve(outcome.order)
          else job.reject(outcome?.error)
        })
        return
      } catch (error) {
        const isRetryable = error instanceof StockChangedError || isRetryableTransactionError(error)
        if (attempt < MAX_ATTEMPTS && isRetryable) continue
        if (!isRetryable && jobs.length > 1) {
          // A failure the decisions did not foresee (the database refusing one order's values): each order is
          // written on its own, so only the one it belongs to fails.
          for (const job of jobs) await this.#writeBatch([job])
          return
        }
        const failure =
          error instanceof StockChangedError
            ? new AppError('CONFLICT', 'The stock changed while your order was being placed. Please try again.')
            : error
        for (const job of jobs) job.reject(failure)
        return
      }
    }
  }

  /** One transaction for the batch; throws (all rolled back) when the database aborts it or the stock moved. */
  async #tryBatch(trx: Executor, jobs: OrderJob[]): Promise<Array<{ order: Order } | { error: unknown }>> {
    // The numbers first: the counter row is the one lock every batch takes before any product's.
    const orderNumbers = await ordersRepo.takeOrderNumbers(trx, jobs.length)
    const productIds = new Set(jobs.flatMap((job) => job.input.items.map((item) => item.productId)))
    const products = await productsRepo.findOrderable(trx, [...productIds])
    const { outcomes, taken } = decide(jobs, products)
    // Numbers go to the placed orders in arrival order; the ones left over go back.
    const newOrders = outcomes
      .flatMap((outcome) => ('order' in outcome ? [outcome.order] : []))
      .map((order, i) => ({ ...order, orderNumber: orderNumbers[i] as string }))
    await ordersRepo.giveBackOrderNumbers(trx, jobs.length - newOrders.length)
    // In product id order, so concurrent writers lock rows alike.
    for (const [productId, quantity] of [...taken].sort(([a], [b]) => a - b)) {
      if (!(await productsRepo.takeStock(trx, productId, quantity))) throw new StockChangedError()
    }
    // insertMany gives one created order per new order, in the same order.
    const created = (await ordersRepo.insertMany(trx, newOrders)).values()
    return outcomes.map((outcome) => ('error' in outcome ? outcome : { order: created.next().value as Order }))
  }
}

const writers = new WeakMap<Db, OrderWriter>()

export function listOrders(db: Db, options: { limit?: number } = {}): Promise<OrderSummary[]> {
  return ordersRepo.findMany(db, options)
}

export async function getOrder(db: Executor, id: number): Promise<Order> {
  const order = await ordersRepo.findByIdWithItems(db, id)
  if (!order) throw new AppError('NOT_FOUND', `Order ${id} not found`)
  return order
}

async function takeItems(tx: Executor, items: OrderItem[]): Promise<void> {
  for (const item of [...items].sort((a, b) => (a.productId ?? 0) - (b.productId ?? 0))) {
    // A deleted product's line has nothing left to take.
    if (item.productId === null) continue
    const taken = await productsRepo.takeStock(tx, item.productId, item.quantity)
    if (!taken) {
      const product = await productsRepo.findById(tx, item.productId)
      throw new AppError('CONFLICT', stockMessage(item.name, product?.stock ?? 0))
    }
  }
}

async function releaseItems(tx: Executor, items: OrderItem[]): Promise<void> {
  for (const item of [...items].sort((a, b) => (a.productId ?? 0) - (b.productId ?? 0))) {
    if (item.productId !== null) await productsRepo.releaseStock(tx, item.productId, item.quantity)
  }
}

/** Any status may follow any other. Cancelling returns the items to stock; leaving cancelled takes them again. */
export async function updateOrderStatus(db: Db, id: number, status: OrderStatus): Promise<Order> {
  await db.transaction().execute(async (tx) => {
    const order = await getOrder(tx, id)
    if (order.status === status) return
    if (status === 'cancelled') await releaseItems(tx, order.items)
    if (order.status === 'cancelled') await takeItems(tx, order.items)
    await ordersRepo.updateStatus(tx, id, status)
  })
  return getOrder(db, id)
}

/** Deleting removes the record only; stock is a matter of cancelling, which an admin does first if it applies. */
export async function deleteOrder(db: Db, id: number): Promise<void> {
  const deleted = await ordersRepo.remove(db, id)
  if (!deleted) throw new AppError('NOT_FOUND', `Order ${id} not found`)
}
