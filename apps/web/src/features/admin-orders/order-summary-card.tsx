import { Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core'
import type { Order } from '@shop/schema/orders'
import { IconDownload } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { formatMoney } from '../../lib/format'

// Spec points 1 and 9: shipping is free and tax is shown as $0.00, so the subtotal is the order's total.
const SHIPPING = 0
const TAX = 0

function SummaryLine({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="ink.7">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  )
}

export function OrderSummaryCard({ order }: { order: Pick<Order, 'id' | 'total'> }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="xl" mb="md">
        Order Summary
      </Title>
      <Stack gap="xs">
        <SummaryLine label="Subtotal" value={formatMoney(order.total)} />
        <SummaryLine label="Shipping" value={formatMoney(SHIPPING)} />
        <SummaryLine label="Tax" value={formatMoney(TAX)} />
        <Divider my={4} />
        <Group justify="space-between">
          <Text fw={600}>Total</Text>
          <Text fw={600} fz="lg">
            {formatMoney(order.total)}
          </Text>
        </Group>
      </Stack>
      <Button
        component={Link}
        to={`/admin/orders/${order.id}/invoice`}
        variant="outline"
        fullWidth
        mt="lg"
        leftSection={<IconDownload size={16} />}
      >
        Download Invoice
      </Button>
    </Card>
  )
}
