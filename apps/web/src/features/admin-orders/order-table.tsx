import { ActionIcon, Group, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core'
import type { OrderSummary } from '@shop/schema/orders'
import { IconEye, IconFileInvoice, IconTrash } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { formatDate, formatMoney } from '../../lib/format'
import { OrderStatusBadge } from './order-status-badge'

const COLUMNS = ['Order ID', 'Customer', 'Date', 'Total', 'Status'] as const
const SKELETON_ROWS = 5

function SkeletonRow() {
  return (
    <Table.Tr data-testid="order-row-skeleton">
      <Table.Td>
        <Skeleton height={16} width={90} />
      </Table.Td>
      <Table.Td>
        <Stack gap={6}>
          <Skeleton height={14} width={140} />
          <Skeleton height={12} width={180} />
        </Stack>
      </Table.Td>
      <Table.Td>
        <Skeleton height={14} width={90} />
      </Table.Td>
      <Table.Td>
        <Skeleton height={14} width={70} />
      </Table.Td>
      <Table.Td>
        <Skeleton height={20} width={84} />
      </Table.Td>
      <Table.Td>
        <Skeleton height={28} width={96} ml="auto" />
      </Table.Td>
    </Table.Tr>
  )
}

function OrderRow({ order, onDelete }: { order: OrderSummary; onDelete: (order: OrderSummary) => void }) {
  return (
    <Table.Tr>
      <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
        {order.orderNumber}
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500} lh={1.3}>
          {order.customerName}
        </Text>
        <Text size="xs" c="ink.6" lh={1.3}>
          {order.customerEmail}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(order.createdAt)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(order.total)}</Table.Td>
      <Table.Td>
        <OrderStatusBadge status={order.status} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="View details">
            <ActionIcon
              component={Link}
              to={`/admin/orders/${order.id}`}
              variant="subtle"
              color="dark"
              aria-label={`View details of order ${order.orderNumber}`}
            >
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Generate invoice">
            <ActionIcon
              component={Link}
              to={`/admin/orders/${order.id}/invoice`}
              variant="subtle"
              color="dark"
              aria-label={`Generate invoice of order ${order.orderNumber}`}
            >
              <IconFileInvoice size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red.8"
              onClick={() => onDelete(order)}
              aria-label={`Delete order ${order.orderNumber}`}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  )
}

/** The orders of the admin list; `orders` undefined shows placeholder rows. */
export function OrderTable({
  orders,
  onDelete,
}: {
  orders: OrderSummary[] | undefined
  onDelete: (order: OrderSummary) => void
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!orders ? (
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <SkeletonRow key={i} />
            ))
          ) : orders.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length + 1}>
                <Text c="ink.6" ta="center" py="lg">
                  No orders found.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            orders.map((order) => <OrderRow key={order.id} order={order} onDelete={onDelete} />)
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
