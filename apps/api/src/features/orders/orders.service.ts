import type { Db, Executor } from '@shop/db/client'
import * as ordersRepo from '@shop/db/orders'
import * as productsRepo from '@shop/db/products'
import type { Order, OrderItem, OrderStatus, OrderSummary } from '@shop/schema/orders'
import { MAX_STOCK } from '@shop/schema/products'
import { AppError } from '../../lib/app-error'
import { stockMessage, stockMovementOf } from './order-rules'
import { type CreateOrderValues, submitOrder } from './order-writer'

/**
 * Places a guest order. The server is the authority: it prices every line from the database (the client's
 * prices, total and order number are ignored), refuses unknown or inactive products (400) and quantities above
 * stock (409), and takes the stock in the same transaction that writes the order, so buyers can never oversell.
 * Orders that arrive together are written together (order-writer.ts).
 */
export function createOrder(db: Db, input: CreateOrderValues): Promise<Order> {
  return submitOrder(db, input)
}

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

/**
 * Returns the items to stock, never past MAX_STOCK: a product saved at the maximum would otherwise hold more than
 * its own form accepts, and could not be saved again. A line that would pass it refuses the whole cancel (409,
 * rolled back with the transaction).
 */
async function releaseItems(tx: Executor, items: OrderItem[]): Promise<void> {
  for (const item of [...items].sort((a, b) => (a.productId ?? 0) - (b.productId ?? 0))) {
    if (item.productId === null) continue
    if (await productsRepo.releaseStock(tx, item.productId, item.quantity, { maxStock: MAX_STOCK })) continue
    const product = await productsRepo.findById(tx, item.productId)
    // Deleted meanwhile: nothing left to return the units to.
    if (!product) continue
    throw new AppError(
      'CONFLICT',
      `Cannot return ${item.quantity} of '${product.name}' to stock: it would exceed the maximum stock of ${MAX_STOCK}`,
    )
  }
}

/** Any status may follow any other; what it does to stock is stockMovementOf's rule. */
export async function updateOrderStatus(db: Db, id: number, status: OrderStatus): Promise<Order> {
  await db.transaction().execute(async (tx) => {
    const order = await getOrder(tx, id)
    if (order.status === status) return
    const movement = stockMovementOf(order.status, status)
    if (movement === 'release') await releaseItems(tx, order.items)
    if (movement === 'take') await takeItems(tx, order.items)
    await ordersRepo.updateStatus(tx, id, status)
  })
  return getOrder(db, id)
}

/** Deleting removes the record only; stock is a matter of cancelling, which an admin does first if it applies. */
export async function deleteOrder(db: Db, id: number): Promise<void> {
  const deleted = await ordersRepo.remove(db, id)
  if (!deleted) throw new AppError('NOT_FOUND', `Order ${id} not found`)
}
