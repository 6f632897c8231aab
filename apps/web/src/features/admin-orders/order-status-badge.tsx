import { Badge } from '@mantine/core'

// Spec point 3: a colour per status; any other value gets a neutral badge.
const STATUS_COLORS: Record<string, string> = {
  pending: 'yellow',
  processing: 'blue',
  completed: 'green',
  cancelled: 'red',
}

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    // A coloured dot with the label in the text colour: Mantine's light yellow and green badges fall below 4.5:1.
    <Badge
      color={`${STATUS_COLORS[status] ?? 'gray'}.7`}
      variant="dot"
      radius="sm"
      tt="none"
      c="ink.9"
      miw="max-content"
    >
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  )
}
