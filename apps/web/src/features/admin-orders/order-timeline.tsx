import { Box, Group, Text, Timeline } from '@mantine/core'
import { webLinkOf } from '@shop/schema/display'
import type { OrderTimelineEntry } from '@shop/schema/orders'
import {
  IconAlertTriangle,
  IconArrowsExchange,
  IconCash,
  IconCashBanknoteOff,
  IconCircleCheck,
  IconEyeOff,
  IconMail,
  IconMailForward,
  IconNote,
  IconShoppingBag,
  IconTruckDelivery,
} from '@tabler/icons-react'
import { formatDateTime } from '../../lib/format'
import { describeTimelineEntry } from './order-activity-words'

function EntryIcon({ entry }: { entry: OrderTimelineEntry }) {
  const props = { size: 14, 'aria-hidden': true } as const
  switch (entry.type) {
    case 'placed':
      return <IconShoppingBag {...props} />
    case 'status':
      return <IconArrowsExchange {...props} />
    case 'tracking':
      return <IconTruckDelivery {...props} />
    case 'note':
      return <IconNote {...props} />
    case 'payment':
      return entry.kind === 'refund' ? <IconCashBanknoteOff {...props} /> : <IconCash {...props} />
    case 'mail':
      if (entry.event === 'failed') return <IconAlertTriangle {...props} />
      if (entry.event === 'sent') return <IconCircleCheck {...props} />
      if (entry.event === 'resent') return <IconMailForward {...props} />
      return <IconMail {...props} />
  }
}

/** A key that stays the same across polls: the timeline only grows, and entries of one moment keep their order. */
function entryKey(entry: OrderTimelineEntry, index: number): string {
  const what = entry.type === 'mail' ? `mail-${entry.event}-${entry.mailId}` : entry.type
  return `${entry.at}|${what}|${index}`
}

function EntryDetail({ entry }: { entry: OrderTimelineEntry }) {
  if (entry.type === 'note') {
    return (
      <Box mt={6} p="xs" bg="gold.0" bd="1px dashed var(--mantine-color-gold-3)" style={{ borderRadius: 4 }}>
        <Group gap={4} wrap="nowrap">
          <IconEyeOff size={12} aria-hidden />
          <Text size="xs" fw={600} c="ink.7">
            Internal note — not shown to the customer
          </Text>
        </Group>
        <Text size="sm" mt={2} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {entry.text}
        </Text>
      </Box>
    )
  }
  if (entry.type === 'payment' && entry.note) {
    return (
      <Text size="sm" mt={2} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {entry.note}
      </Text>
    )
  }
  if (entry.type === 'tracking' && entry.trackingUrl) {
    const link = webLinkOf(entry.trackingUrl)
    return (
      <Text size="xs" c="ink.7" mt={2} style={{ overflowWrap: 'anywhere' }}>
        {link ? (
          <a href={link} target="_blank" rel="noopener noreferrer">
            {entry.trackingUrl}
          </a>
        ) : (
          entry.trackingUrl
        )}
      </Text>
    )
  }
  return null
}

/** What happened to the order, oldest first: placed, status changes, tracking, internal notes, payments, mails. */
export function OrderTimeline({ timeline }: { timeline: OrderTimelineEntry[] }) {
  return (
    <Timeline bulletSize={24} lineWidth={2} color="gold" active={timeline.length - 1} aria-label="Order timeline">
      {timeline.map((entry, index) => (
        <Timeline.Item
          key={entryKey(entry, index)}
          bullet={<EntryIcon entry={entry} />}
          color={entry.type === 'mail' && entry.event === 'failed' ? 'red.8' : 'gold'}
          title={
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {describeTimelineEntry(entry)}
            </Text>
          }
        >
          <EntryDetail entry={entry} />
          <Text size="xs" c="ink.6" mt={2}>
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  )
}
