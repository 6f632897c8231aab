import type { Executor } from '@shop/db/client'
import * as orderEventsRepo from '@shop/db/order-events'
import * as ordersRepo from '@shop/db/orders'
import * as productsRepo from '@shop/db/products'
import type { Order, OrderItem } from '@shop/schema/orders'
import { MAX_STOCK } from '@shop/schema/products'
import { AppError } from '../../lib/app-error'

// An order as it is read, and its units going back to stock: what the admin's status changes (orders.service.ts)
// and the cancelling of an unpaid card order (card-checkout.ts) share.

export async function getOrder(db: Executor, id: number): Promise<Order> {
  const order = await ordersRepo.findByIdWithItems(db, id)
  if (!order) throw new AppError('NOT_FOUND', `Order ${id} not found`)
  return order
}

/**
 * Returns the items to stock, never past MAX_STOCK: a variant saved at the maximum would otherwise hold more than
 * its own form accepts, and could not be saved again. A line that would pass it refuses the whole cancel (409,
 * rolled back with the transaction).
 */
export async function releaseItems(tx: Executor, items: OrderItem[]): Promise<void> {
  const lines = stockedLines(items)
  for (const item of lines) {
    if (await productsRepo.releaseStock(tx, item.variantId, item.quantity, { maxStock: MAX_STOCK })) continue
    const variant = await productsRepo.findVariant(tx, item.variantId)
    // Deleted meanwhile: nothing left to return the units to.
    if (!variant) continue
    const name = variant.label ? `${variant.productName} (${variant.label})` : variant.productName
    throw new AppError(
      'CONFLICT',
      `Cannot return ${item.quantity} of '${name}' to stock: it would exceed the maximum stock of ${MAX_STOCK}`,
    )
  }
  await productsRepo.refreshTotals(tx, productIdsOf(lines))
}

/**
 * Cancels an order in the caller's transaction as the admin's cancel does (its items back to stock, the status
 * change on the timeline, under `actor`), without a mail: a card order that was never paid, whose buyer was never
 * sent a confirmation. Nothing when it is cancelled already.
 */
export async function cancelWithoutMail(tx: Executor, order: Order, actor: string): Promise<void> {
  if (order.status === 'cancelled') return
  await releaseItems(tx, order.items)
  if (!(await ordersRepo.updateStatus(tx, order.id, { from: order.status, to: 'cancelled' }))) {
    throw new AppError('CONFLICT', `Order ${order.id} was changed meanwhile; reload it and try again`)
  }
  await orderEventsRepo.insert(tx, {
    orderId: order.id,
    type: 'status',
    actor,
    data: { from: order.status, to: 'cancelled', notified: false },
  })
}

/**
 * The lines whose stock moves with the order's status, in variant id order (so concurrent writers lock rows
 * alike): a line of a deleted variant has nothing to move, and a made-to-order piece was never taken from stock.
 */
export function stockedLines(items: OrderItem[]): Array<OrderItem & { variantId: number }> {
  return items
    .flatMap((item) =>
      item.variantId !== null && item.leadTime === null ? [{ ...item, variantId: item.variantId }] : [],
    )
    .sort((a, b) => a.variantId - b.variantId)
}

/** The products of these lines, once each: their totals follow their variants' stock. */
export function productIdsOf(lines: OrderItem[]): number[] {
  return [...new Set(lines.flatMap((line) => (line.productId === null ? [] : [line.productId])))]
}
