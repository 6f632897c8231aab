import { Badge } from '@mantine/core'

// Spec point 3: a colour per status; any other value gets a neutral badge.
const STATUS_COLORS: Record<string, string> = {
  pending: 'yellow',
  processing: 'blue',
  completed: 'green',
  cancelled: 'red',
}

export function OrderStatusBadge({ status }: { status: string }) {
  const color = STATUS_COLORS[status] ?? 'gray'
  return (
    // The darkest shade of the colour keeps the text readable (4.5:1) on the light badge.
    <Badge color={color} variant="light" radius="sm" tt="none" c={`${color}.9`}>
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  )
}
