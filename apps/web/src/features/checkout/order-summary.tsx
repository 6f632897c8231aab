import { Divider, Group, Text, Title } from '@mantine/core'
import { ResponsiveImage } from '../../components/responsive-image'
import { formatMoney } from '../../lib/format'
import { type CartLine, cartTotal, lineKey } from '../cart/cart'
import { LineDetails } from '../cart/line-details'
import classes from './order-summary.module.css'

interface OrderSummaryProps {
  items: CartLine[]
  itemCount: number
  total: number
}

/** The cart as the checkout shows it: each line, the subtotal with its item count, free shipping and the total. */
export function OrderSummary({ items, itemCount, total }: OrderSummaryProps) {
  return (
    <section className={classes.summary} aria-labelledby="order-summary-title">
      <Title order={2} id="order-summary-title" className={classes.heading}>
        Order Summary
      </Title>
      <ul className={classes.lines}>
        {items.map((line) => (
          <li key={lineKey(line)} className={classes.line}>
            <div className={classes.thumb}>
              <ResponsiveImage
                src={line.imageUrl}
                sizes="64px"
                alt=""
                width={64}
                height={64}
                className={classes.thumbImage}
              />
              <span className={classes.badge} aria-hidden>
                {line.quantity}
              </span>
            </div>
            <div className={classes.lineBody}>
              <Text className={classes.name}>{line.name}</Text>
              <LineDetails
                variantLabel={line.variantLabel}
                personalization={line.personalization}
                leadTime={line.leadTime}
              />
              <Text size="xs" c="ink.7">
                Qty: {line.quantity} × {formatMoney(line.price)}
              </Text>
            </div>
            <Text className={classes.amount}>{formatMoney(cartTotal([line]))}</Text>
          </li>
        ))}
      </ul>
      <Divider color="gold.1" my="md" />
      <Group justify="space-between" className={classes.row}>
        <Text size="sm" c="ink.8">
          Subtotal ({itemCount} {itemCount === 1 ? 'item' : 'items'})
        </Text>
        <Text size="sm" c="ink.9" className={classes.figure}>
          {formatMoney(total)}
        </Text>
      </Group>
      <Group justify="space-between" className={classes.row}>
        <Text size="sm" c="ink.8">
          Shipping
        </Text>
        <Text size="sm" c="ink.9" fw={600}>
          Free
        </Text>
      </Group>
      <Divider color="gold.1" my="md" />
      <Group justify="space-between" align="baseline">
        <Text className={classes.totalLabel}>Total</Text>
        <Text className={classes.total}>{formatMoney(total)}</Text>
      </Group>
    </section>
  )
}
