import { centsToMoney, moneyToCents } from '@shop/schema/common'
import type { OrderItem } from '@shop/schema/orders'

/** Price times quantity, in cents so that 3 x 0.10 is 0.30 and not 0.30000000000000004. */
export function lineTotal(item: Pick<OrderItem, 'price' | 'quantity'>): string {
  return centsToMoney(moneyToCents(item.price) * item.quantity)
}
