import type { OrderStatus } from '@shop/schema/orders'

/** What a change of an order's status does to the stock of its items. */
export type StockMovement = 'release' | 'take' | 'none'

/**
 * Any status may follow any other. A cancelled order holds no stock: cancelling returns its items to stock, and
 * leaving `cancelled` (reopening the order) takes them again, refused when the stock is gone.
 */
export function stockMovementOf(from: OrderStatus, to: OrderStatus): StockMovement {
  if (from === to) return 'none'
  if (to === 'cancelled') return 'release'
  if (from === 'cancelled') return 'take'
  return 'none'
}

/** Why a line asking for more than the stock is refused (409). */
export function stockMessage(name: string, available: number): string {
  return available <= 0
    ? `'${name}' is out of stock`
    : `Only ${available} of '${name}' ${available === 1 ? 'is' : 'are'} left in stock`
}
