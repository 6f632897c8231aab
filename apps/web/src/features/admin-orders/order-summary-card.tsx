import { Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core'
import type { Order } from '@shop/schema/orders'
import { IconDownload } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { useFormatMoney } from '../shop/use-format-money'

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

/**
 * The order's money as charged and stored (issue #16): subtotal, discount and its code, shipping and its method,
 * tax, total. Orders placed before these existed read as all subtotal, free shipping and no tax.
 */
export function OrderSummaryCard({ order }: { order: Pick<Order, 'id' | 'total' | 'charges'> }) {
  const formatMoney = useFormatMoney()
  const { charges } = order
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="xl" mb="md">
        Order Summary
      </Title>
      <Stack gap="xs">
        <SummaryLine label="Subtotal" value={formatMoney(charges.subtotal)} />
        {Number(charges.discount) > 0 ? (
          <SummaryLine
            label={charges.discountCode ? `Discount (${charges.discountCode})` : 'Discount'}
            value={`-${formatMoney(charges.discount)}`}
          />
        ) : null}
        <SummaryLine
          label={charges.shippingMethod ? `Shipping (${charges.shippingMethod})` : 'Shipping'}
          value={formatMoney(charges.shipping)}
        />
        <SummaryLine label={charges.taxIncluded ? 'Tax (included)' : 'Tax'} value={formatMoney(charges.tax)} />
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
