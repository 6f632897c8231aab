import { Anchor, Card, SimpleGrid, Text, Title } from '@mantine/core'
import { webLinkOf } from '@shop/schema/display'
import type { Order } from '@shop/schema/orders'
import { formatDate } from '../../lib/format'
import { OrderField } from './order-field'
import { OrderStatusControl } from './order-status-control'

function TrackingValue({ order }: { order: Pick<Order, 'trackingNumber' | 'trackingUrl'> }) {
  const link = webLinkOf(order.trackingUrl)
  if (!order.trackingNumber && !order.trackingUrl) {
    return (
      <Text size="sm" c="ink.6">
        No tracking yet
      </Text>
    )
  }
  return (
    <>
      {order.trackingNumber && (
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {order.trackingNumber}
        </Text>
      )}
      {link ? (
        <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" c="gold.8">
          Open the carrier's tracking page
        </Anchor>
      ) : (
        order.trackingUrl && (
          <Text size="sm" c="ink.7" style={{ overflowWrap: 'anywhere' }}>
            {order.trackingUrl}
          </Text>
        )
      )}
    </>
  )
}

export function OrderInfoCard({ order }: { order: Order }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="xl" mb="md">
        Order Information
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
        <OrderField label="Customer">
          <Text size="sm" fw={600}>
            {order.customerName}
          </Text>
          <Anchor href={`mailto:${order.customerEmail}`} size="sm" c="gold.8" style={{ wordBreak: 'break-all' }}>
            {order.customerEmail}
          </Anchor>
        </OrderField>
        <OrderField label="Shipping Address">
          {order.customerAddress ? (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {order.customerAddress}
            </Text>
          ) : (
            <Text size="sm" c="ink.6">
              No address provided
            </Text>
          )}
        </OrderField>
        <OrderField label="Order Date">
          <Text size="sm">{formatDate(order.createdAt)}</Text>
          {order.updatedAt !== order.createdAt && (
            <Text size="xs" c="ink.6">
              Last updated {formatDate(order.updatedAt)}
            </Text>
          )}
        </OrderField>
        <OrderField label="Tracking">
          <TrackingValue order={order} />
        </OrderField>
      </SimpleGrid>
      <Card.Section withBorder inheritPadding py="md" mt="lg">
        <OrderField label="Status">
          {/* Keyed by order: another order starts from its own status and tracking. */}
          <OrderStatusControl key={order.id} order={order} />
        </OrderField>
      </Card.Section>
      {order.notes && (
        <Card.Section withBorder inheritPadding py="md">
          <OrderField label="Notes">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {order.notes}
            </Text>
          </OrderField>
        </Card.Section>
      )}
    </Card>
  )
}
