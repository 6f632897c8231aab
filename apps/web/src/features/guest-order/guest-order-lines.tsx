import { Divider, Stack, Text } from '@mantine/core'
import type { GuestOrder } from '@shop/schema/orders'
import { OrderLineDetails } from '../../components/order-line-details'
import { formatMoneyIn } from '../../lib/format'
import { ChargesBreakdown } from '../checkout/charges-breakdown'
import classes from './guest-order.module.css'

/**
 * The order's lines, its charges and total. A list rather than a table: at a phone's width each line keeps its name, SKU,
 * quantity, price and line total readable without scrolling sideways.
 */
export function GuestOrderLines({
  items,
  total,
  charges,
  currency,
}: Pick<GuestOrder, 'items' | 'total' | 'charges'> & { currency?: string | undefined }) {
  const itemCount = items.reduce((sum, item) => sum + item.quantity, 0)
  return (
    <Stack gap="sm">
      <ul className={classes.lines} aria-label="Items">
        {items.map((item, index) => (
          // Two lines may share SKU, name and price (the same locket, engraved twice), and the order never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines keep their positions
          <li key={index} className={classes.line}>
            <div className={classes.lineText}>
              <Text fw={600} size="sm">
                {item.name}
              </Text>
              <OrderLineDetails line={item} />
              <Text size="xs" c="ink.6">
                SKU: {item.sku}
              </Text>
              <Text size="sm" c="ink.7">
                Qty {item.quantity} × {formatMoneyIn(item.price, currency)}
              </Text>
            </div>
            <Text fw={600} size="sm" className={classes.lineTotal}>
              {formatMoneyIn(item.lineTotal, currency)}
            </Text>
          </li>
        ))}
      </ul>
      <Divider color="gold.1" />
      <ChargesBreakdown charges={charges} total={total} itemCount={itemCount} currency={currency} />
    </Stack>
  )
}
