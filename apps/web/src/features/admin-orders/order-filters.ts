import { ORDER_STATUSES, type OrderStatus } from '@shop/schema/orders'

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
