import type { Db } from '@shop/db/client'
import * as orderEventsRepo from '@shop/db/order-events'
import * as orderKeysRepo from '@shop/db/order-keys'
import * as ordersRepo from '@shop/db/orders'
import {
  buyerLineOf,
  type GuestOrder,
  ORDER_LOOKUP_MESSAGE,
  type OrderHistoryEntry,
  type OrderLookupInput,
  ZOrderStatus,
} from '@shop/schema/orders'
import type { AppDeps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { hashToken } from '../../lib/crypto'
import { countRequest, ORDER_LOOKUP_LIMIT } from '../../lib/rate-limit'
import { queueOrderLinkMail } from '../outbox/outbox-mails'

// The one answer for an unknown order, a missing key, a wrong key and another order's key: none tells which.
const ORDER_NOT_FOUND = 'Order not found'

/**
 * The guest order page: whoever holds a key of the order (from checkout, or any mail about it) sees its status,
 * history, lines, totals, address and tracking. Keys never expire and are stored hashed.
 */
export async function getGuestOrder(db: Db, orderNumber: string, key: string | undefined): Promise<GuestOrder> {
  const orderId = key ? await orderKeysRepo.findOrderId(db, orderNumber, hashToken(key)) : undefined
  const order = orderId === undefined ? undefined : await ordersRepo.findByIdWithItems(db, orderId)
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND)
  const changes = await orderEventsRepo.listStatusChanges(db, order.id)
  const history: OrderHistoryEntry[] = [
    { status: 'pending', at: order.createdAt },
    ...changes.map((event) => ({
      status: ZOrderStatus.catch('pending').parse(event.data.to),
      at: event.createdAt,
    })),
  ]
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt,
    customerName: order.customerName,
    shippingAddress: order.customerAddress,
    items: order.items.map(buyerLineOf),
    total: order.total,
    charges: order.charges,
    payment: {
      method: order.payment.method,
      methodName: order.payment.methodName,
      instructions: order.payment.instructions,
      status: order.payment.status,
    },
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    history,
  }
}

/**
 * "Order Tracking": mails a new link to the order when the number and the buyer's address match. The answer is
 * the same either way and is given before the look-up, which runs in the background, so neither its words nor
 * its timing tell whether the order exists. Counted per client.
 */
export async function lookUpOrder(
  deps: Pick<AppDeps, 'db' | 'rateLimits' | 'background' | 'mailSender'>,
  input: OrderLookupInput,
  client: string,
): Promise<{ message: string }> {
  await countRequest(deps.rateLimits, ORDER_LOOKUP_LIMIT, client)
  deps.background.run('order link mail', async () => {
    const orderId = await ordersRepo.findIdByNumberAndEmail(deps.db, input.orderNumber, input.email)
    if (orderId === undefined) return
    const order = await ordersRepo.findByIdWithItems(deps.db, orderId)
    if (!order) return
    await queueOrderLinkMail(deps.db, order)
    deps.mailSender.kick()
  })
  return { message: ORDER_LOOKUP_MESSAGE }
}
