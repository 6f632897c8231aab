import type { AdminOrderListInput, OrderSummary } from '@shop/schema/orders'
import { PAYMENT_STATUS_LABELS } from '@shop/schema/payments'
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toastFailure } from '../../components/admin/toast-failure'
import { toast } from '../../components/toasts'
import { isNotFoundError } from '../../lib/api-error'
import { fetchPage, pageQueryKey } from '../../lib/fetch-page'
import { useTRPC } from '../../lib/trpc'
import { useRefreshShopData } from '../admin-shared/use-refresh-shop-data'

/** One page of orders as the list asks for it (filters, search, sort), with the count of all that match. */
export function useAdminOrderPage(input: AdminOrderListInput) {
  const values = { ...input }
  return useQuery({
    queryKey: pageQueryKey('admin.orders.list', values),
    queryFn: ({ signal }) => fetchPage<OrderSummary>('admin.orders.list', values, signal),
  })
}

/** One order with its items; `null` (an id that is not a positive integer) asks nothing and finds nothing. */
export function useAdminOrder(id: number | null) {
  const trpc = useTRPC()
  const query = useQuery(trpc.admin.orders.get.queryOptions(id === null ? skipToken : { id }))
  // 404: deleted or never existed; 400: an id the API refuses. Both are "Order Not Found".
  return { ...query, isNotFound: id === null || isNotFoundError(query.error) }
}

export function useDeleteOrder() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.admin.orders.delete.mutationOptions({
      onSuccess: (_, { id }) => {
        toast({ title: 'Order deleted', message: 'The order has been successfully deleted.' })
        queryClient.removeQueries(trpc.admin.orders.get.queryFilter({ id }))
        // The list, the dashboard's recent orders and its counts all change.
        return queryClient.invalidateQueries(trpc.admin.pathFilter())
      },
      onError: (error) => toastFailure('There was a problem deleting the order. Please try again.', error),
    }),
  )
}

export function useUpdateOrderStatus() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const refresh = useRefreshShopData()
  return useMutation(
    trpc.admin.orders.updateStatus.mutationOptions({
      onSuccess: (order) => {
        toast({ title: 'Order updated', message: 'The order status has been successfully updated' })
        queryClient.setQueryData(trpc.admin.orders.get.queryKey({ id: order.id }), order)
        // Cancelling returns the items to stock and leaving cancelled takes them again, so the admin's data
        // (order, list, dashboard, low stock) and the storefront's stock figures are all out of date.
        return refresh()
      },
      // The server explains a refusal, e.g. the 409 when the stock a cancelled order needs is gone.
      onError: (error) => toastFailure('Failed to update the order status. Please try again.', error),
    }),
  )
}

/** Records a payment or refund; the order, its timeline, the lists and the dashboard's revenue follow. */
export function useRecordPayment() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.admin.orders.recordPayment.mutationOptions({
      onSuccess: (order, input) => {
        toast({
          title: input.kind === 'refund' ? 'Refund recorded' : 'Payment recorded',
          message: `Order ${order.orderNumber} is now ${PAYMENT_STATUS_LABELS[order.payment.status].toLowerCase()}.`,
        })
        queryClient.setQueryData(trpc.admin.orders.get.queryKey({ id: order.id }), order)
        return queryClient.invalidateQueries(trpc.admin.pathFilter())
      },
      onError: (error) => toastFailure('The payment could not be recorded.', error),
    }),
  )
}

// Stripe usually confirms a refund in its answer, and the server records it at once; when it confirms later (its
// webhook), the page asks for the order this often, for at most this long, until the ledger shows it.
const REFUND_WATCH_INTERVAL_MS = 2_000
const REFUND_WATCH_FOR_MS = 60_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Sends a refund of a card payment to Stripe (admin.orders.refund). The ledger records it when Stripe confirms it:
 * mostly in its answer (the order comes back with it), else by webhook, when the order is asked for again until its
 * refunded sum moves (or a minute has passed). The timeline, the lists and the dashboard's revenue follow.
 */
export function useRefundCardPayment() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries(trpc.admin.pathFilter())

  async function watchLedger(id: number, refundedBefore: string) {
    const deadline = Date.now() + REFUND_WATCH_FOR_MS
    while (Date.now() < deadline) {
      await sleep(REFUND_WATCH_INTERVAL_MS)
      const order = await queryClient.fetchQuery({ ...trpc.admin.orders.get.queryOptions({ id }), staleTime: 0 })
      if (order.payment.refunded !== refundedBefore) break
    }
    await refresh()
  }

  return useMutation(
    trpc.admin.orders.refund.mutationOptions({
      onSuccess: async (order) => {
        const before = queryClient.getQueryData(trpc.admin.orders.get.queryKey({ id: order.id }))?.payment.refunded
        const isRecorded = before !== undefined && order.payment.refunded !== before
        toast({
          title: 'Refund sent to Stripe',
          message: isRecorded
            ? `Stripe confirmed it: the ledger shows it, and order ${order.orderNumber} is now ${PAYMENT_STATUS_LABELS[order.payment.status].toLowerCase()}.`
            : 'Refund sent to Stripe; it appears in the ledger when Stripe confirms it.',
        })
        queryClient.setQueryData(trpc.admin.orders.get.queryKey({ id: order.id }), order)
        await refresh()
        // Not awaited: the form closes at once, and the page updates when Stripe's confirmation is recorded.
        if (!isRecorded) void watchLedger(order.id, order.payment.refunded)
      },
      // A refund above what is held is a 400 naming what is left; Stripe unreachable or refusing is a 503 or 400.
      onError: (error) => toastFailure('The refund could not be sent.', error),
    }),
  )
}
