import { Button, Card, Flex, Select, Stack } from '@mantine/core'
import type { OrderSort, OrderSummary } from '@shop/schema/orders'
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, type PaymentStatus } from '@shop/schema/payments'
import { IconDownload } from '@tabler/icons-react'
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog'
import { type FilterOption, FilterSelect, useChoiceParam, valuesOf } from '../../../components/admin/filter-select'
import { ListPager } from '../../../components/admin/list-pager'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { SearchField } from '../../../components/admin/search-field'
import { useConfirmDelete } from '../../../components/admin/use-confirm-delete'
import { useListPage } from '../../../components/admin/use-list-page'
import { useSearchParam } from '../../../components/admin/use-search-param'
import { useAccount } from '../../../features/admin-accounts/use-accounts'
import { OrderDateRangeFields, useOrderDateRange } from '../../../features/admin-orders/order-date-range'
import { orderExportUrl } from '../../../features/admin-orders/order-export'
import { ALL_STATUSES, parseStatusFilter, STATUS_FILTER_OPTIONS } from '../../../features/admin-orders/order-filters'
import { OrderTable } from '../../../features/admin-orders/order-table'
import { useAdminOrderPage, useDeleteOrder } from '../../../features/admin-orders/use-admin-orders'
import { usePageMeta } from '../../../features/shop/use-shop'

const ORDERS_PER_PAGE = 25

// The payment status of each order (docs/decisions/0014-payment-status.md), in the order money moves: a card order
// awaiting Stripe's confirmation beside the unpaid ones (the schema lists it last, for older clients' sake).
const PAYMENT_FILTER_ORDER: Record<PaymentStatus, number> = {
  unpaid: 0,
  awaiting_payment: 1,
  paid: 2,
  partially_refunded: 3,
  refunded: 4,
}
const PAYMENT_OPTIONS: FilterOption<PaymentStatus>[] = [...PAYMENT_STATUSES]
  .sort((a, b) => PAYMENT_FILTER_ORDER[a] - PAYMENT_FILTER_ORDER[b])
  .map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] }))

// Newest first is the list's order without ?sort=.
const SORT_OPTIONS: FilterOption<Exclude<OrderSort, 'newest'>>[] = [
  { value: 'oldest', label: 'Oldest first' },
  { value: 'total-desc', label: 'Total: high to low' },
  { value: 'total-asc', label: 'Total: low to high' },
]

export function OrderListPage() {
  usePageMeta('Orders')
  // The search, the filters, the sort and the page live in the URL (?q=&status=&from=&to=&sort=&page=), so a
  // filtered page can be shared or revisited. The server pages, searches, filters and sorts: the list costs the
  // same at any number of orders.
  const { page, setPage, search } = useListPage()
  const [statusParam, setStatusParam] = useSearchParam('status')
  const status = parseStatusFilter(statusParam)
  const dateRange = useOrderDateRange()
  // The list and its CSV export show the same orders.
  const filters = {
    q: search || undefined,
    status: status === ALL_STATUSES ? undefined : status,
    paymentStatus: useChoiceParam('paymentStatus', valuesOf(PAYMENT_OPTIONS)),
    sort: useChoiceParam('sort', valuesOf(SORT_OPTIONS)),
    ...dateRange.range,
  }
  const { data, isError, refetch, isRefetching } = useAdminOrderPage({ ...filters, page, pageSize: ORDERS_PER_PAGE })
  const confirmDelete = useConfirmDelete<OrderSummary>(useDeleteOrder())
  const isOwner = useAccount().data?.role === 'owner'

  return (
    <Stack gap="lg">
      <PageHeader
        title="Orders"
        subtitle="Manage customer orders and generate invoices"
        actions={
          // The export holds customer data and is the owner's: the server refuses staff, so they are not offered it.
          isOwner && (
            <Button
              component="a"
              href={orderExportUrl(filters)}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Export CSV
            </Button>
          )
        }
      />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Flex direction={{ base: 'column', sm: 'row' }} gap="sm" align={{ sm: 'flex-end' }} wrap="wrap">
            <SearchField
              label="Search orders"
              placeholder="Search by order number, customer name, or email..."
              style={{ flex: 1, minWidth: 220 }}
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
              w={{ base: '100%', sm: 150 }}
            />
            <FilterSelect
              label="Filter by payment"
              param="paymentStatus"
              defaultLabel="All payments"
              options={PAYMENT_OPTIONS}
              w={{ base: '100%', sm: 170 }}
            />
            <OrderDateRangeFields {...dateRange.fields} />
            <FilterSelect
              label="Sort orders"
              param="sort"
              defaultLabel="Newest first"
              options={SORT_OPTIONS}
              w={{ base: '100%', sm: 170 }}
            />
          </Flex>
          {isError ? (
            <LoadErrorView
              message="The orders could not be loaded."
              onRetry={() => void refetch()}
              isRetrying={isRefetching}
            />
          ) : (
            <>
              <OrderTable orders={data?.items} onDelete={confirmDelete.ask} />
              <ListPager page={page} pageSize={ORDERS_PER_PAGE} total={data?.total} noun="orders" onChange={setPage} />
            </>
          )}
        </Stack>
      </Card>
      <ConfirmDeleteDialog title="Are you sure?" {...confirmDelete.dialogProps}>
        This will permanently delete order {confirmDelete.target?.orderNumber}. This action cannot be undone.
      </ConfirmDeleteDialog>
    </Stack>
  )
}
