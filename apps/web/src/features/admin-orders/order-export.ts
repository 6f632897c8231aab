import type { AdminOrderExportInput } from '@shop/schema/orders'
import { API_PREFIX, rawRoutes } from '@shop/schema/routes'

/**
 * The address of the orders CSV for these filters. A plain link downloads it: the browser sends the session cookie
 * with it, and the file streams to disk however many orders there are, never through the page's memory.
 */
export function orderExportUrl(filters: AdminOrderExportInput = {}): string {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') query.set(name, String(value))
  }
  const text = query.toString()
  return `${API_PREFIX}${rawRoutes.ordersExport.path}${text ? `?${text}` : ''}`
}
