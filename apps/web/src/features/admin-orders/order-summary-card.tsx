import { Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core'
import { chargeRows } from '@shop/schema/charges'
import type { Order } from '@shop/schema/orders'
import { IconDownload } from '@tabler/icons-react'
import { Fragment } from 'react'
import { Link } from 'react-router-dom'
import { useShopInfo } from '../shop/use-shop'

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
 * The order's money as charged and stored, in the ledger's words of the shop's one rule (@shop/schema/charges):
 * every figure printed, "Shipping $0.00" and "Tax $0.00" included, as the spec's order summary and the invoice read.
 * Orders placed before charges were stored read as all subtotal, free shipping and no tax.
 */
export function OrderSummaryCard({ order }: { order: Pick<Order, 'id' | 'total' | 'charges'> }) {
  const currency = useShopInfo().data?.currency
  const rows = chargeRows({ ...order.charges, total: order.total }, { audience: 'ledger', currency })
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="xl" mb="md">
        Order Summary
      </Title>
      <Stack gap="xs">
        {rows.map((row) =>
          row.kind === 'total' ? (
            <Fragment key={row.kind}>
              <Divider my={4} />
              <Group justify="space-between">
                <Text fw={600}>{row.label}</Text>
                <Text fw={600} fz="lg">
                  {row.amount}
                </Text>
              </Group>
            </Fragment>
          ) : (
            <SummaryLine key={row.kind} label={row.label} value={row.amount} />
          ),
        )}
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
