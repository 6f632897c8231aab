import { Button, Stack, Text, Title } from '@mantine/core'
import type { Order } from '@shop/schema/orders'
import { IconCircleCheck } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { formatMoney } from '../../lib/format'
import classes from './order-confirmed.module.css'

// The form was submitted from below the fold: show the confirmation from its top and move the focus to it, so a
// screen reader announces the result.
function revealOnMount(node: HTMLHeadingElement | null) {
  if (!node) return
  window.scrollTo({ top: 0 })
  node.focus({ preventScroll: true })
}

/** After a successful checkout: the order number the server assigned, and the way back to the shop. */
export function OrderConfirmed({ order }: { order: Order }) {
  const itemCount = order.items.reduce((sum, item) => sum + item.quantity, 0)
  return (
    <Stack align="center" gap="md" ta="center" className={classes.root}>
      <IconCircleCheck size={56} stroke={1} className={classes.icon} aria-hidden />
      <Text className={classes.eyebrow}>Order confirmed</Text>
      <Title order={1} className={classes.title} tabIndex={-1} ref={revealOnMount}>
        Thank you for your order!
      </Title>
      <div className={classes.numberBox}>
        <Text className={classes.numberLabel}>Order number</Text>
        <Text className={classes.number}>{order.orderNumber}</Text>
      </div>
      <Text c="ink.8" maw={460}>
        We will contact you at <strong>{order.customerEmail}</strong> about shipping. Please keep your order number for
        any questions about your order.
      </Text>
      <Text size="sm" c="ink.7">
        {itemCount} {itemCount === 1 ? 'item' : 'items'} · Total {formatMoney(order.total)}
      </Text>
      <Button component={Link} to="/" size="md" mt="md">
        Continue Shopping
      </Button>
    </Stack>
  )
}
