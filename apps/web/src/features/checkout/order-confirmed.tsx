import { Button, Stack, Text, Title } from '@mantine/core'
import { guestOrderPath, type PlacedOrder } from '@shop/schema/orders'
import { IconCircleCheck } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { formatMoneyIn } from '../../lib/format'
import { PaymentInstructions } from '../payments/payment-instructions'
import { ChargesBreakdown } from './charges-breakdown'
import classes from './order-confirmed.module.css'

// The form was submitted from below the fold: show the confirmation from its top and move the focus to it, so a
// screen reader announces the result.
function revealOnMount(node: HTMLHeadingElement | null) {
  if (!node) return
  window.scrollTo({ top: 0 })
  node.focus({ preventScroll: true })
}

/**
 * After a successful checkout: the order number the server assigned, the link to the order's page (its key is
 * shown only here and in the buyer's mails), and the way back to the shop.
 */
export function OrderConfirmed({ order, currency }: { order: PlacedOrder; currency?: string | undefined }) {
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
        {itemCount} {itemCount === 1 ? 'item' : 'items'} · Total {formatMoneyIn(order.total, currency)}
      </Text>
      <div style={{ width: '100%', maxWidth: 420, textAlign: 'left' }}>
        <ChargesBreakdown charges={order.charges} total={order.total} itemCount={itemCount} currency={currency} />
      </div>
      {order.payment.methodName && (
        <div style={{ width: '100%', maxWidth: 420, textAlign: 'left' }}>
          <PaymentInstructions methodName={order.payment.methodName} instructions={order.payment.instructions} />
        </div>
      )}
      <Text size="sm" c="ink.7" maw={460}>
        A confirmation e-mail with a link to this order is on its way. You can also follow your order here:
      </Text>
      <Button component={Link} to={guestOrderPath(order.orderNumber, order.accessKey)} variant="outline" size="md">
        View your order
      </Button>
      <Button component={Link} to="/" size="md" mt="md">
        Continue Shopping
      </Button>
    </Stack>
  )
}
