import { Badge, type MantineSize } from '@mantine/core'

// A colour per order status; any other value gets a neutral badge.
const STATUS_COLORS: Record<string, string> = {
  pending: 'yellow',
  processing: 'blue',
  completed: 'green',
  cancelled: 'red',
}

/** An order's status as a badge: in the back office, and on the buyer's order page. */
export function OrderStatusBadge({ status, size }: { status: string; size?: MantineSize }) {
  return (
    // A coloured dot with the label in the text colour: Mantine's light yellow and green badges fall below 4.5:1.
    <Badge
      color={`${STATUS_COLORS[status] ?? 'gray'}.7`}
      variant="dot"
      radius="sm"
      tt="none"
      c="ink.9"
      miw="max-content"
      size={size}
    >
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  )
}
