import { Skeleton, Stack, Text } from '@mantine/core'
import type { OrderSummary } from '@shop/schema/orders'
import { IconEye, IconFileInvoice, IconTrash } from '@tabler/icons-react'
import { type ResourceColumn, ResourceTable } from '../../components/admin/resource-table'
import type { RowAction } from '../../components/admin/row-actions'
import { OrderStatusBadge } from '../../components/order-status-badge'
import { formatDate } from '../../lib/format'
import { PaymentStatusBadge } from '../payments/payment-instructions'
import { Money } from '../shop/use-format-money'

const NO_WRAP = { style: { whiteSpace: 'nowrap' } } as const

const COLUMNS: ResourceColumn<OrderSummary>[] = [
  {
    header: 'Order ID',
    cellProps: { fw: 600, ...NO_WRAP },
    skeleton: <Skeleton height={16} width={90} />,
    render: (order) => order.orderNumber,
  },
  {
    header: 'Customer',
    skeleton: (
      <Stack gap={6}>
        <Skeleton height={14} width={140} />
        <Skeleton height={12} width={180} />
      </Stack>
    ),
    render: (order) => (
      <>
        <Text size="sm" fw={500} lh={1.3}>
          {order.customerName}
        </Text>
        <Text size="xs" c="ink.6" lh={1.3}>
          {order.customerEmail}
        </Text>
      </>
    ),
  },
  {
    header: 'Date',
    cellProps: NO_WRAP,
    skeleton: <Skeleton height={14} width={90} />,
    render: (order) => formatDate(order.createdAt),
  },
  {
    header: 'Total',
    cellProps: NO_WRAP,
    skeleton: <Skeleton height={14} width={70} />,
    render: (order) => <Money value={order.total} />,
  },
  {
    header: 'Status',
    skeleton: <Skeleton height={20} width={84} />,
    render: (order) => <OrderStatusBadge status={order.status} />,
  },
  {
    header: 'Payment',
    skeleton: <Skeleton height={20} width={70} />,
    render: (order) => <PaymentStatusBadge status={order.paymentStatus} />,
  },
]

/** The links of an order's row, in the orders list and on the dashboard: its details and its invoice. */
export function orderLinks(order: Pick<OrderSummary, 'id' | 'orderNumber'>): RowAction[] {
  return [
    {
      label: 'View details',
      name: `View details of order ${order.orderNumber}`,
      icon: <IconEye size={18} />,
      to: `/admin/orders/${order.id}`,
    },
    {
      label: 'Generate invoice',
      name: `Generate invoice of order ${order.orderNumber}`,
      icon: <IconFileInvoice size={18} />,
      to: `/admin/orders/${order.id}/invoice`,
    },
  ]
}

/** The orders of the admin list; `orders` undefined shows placeholder rows (five). */
export function OrderTable({
  orders,
  onDelete,
}: {
  orders: OrderSummary[] | undefined
  onDelete: (order: OrderSummary) => void
}) {
  return (
    <ResourceTable
      columns={COLUMNS}
      rows={orders}
      isLoading={!orders}
      rowKey={(order) => order.id}
      skeletonRows={5}
      emptyText="No orders found."
      minWidth={760}
      actions={{
        of: (order) => [
          ...orderLinks(order),
          {
            label: 'Delete',
            name: `Delete order ${order.orderNumber}`,
            icon: <IconTrash size={18} />,
            onClick: () => onDelete(order),
            isDestructive: true,
          },
        ],
        isHeaderVisible: true,
        skeleton: <Skeleton height={28} width={96} ml="auto" />,
      }}
    />
  )
}
