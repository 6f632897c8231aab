import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core'
import { webLinkOf } from '@shop/schema/display'
import type { GuestOrder } from '@shop/schema/orders'
import { IconExternalLink } from '@tabler/icons-react'

/** The parcel's tracking number and the carrier's page; before the order ships, when to expect them. */
export function GuestOrderTracking({
  status,
  trackingNumber,
  trackingUrl,
}: Pick<GuestOrder, 'status' | 'trackingNumber' | 'trackingUrl'>) {
  const link = webLinkOf(trackingUrl)
  if (!trackingNumber && !link) {
    return (
      <Text size="sm" c="ink.7">
        {status === 'pending' || status === 'processing'
          ? 'The tracking number will appear here once your order ships.'
          : 'No tracking number was given for this order.'}
      </Text>
    )
  }
  return (
    <>
      {trackingNumber && (
        <Text size="sm">
          Tracking number:{' '}
          <Text span ff="monospace" fw={600} style={{ wordBreak: 'break-all' }}>
            {trackingNumber}
          </Text>
        </Text>
      )}
      {link && (
        <Anchor href={link} target="_blank" rel="noopener noreferrer" c="gold.8" fw={600} size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            Track your parcel
            <IconExternalLink size={14} aria-hidden />
            <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
          </Group>
        </Anchor>
      )}
    </>
  )
}
