import * as cardRepo from '@shop/db/card-payments'
import { type Db, type Executor, inTransaction } from '@shop/db/client'
import * as orderEventsRepo from '@shop/db/order-events'
import * as ordersRepo from '@shop/db/orders'
import * as productsRepo from '@shop/db/products'
import { dayRange } from '@shop/schema/common'
import {
  NOTIFIED_STATUSES,
  type Order,
  type OrderItem,
  type OrderSummary,
  type PlacedOrder,
  type ZAdminOrderListInput,
  type ZUpdateOrderStatusInput,
} from '@shop/schema/orders'
import type { z } from 'zod'
import type { AppDeps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { type Page, pageOf } from '../../lib/paging'
import { isStripeRefusal } from '../../lib/stripe'
import { tryDiscountCode } from '../money/discount-code-limit'
import { queueStatusMail } from '../outbox/outbox-mails'
import { beginCardCheckout } from './card-checkout'
import { getOrder, productIdsOf, releaseItems, stockedLines } from './order-records'
import { stockMessage, stockMovementOf } from './order-rules'
import { type CreateOrderValues, submitOrder, UnknownCodeError } from './order-writer'

/**
 * Places a guest order. The server is the authority: it prices every line from the database (the client's prices
 * and order number are ignored; an `expectedTotal` it sends, the quote the buyer saw, must match the server's, or
 * the order is refused with 409 and the new total), adds shipping, tax and the discount by the one totals function (features/money/totals.ts), refuses unknown or inactive products (400) and quantities above
 * stock (409), and takes the stock in the same transaction that writes the order, so buyers can never oversell.
 * Orders that arrive together are written together (order-writer.ts). An order that names a code is a guess at it,
 * limited per client (features/money/discount-code-limit.ts); one without a code never meets the limit.
 */
export async function createOrder(
  deps: Pick<AppDeps, 'db' | 'mailSender' | 'moneyRules' | 'rateLimits' | 'config' | 'stripe'>,
  input: CreateOrderValues,
  client: string,
  /** A card order that could not go to Stripe gave its stock back: the catalog caches must forget what they read. */
  catalogChanged?: () => Promise<void>,
): Promise<PlacedOrder> {
  const { db, mailSender, moneyRules, rateLimits } = deps
  // Shipping zones, tax rates and the price basis come from memory: an order stays a cheap part of its batch, and
  // the batch reads them again where another process changed them since (order-writer.ts, OrderRules).
  const rules = { kept: await moneyRules.getKept(db), read: moneyRules.read }
  const code = input.discountCode
  // The limit is checked before the order joins a batch, and a code counts only once the batch refused it as
  // unknown: that refusal changed nothing, so answering 429 instead changes nothing either.
  const order = code
    ? await tryDiscountCode(rateLimits, client, code, async (countUnknown) => {
        try {
          return await submitOrder(db, input, rules)
        } catch (error) {
          if (error instanceof UnknownCodeError) await countUnknown()
          throw error
        }
      })
    : await submitOrder(db, input, rules)
  if (order.payment.method === 'card') {
    // Stripe's page is made once the order is committed: no transaction waits on Stripe.
    try {
      const { settings } = await moneyRules.get(db)
      return { ...order, payUrl: await beginCardCheckout(deps, order, settings.currency) }
    } catch (error) {
      await catalogChanged?.()
      throw error
    }
  }
  // The buyer's confirmation and the owner's notification were queued with the order.
  mailSender.kick()
  return order
}

/** GET /api/admin/orders: one page, the total count and the neighbouring pages in headers (lib/paging.ts). */
export async function listOrderPage(db: Db, input: z.output<typeof ZAdminOrderListInput>): Promise<Page<OrderSummary>> {
  const page = pageOf(input)
  const { items, total } = await ordersRepo.findPage(db, {
    ...page,
    sort: input.sort,
    status: input.status,
    paymentStatus: input.paymentStatus,
    search: input.q || undefined,
    ...dayRange(input.from, input.to),
  })
  return { items, total, page, query: { ...input } }
}

function lineName(item: Pick<OrderItem, 'name' | 'variantLabel'>): string {
  return item.variantLabel ? `${item.name} (${item.variantLabel})` : item.name
}

async function takeItems(tx: Executor, items: OrderItem[]): Promise<void> {
  const lines = stockedLines(items)
  for (const item of lines) {
    const taken = await productsRepo.takeStock(tx, item.variantId, item.quantity)
    if (!taken) {
      const variant = await productsRepo.findVariant(tx, item.variantId)
      throw new AppError('CONFLICT', stockMessage(lineName(item), variant?.stock ?? 0))
    }
  }
  await productsRepo.refreshTotals(tx, productIdsOf(lines))
}

export type UpdateOrderStatusValues = z.output<typeof ZUpdateOrderStatusInput>

/**
 * Any status may follow any other; what it does to stock is stockMovementOf's rule. The change, a new tracking
 * number or link, and the buyer's mail (when the admin leaves "Notify customer" on and the order is processing,
 * completed or cancelled) are written in one transaction, with the timeline's entries and the admin's name.
 */
export async function updateOrderStatus(
  deps: Pick<AppDeps, 'db' | 'mailSender'> & Partial<Pick<AppDeps, 'stripe' | 'background'>>,
  actor: string,
  input: UpdateOrderStatusValues,
): Promise<Order> {
  const { db, mailSender } = deps
  const { id, status } = input
  let openCheckout: string | null = null
  const queued = await inTransaction(db, async (tx) => {
    const order = await getOrder(tx, id)
    const statusChanged = order.status !== status
    if (statusChanged) {
      const movement = stockMovementOf(order.status, status)
      if (movement === 'release') await releaseItems(tx, order.items)
      if (movement === 'take') await takeItems(tx, order.items)
      if (!(await ordersRepo.updateStatus(tx, id, { from: order.status, to: status }))) {
        throw new AppError('CONFLICT', `Order ${id} was changed meanwhile; reload it and try again`)
      }
      // A card order cancelled before it was paid waits no more; its checkout at Stripe is closed below.
      if (status === 'cancelled' && (await cardRepo.endAwaiting(tx, id))) {
        openCheckout = (await cardRepo.findByOrderId(tx, id))?.sessionId ?? null
      }
    }
    const tracking = {
      trackingNumber: input.trackingNumber === undefined ? order.trackingNumber : input.trackingNumber || null,
      trackingUrl: input.trackingUrl === undefined ? order.trackingUrl : input.trackingUrl || null,
    }
    const trackingChanged =
      tracking.trackingNumber !== order.trackingNumber || tracking.trackingUrl !== order.trackingUrl
    if (trackingChanged) {
      await ordersRepo.setTracking(tx, id, tracking)
      await orderEventsRepo.insert(tx, { orderId: id, type: 'tracking', actor, data: tracking })
    }
    // A new status, or new tracking for an order already on its way, is news for the buyer.
    const notify = input.notifyCustomer && (statusChanged || trackingChanged) && NOTIFIED_STATUSES.includes(status)
    if (statusChanged) {
      await orderEventsRepo.insert(tx, {
        orderId: id,
        type: 'status',
        actor,
        data: { from: order.status, to: status, notified: notify },
      })
    }
    if (notify) await queueStatusMail(tx, { ...order, ...tracking }, status)
    return notify
  })
  if (queued) mailSender.kick()
  const sessionId: string | null = openCheckout
  const { stripe, background } = deps
  if (sessionId && stripe && background) {
    // After the answer, never inside a transaction: so that the buyer can no longer pay the cancelled order.
    background.run('expire-checkout', async () => {
      await stripe.checkout.sessions.expire(sessionId).catch((error: unknown) => {
        // Expired or completed meanwhile: nothing left to close.
        if (!isStripeRefusal(error)) throw error
      })
    })
  }
  return getOrder(db, id)
}

/** Deleting removes the record only; stock is a matter of cancelling, which an admin does first if it applies. */
export async function deleteOrder(db: Db, id: number): Promise<void> {
  const deleted = await ordersRepo.remove(db, id)
  if (!deleted) throw new AppError('NOT_FOUND', `Order ${id} not found`)
}
