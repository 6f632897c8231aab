import { Button, Grid, Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft, IconFileInvoice } from '@tabler/icons-react'
import { Link, useParams } from 'react-router-dom'
import { OrderDetailSkeleton } from '../../../features/admin-orders/order-detail-skeleton'
import { parseOrderId } from '../../../features/admin-orders/order-id'
import { OrderInfoCard } from '../../../features/admin-orders/order-info-card'
import { OrderItemsCard } from '../../../features/admin-orders/order-items-card'
import { OrderLoadError } from '../../../features/admin-orders/order-load-error'
import { OrderNotFound } from '../../../features/admin-orders/order-not-found'
import { OrderSummaryCard } from '../../../features/admin-orders/order-summary-card'
import { useAdminOrder } from '../../../features/admin-orders/use-admin-orders'
import { usePageMeta } from '../../../features/shop/use-shop'
import { formatDate } from '../../../lib/format'

export function OrderDetailPage() {
  const id = parseOrderId(useParams().id)
  const { data: order, isNotFound, isError, refetch, isRefetching } = useAdminOrder(id)
  usePageMeta(order ? `Order ${order.orderNumber}` : isNotFound ? 'Order Not Found' : 'Order')

  if (isNotFound) return <OrderNotFound />
  if (isError) return <OrderLoadError onRetry={() => void refetch()} isRetrying={isRefetching} />
  if (!order) return <OrderDetailSkeleton />

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} fz={32}>
            Order {order.orderNumber}
          </Title>
          <Text c="ink.6" size="sm">
            Placed on {formatDate(order.createdAt)}
          </Text>
        </div>
        <Group gap="sm">
          <Button component={Link} to={`/admin/orders/${order.id}/invoice`} leftSection={<IconFileInvoice size={16} />}>
            Invoice
          </Button>
          <Button component={Link} to="/admin/orders" variant="default" leftSection={<IconArrowLeft size={16} />}>
            Back
          </Button>
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <OrderInfoCard order={order} />
            <OrderItemsCard items={order.items} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <OrderSummaryCard order={order} />
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
