import { Button, Card, Stack, Text, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import type { OrderSummary } from '@shop/schema/orders'
import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { DeleteOrderModal } from '../../../features/admin-orders/delete-order-modal'
import {
  ALL_STATUSES,
  filterOrders,
  parseStatusFilter,
  type StatusFilter,
} from '../../../features/admin-orders/order-filters'
import { OrderListFilters } from '../../../features/admin-orders/order-list-filters'
import { OrderTable } from '../../../features/admin-orders/order-table'
import { useAdminOrders, useDeleteOrder } from '../../../features/admin-orders/use-admin-orders'
import { usePageMeta } from '../../../features/shop/use-shop'

export function OrderListPage() {
  usePageMeta('Orders')
  // The search and the status filter live in the URL (?q=&status=), so a filtered list can be shared or revisited.
  const [params, setParams] = useSearchParams()
  const search = params.get('q') ?? ''
  const status = parseStatusFilter(params.get('status'))
  const { data: orders, isError, refetch, isRefetching } = useAdminOrders()
  const deleteOrder = useDeleteOrder()
  const [toDelete, setToDelete] = useState<OrderSummary>()
  const [isConfirmOpen, confirm] = useDisclosure(false)

  const setParam = (name: 'q' | 'status', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value) next.set(name, value)
        else next.delete(name)
        return next
      },
      { replace: true },
    )

  const askToDelete = (order: OrderSummary) => {
    setToDelete(order)
    confirm.open()
  }
  const closeConfirm = () => {
    if (!deleteOrder.isPending) confirm.close()
  }
  const onConfirmDelete = () => {
    if (toDelete) deleteOrder.mutate({ id: toDelete.id }, { onSuccess: confirm.close })
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={32}>
          Orders
        </Title>
        <Text c="ink.6" size="sm">
          Manage customer orders and generate invoices
        </Text>
      </div>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <OrderListFilters
            search={search}
            status={status}
            onSearchChange={(value) => setParam('q', value)}
            onStatusChange={(value: StatusFilter) => setParam('status', value === ALL_STATUSES ? '' : value)}
          />
          {isError ? (
            <Stack align="center" gap="sm" py="xl">
              <Text c="ink.7">The orders could not be loaded.</Text>
              <Button variant="default" onClick={() => void refetch()} loading={isRefetching}>
                Try again
              </Button>
            </Stack>
          ) : (
            <OrderTable orders={orders && filterOrders(orders, search, status)} onDelete={askToDelete} />
          )}
        </Stack>
      </Card>
      <DeleteOrderModal
        orderNumber={toDelete?.orderNumber}
        isOpen={isConfirmOpen}
        isDeleting={deleteOrder.isPending}
        onClose={closeConfirm}
        onConfirm={onConfirmDelete}
      />
    </Stack>
  )
}
