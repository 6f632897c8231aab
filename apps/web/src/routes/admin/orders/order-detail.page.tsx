import { Button, Card, Grid, Stack } from '@mantine/core'
import { IconArrowLeft, IconFileInvoice, IconReceiptOff } from '@tabler/icons-react'
import { Link, useParams } from 'react-router-dom'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { NotFoundView } from '../../../components/admin/not-found-view'
import { PageHeader } from '../../../components/admin/page-header'
import { OrderActivityCard } from '../../../features/admin-orders/order-activity-card'
import { OrderDetailSkeleton } from '../../../features/admin-orders/order-detail-skeleton'
import { OrderInfoCard } from '../../../features/admin-orders/order-info-card'
import { OrderItemsCard } from '../../../features/admin-orders/order-items-card'
import { OrderPaymentCard } from '../../../features/admin-orders/order-payment-card'
import { OrderSummaryCard } from '../../../features/admin-orders/order-summary-card'
import { useAdminOrder } from '../../../features/admin-orders/use-admin-orders'
import { usePageMeta } from '../../../features/shop/use-shop'
import { formatDate } from '../../../lib/format'
import { parseRouteId } from '../../../lib/route-id'

const LIST_PATH = '/admin/orders'

export function OrderDetailPage() {
  const id = parseRouteId(useParams().id)
  const { data: order, isNotFound, isError, refetch, isRefetching } = useAdminOrder(id)
  usePageMeta(order ? `Order ${order.orderNumber}` : isNotFound ? 'Order Not Found' : 'Order')

  if (isNotFound) {
    return (
      <NotFoundView
        title="Order Not Found"
        message="The order you're looking for doesn't exist or has been removed."
        icon={IconReceiptOff}
        back={{ to: LIST_PATH, label: 'Back to Orders' }}
      />
    )
  }
  if (isError) {
    return (
      <Stack gap="lg">
        <PageHeader title="Order" back={{ to: LIST_PATH, label: 'Back to Orders' }} />
        <Card withBorder padding="lg" radius="md">
          <LoadErrorView
            message="The order could not be loaded."
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        </Card>
      </Stack>
    )
  }
  if (!order) return <OrderDetailSkeleton />

  return (
    <Stack gap="lg">
      <PageHeader
        title={`Order ${order.orderNumber}`}
        subtitle={`Placed on ${formatDate(order.createdAt)}`}
        actions={
          <>
            <Button
              component={Link}
              to={`/admin/orders/${order.id}/invoice`}
              leftSection={<IconFileInvoice size={16} />}
            >
              Invoice
            </Button>
            <Button component={Link} to={LIST_PATH} variant="default" leftSection={<IconArrowLeft size={16} />}>
              Back
            </Button>
          </>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <OrderInfoCard order={order} />
            <OrderItemsCard items={order.items} />
            <OrderActivityCard orderId={order.id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <OrderSummaryCard order={order} />
            <OrderPaymentCard key={`${order.id}-${order.updatedAt}`} order={order} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
