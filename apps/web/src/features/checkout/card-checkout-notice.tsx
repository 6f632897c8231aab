import { Button, Group, Paper, Text } from '@mantine/core'
import { Link } from 'react-router-dom'
import type { PendingCardCheckout } from './pending-card-checkout'

/**
 * On the checkout, after Stripe's Cancel (or Back): the card order placed a moment ago still waits for its payment
 * and holds its pieces, so the buyer can go back and pay, or look at the order. Unpaid, it is cancelled after the
 * time the owner set, and its pieces go back into stock.
 */
export function CardCheckoutNotice({ pending, onDismiss }: { pending: PendingCardCheckout; onDismiss: () => void }) {
  return (
    <Paper withBorder p="md" mb="xl" radius="md" bg="gold.0" role="region" aria-label="Unfinished card payment">
      <Text fw={600} c="ink.9">
        Order {pending.orderNumber} is waiting for your card payment
      </Text>
      <Text size="sm" c="ink.8" mt={4}>
        Your pieces are set aside for it. If it is not paid in time, the order is cancelled and nothing is charged.
      </Text>
      <Group gap="sm" mt="sm">
        <Button component="a" href={pending.payUrl} size="sm">
          Return to payment
        </Button>
        <Button component={Link} to={pending.orderPath} size="sm" variant="outline">
          View your order
        </Button>
        <Button size="sm" variant="subtle" color="ink.7" onClick={onDismiss}>
          Dismiss
        </Button>
      </Group>
    </Paper>
  )
}
