import { Anchor, Badge, Card, Divider, Group, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core'
import type { GuestOrder, OrderStatus } from '@shop/schema/orders'
import { IconCircleCheck, IconCircleX, IconPackage, IconShoppingBag, IconTruckDelivery } from '@tabler/icons-react'
import { formatDate, formatDateTime, formatMoney } from '../../lib/format'

const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Placed',
  processing: 'Processing',
  completed: 'Completed',
  cancelled: 'Cancelled',
}
const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'yellow',
  processing: 'blue',
  completed: 'green',
  cancelled: 'red',
}
const STATUS_ICONS = {
  pending: IconShoppingBag,
  processing: IconPackage,
  completed: IconCircleCheck,
  cancelled: IconCircleX,
}

export const isWebLink = (url: string) => /^https?:\/\/\S+$/i.test(url)

/** What the holder of an order's link sees: status, history, tracking, lines, total and address. */
export function GuestOrderView({ order }: { order: GuestOrder }) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text size="sm" c="ink.7">
          Order placed on {formatDate(order.createdAt)}
        </Text>
        <Group gap="sm">
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            Order {order.orderNumber}
          </Title>
          <Badge color={STATUS_COLORS[order.status]} variant="light" size="lg">
            {order.status === 'pending' ? 'Pending' : STATUS_LABELS[order.status]}
          </Badge>
        </Group>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="lg" mb="md">
            Status history
          </Title>
          <Timeline
            active={order.history.length - 1}
            bulletSize={26}
            lineWidth={2}
            color="gold"
            aria-label="Status history"
          >
            {order.history.map((entry) => {
              const Icon = STATUS_ICONS[entry.status]
              return (
                <Timeline.Item
                  key={`${entry.status}-${entry.at}`}
                  bullet={<Icon size={14} />}
                  title={<Text fw={600}>{STATUS_LABELS[entry.status]}</Text>}
                >
                  <Text size="sm" c="ink.7">
                    {formatDateTime(entry.at)}
                  </Text>
                </Timeline.Item>
              )
            })}
          </Timeline>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <div>
              <Title order={2} fz="lg" mb={6}>
                Shipping to
              </Title>
              <Text fw={600}>{order.customerName}</Text>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {order.shippingAddress ?? 'No address provided'}
              </Text>
            </div>
            {(order.trackingNumber || order.trackingUrl) && (
              <div>
                <Group gap={6} mb={4}>
                  <IconTruckDelivery size={18} aria-hidden />
                  <Title order={2} fz="lg">
                    Tracking
                  </Title>
                </Group>
                {order.trackingNumber && <Text ff="monospace">{order.trackingNumber}</Text>}
                {order.trackingUrl &&
                  (isWebLink(order.trackingUrl) ? (
                    <Anchor href={order.trackingUrl} target="_blank" rel="noopener noreferrer" c="gold.8" fw={600}>
                      Track your parcel
                    </Anchor>
                  ) : (
                    <Text size="sm">{order.trackingUrl}</Text>
                  ))}
              </div>
            )}
          </Stack>
        </Card>
      </SimpleGrid>

      <Card withBorder radius="md" padding="lg">
        <Title order={2} fz="lg" mb="md">
          Items
        </Title>
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.items.map((item) => (
                <Table.Tr key={`${item.sku}-${item.name}`}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {item.name}
                    </Text>
                    <Text size="xs" c="ink.6">
                      SKU {item.sku}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{item.quantity}</Table.Td>
                  <Table.Td ta="right">{formatMoney(item.price)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(item.lineTotal)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Divider my="sm" />
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} c="gold.8">
            {formatMoney(order.total)}
          </Text>
        </Group>
      </Card>
    </Stack>
  )
}
