import { Card, Flex, Select, Stack } from '@mantine/core'
import type { OrderSummary } from '@shop/schema/orders'
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { SearchField } from '../../../components/admin/search-field'
import { useConfirmDelete } from '../../../components/admin/use-confirm-delete'
import { useSearchParam } from '../../../components/admin/use-search-param'
import {
  ALL_STATUSES,
  filterOrders,
  parseStatusFilter,
  STATUS_FILTER_OPTIONS,
} from '../../../features/admin-orders/order-filters'
import { OrderTable } from '../../../features/admin-orders/order-table'
import { useAdminOrders, useDeleteOrder } from '../../../features/admin-orders/use-admin-orders'
import { usePageMeta } from '../../../features/shop/use-shop'

export function OrderListPage() {
  usePageMeta('Orders')
  // The search and the status filter live in the URL (?q=&status=), so a filtered list can be shared or revisited.
  const [search] = useSearchParam('q')
  const [statusParam, setStatusParam] = useSearchParam('status')
  const status = parseStatusFilter(statusParam)
  const { data: orders, isError, refetch, isRefetching } = useAdminOrders()
  const confirmDelete = useConfirmDelete<OrderSummary>(useDeleteOrder())

  return (
    <Stack gap="lg">
      <PageHeader title="Orders" subtitle="Manage customer orders and generate invoices" />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Flex direction={{ base: 'column', sm: 'row' }} gap="sm">
            <SearchField
              label="Search orders"
              placeholder="Search by order number, customer name, or email..."
              style={{ flex: 1 }}
            />
            <Select
              aria-label="Filter by status"
              data={STATUS_FILTER_OPTIONS}
              value={status}
              onChange={(value) => {
                const next = parseStatusFilter(value)
                setStatusParam(next === ALL_STATUSES ? '' : next)
              }}
              allowDeselect={false}
              w={{ base: '100%', sm: 200 }}
            />
          </Flex>
          {isError ? (
            <LoadErrorView
              message="The orders could not be loaded."
              onRetry={() => void refetch()}
              isRetrying={isRefetching}
            />
          ) : (
            <OrderTable orders={orders && filterOrders(orders, search, status)} onDelete={confirmDelete.ask} />
          )}
        </Stack>
      </Card>
      <ConfirmDeleteDialog title="Are you sure?" {...confirmDelete.dialogProps}>
        This will permanently delete order {confirmDelete.target?.orderNumber}. This action cannot be undone.
      </ConfirmDeleteDialog>
    </Stack>
  )
}
