import { Badge, Group, Text } from '@mantine/core'
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@shop/schema/payments'

const STATUS_COLORS: Record<PaymentStatus, string> = {
  unpaid: 'gray',
  paid: 'green',
  partially_refunded: 'orange',
  refunded: 'red',
  awaiting_payment: 'yellow',
}

/** "Paid", "Unpaid", ... as a badge: the order list, the order page and the guest page show the same words. */
export function PaymentStatusBadge({ status, size = 'sm' }: { status: PaymentStatus; size?: 'xs' | 'sm' | 'md' }) {
  return (
    // As the order status badge: a coloured dot with the label in the text colour (light badges fall below 4.5:1).
    <Badge
      color={`${STATUS_COLORS[status]}.7`}
      variant="dot"
      radius="sm"
      tt="none"
      c="ink.9"
      miw="max-content"
      size={size}
    >
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  )
}

/**
 * How to pay (docs/decisions/0014-payment-status.md): the method the buyer chose and the shop's instructions for it, as
 * they were when the order was placed. Nothing for an order placed without a method.
 */
export function PaymentInstructions({
  methodName,
  instructions,
  status,
}: {
  methodName: string | null
  instructions: string | null
  status?: PaymentStatus | undefined
}) {
  if (!methodName) return null
  return (
    <div data-testid="payment-instructions">
      <Group gap="xs" align="center">
        <Text size="sm" fw={600}>
          Payment: {methodName}
        </Text>
        {status && <PaymentStatusBadge status={status} size="xs" />}
      </Group>
      {instructions && (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {instructions}
        </Text>
      )}
    </div>
  )
}
