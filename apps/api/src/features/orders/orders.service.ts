import type { Db, Executor } from '@shop/db/client'
import * as ordersRepo from '@shop/db/orders'
import * as productsRepo from '@shop/db/products'
import { moneyToCents } from '@shop/schema/common'
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
export async function createOrder(db: Db, input: CreateOrderValues): Promise<Order> {
  const lines = mergeLines(input.items)
  const orderId = await db.transaction().execute(async (tx) => {
    const products = await productsRepo.findManyByIds(
      tx,
      lines.map((line) => line.productId),
    )
    const items = lines.map((line) => {
      const product = products.get(line.productId)
      if (!product?.active) {
        throw new AppError('BAD_REQUEST', `Product ${line.productId} is not available`)
      }
      return { product, quantity: line.quantity }
    })
    for (const { product, quantity } of items) {
      if (quantity > product.stock) throw new AppError('CONFLICT', stockMessage(product.name, product.stock))
      // The conditional update is what guarantees no oversell when another order got there first.
      const taken = await productsRepo.takeStock(tx, product.id, quantity)
      if (!taken) {
        const fresh = await productsRepo.findById(tx, product.id)
        throw new AppError('CONFLICT', stockMessage(product.name, fresh?.stock ?? 0))
      }
    }
    const orderNumber = await ordersRepo.nextOrderNumber(tx)
    const lineItems = items.map(({ product, quantity }) => ({
      productId: product.id,
      name: product.name,
      sku: product.sku,
      priceCents: moneyToCents(product.price),
      quantity,
      imageUrl: product.imageUrls[0] ?? null,
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
  })
  return getOrder(db, orderId)
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
