import { ORDER_STATUSES, type OrderStatus, type OrderSummary } from '@shop/schema/orders'

export const ALL_STATUSES = 'all'
export type StatusFilter = OrderStatus | typeof ALL_STATUSES

/** 'processing' -> 'Processing', the label of a status in the dropdowns. */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1)
}

export const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))
export const STATUS_FILTER_OPTIONS = [{ value: ALL_STATUSES, label: 'All Statuses' }, ...STATUS_OPTIONS]

export function isOrderStatus(value: string | null | undefined): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value ?? '')
}

/** The status filter of the ?status= query parameter; an unknown value shows every order. */
export function parseStatusFilter(param: string | null): StatusFilter {
  return isOrderStatus(param) ? param : ALL_STATUSES
}

/** Spec point 2: case-insensitive search on order number, customer name and e-mail, plus the status filter. */
export function filterOrders(orders: OrderSummary[], search: string, status: StatusFilter): OrderSummary[] {
  const needle = search.trim().toLowerCase()
  return orders.filter(
    (order) =>
      (status === ALL_STATUSES || order.status === status) &&
      (!needle ||
        order.orderNumber.toLowerCase().includes(needle) ||
        order.customerName.toLowerCase().includes(needle) ||
        order.customerEmail.toLowerCase().includes(needle)),
  )
}
