// The storefront's first load carries no Timeline styles (src/styles/mantine.css): they come with this page.
import '@mantine/core/styles/Timeline.css'
import { Text, Timeline } from '@mantine/core'
import type { OrderHistoryEntry, OrderStatus } from '@shop/schema/orders'
import { IconCircleCheck, IconCircleX, IconClock, IconPackage, IconShoppingBag } from '@tabler/icons-react'
import { formatDateTime } from '../../lib/format'

const STEP_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  cancelled: 'Cancelled',
}
const STEP_TEXTS: Record<OrderStatus, string> = {
  pending: 'Your order is waiting to be prepared.',
  processing: 'We are preparing your order.',
  completed: 'Your order is complete.',
  cancelled: 'This order has been cancelled.',
}
const STEP_ICONS = {
  pending: IconShoppingBag,
  processing: IconPackage,
  completed: IconCircleCheck,
  cancelled: IconCircleX,
}
// The steps still ahead of an order on its usual way; a completed or cancelled order has none.
const NEXT_STEPS: Record<OrderStatus, OrderStatus[]> = {
  pending: ['processing', 'completed'],
  processing: ['completed'],
  completed: [],
  cancelled: [],
}

/** Where the order has been (oldest first, with dates) and, while it is under way, the steps still to come. */
export function GuestOrderHistory({ history, status }: { history: OrderHistoryEntry[]; status: OrderStatus }) {
  return (
    <Timeline active={history.length - 1} bulletSize={28} lineWidth={2} color="gold" aria-label="Status history">
      {history.map((entry, index) => {
        const Icon = STEP_ICONS[entry.status]
        // The first entry is the order being placed; a later "pending" is an order sent back to waiting.
        const isPlaced = index === 0 && entry.status === 'pending'
        return (
          <Timeline.Item
            key={`${entry.at}-${entry.status}`}
            bullet={<Icon size={15} aria-hidden />}
            color={entry.status === 'cancelled' ? 'red.8' : 'gold'}
            title={<Text fw={600}>{isPlaced ? 'Placed' : STEP_LABELS[entry.status]}</Text>}
          >
            <Text size="sm" c="ink.7">
              {isPlaced ? 'We have received your order.' : STEP_TEXTS[entry.status]}
            </Text>
            <Text size="xs" c="ink.6" mt={2}>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </Text>
          </Timeline.Item>
        )
      })}
      {NEXT_STEPS[status].map((step) => (
        <Timeline.Item
          key={`next-${step}`}
          bullet={<IconClock size={15} aria-hidden />}
          lineVariant="dashed"
          title={
            <Text fw={600} c="ink.6">
              {STEP_LABELS[step]}
            </Text>
          }
        >
          <Text size="sm" c="ink.6">
            Not yet
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  )
}
