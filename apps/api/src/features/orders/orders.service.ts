import type { Db, Executor } from '@shop/db/client'
import { isRetryableTransactionError } from '@shop/db/errors'
import * as ordersRepo from '@shop/db/orders'
import * as productsRepo from '@shop/db/products'
import type { Order, OrderItem, OrderStatus, OrderSummary, ZCreateOrderInput } from '@shop/schema/orders'
import type { z } from 'zod'
import { AppError } from '../../lib/app-error'

type CreateOrderValues = z.output<typeof ZCreateOrderInput>

/** Adds up lines of the same product, and orders them by product id so concurrent orders lock rows alike. */
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

async function placeOrder(tx: Executor, input: CreateOrderValues): Promise<Order> {
  // The order number first: its counter row is the one lock every order takes, so concurrent batches (several
  // API processes on PostgreSQL) queue there before touching any product, and cannot deadlock on products.
  // A refused order rolls back to its savepoint and gives the number back.
  const orderNumber = await ordersRepo.nextOrderNumber(tx)
  const lines = mergeLines(input.items)
  const products = await productsRepo.findOrderable(
    tx,
    lines.map((line) => line.productId),
  )
  const items = lines.map((line) => {
    const product = products.get(line.productId)
    if (!product?.isAvailable) throw new AppError('BAD_REQUEST', `Product ${line.productId} is not available`)
    return { product, quantity: line.quantity }
  })
  for (const { product, quantity } of items) {
    if (quantity > product.stock) throw new AppError('CONFLICT', stockMessage(product.name, product.stock))
    // The conditional update is what guarantees no oversell when another writer got there first.
    const taken = await productsRepo.takeStock(tx, product.id, quantity)
    if (!taken) {
      const fresh = await productsRepo.findById(tx, product.id)
      throw new AppError('CONFLICT', stockMessage(product.name, fresh?.stock ?? 0))
    }
  }
  const lineItems = items.map(({ product, quantity }) => ({
    productId: product.id,
    name: product.name,
    sku: product.sku,
    priceCents: product.priceCents,
    quantity,
    imageUrl: product.imageUrl,
  }))
  return ordersRepo.insert(tx, {
    orderNumber,
    customerName: input.customerName,
    customerEmail: input.customerEmail,
    customerAddress: input.customerAddress,
    notes: input.notes,
    status: 'pending',
    totalCents: lineItems.reduce((sum, item) => sum + item.priceCents * item.quantity, 0),
    items: lineItems,
  })
}

// Orders that arrive while a batch is being written wait for the next one; 64 keeps a batch's latency small.
const MAX_BATCH = 64
// A batch the database aborted for a deadlock or serialization failure runs again, up to this many times.
const MAX_ATTEMPTS = 4

interface OrderJob {
  input: CreateOrderValues
  resolve: (order: Order) => void
  reject: (error: unknown) => void
}

/**
 * Group commit: orders that arrive together are written in one transaction, each inside its own savepoint, so a
 * refused order (stock, unknown product) rolls back alone while the others commit. One commit per batch instead
 * of one per order is what lets a single SQLite file take thousands of orders a second; every order is still
 * checked and priced on its own, in arrival order.
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
        const outcomes = await this.#tryBatch(jobs)
        jobs.forEach((job, i) => {
          const outcome = outcomes[i]
          if (outcome && 'order' in outcome) job.resolve(outcome.order)
          else job.reject(outcome?.error)
        })
        return
      } catch (error) {
        if (attempt < MAX_ATTEMPTS && isRetryableTransactionError(error)) continue
        for (const job of jobs) job.reject(error)
        return
      }
    }
  }

  /** One transaction for the batch, a savepoint per order; throws (all rolled back) when the database aborts it. */
  async #tryBatch(jobs: OrderJob[]): Promise<Array<{ order: Order } | { error: unknown }>> {
    const outcomes: Array<{ order: Order } | { error: unknown }> = []
    const trx = await this.#db.startTransaction().execute()
    try {
      for (const job of jobs) {
        const savepoint = await trx.savepoint('order').execute()
        try {
          outcomes.push({ order: await placeOrder(savepoint, job.input) })
          await savepoint.releaseSavepoint('order').execute()
        } catch (error) {
          // A deadlock aborts the whole transaction, not just this order: the batch runs again.
          if (isRetryableTransactionError(error)) throw error
          await savepoint.rollbackToSavepoint('order').execute()
          await savepoint.releaseSavepoint('order').execute()
          outcomes.push({ error })
        }
      }
      await trx.commit().execute()
      return outcomes
    } catch (error) {
      await trx.rollback().execute()
      throw error
    }
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
