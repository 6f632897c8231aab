import type { Db } from '@shop/db/client'
import * as ordersRepo from '@shop/db/orders'
import { dayRange } from '@shop/schema/common'
import { formatLeadTime, personalizationLine } from '@shop/schema/display'
import { lineTotal, type Order, type OrderItem, type ZAdminOrderExportInput } from '@shop/schema/orders'
import type { z } from 'zod'
import type { CsvCell } from '../../lib/csv'

/**
 * The columns of the orders CSV: one row per order line, the order's fields repeated on each, so a spreadsheet can
 * filter and total lines without a lookup. Amounts are plain decimals ("1234.50"); times are ISO (UTC).
 */
export const ORDER_EXPORT_HEADER = [
  'Order number',
  'Placed at',
  'Status',
  'Customer name',
  'Customer e-mail',
  'Shipping address',
  'Notes',
  'Tracking number',
  'Tracking link',
  'Order total',
  'Payment method',
  'Payment status',
  'Amount paid',
  'Amount refunded',
  'Product id',
  'SKU',
  'Product',
  'Variant',
  'Personalisation',
  'Lead time',
  'Quantity',
  'Unit price',
  'Line total',
] as const

/** `orders-2026-11-25.csv`: the day of the export, UTC like the times inside. */
export function orderExportFilename(now: Date = new Date()): string {
  return `orders-${now.toISOString().slice(0, 10)}.csv`
}

function orderCells(order: Order): CsvCell[] {
  return [
    order.orderNumber,
    order.createdAt,
    order.status,
    order.customerName,
    order.customerEmail,
    order.customerAddress,
    order.notes,
    order.trackingNumber,
    order.trackingUrl,
    order.total,
    // How the order is paid and how far (unpaid, paid, partially_refunded, refunded).
    order.payment.methodName,
    order.payment.status,
    order.payment.paid,
    order.payment.refunded,
  ]
}

function lineCells(item: OrderItem): CsvCell[] {
  return [
    item.productId,
    item.sku,
    item.name,
    item.variantLabel,
    // One field per line of the cell, exactly as the buyer typed it: "Engraving: Ἰησοῦς".
    item.personalization.map(personalizationLine).join('\n'),
    item.leadTime ? formatLeadTime(item.leadTime) : null,
    item.quantity,
    item.price,
    lineTotal(item),
  ]
}

/**
 * The rows of every order matching the list's filters, in the list's order, read a chunk at a time as the CSV
 * stream asks for them (ordersRepo.iterateWithItems). An order without lines still gets its row.
 */
export async function* orderExportRows(
  db: Db,
  input: z.output<typeof ZAdminOrderExportInput>,
): AsyncGenerator<CsvCell[]> {
  const orders = ordersRepo.iterateWithItems(db, {
    sort: input.sort,
    status: input.status,
    paymentStatus: input.paymentStatus,
    search: input.q || undefined,
    ...dayRange(input.from, input.to),
  })
  for await (const order of orders) {
    const cells = orderCells(order)
    if (order.items.length === 0) yield cells
    for (const item of order.items) yield [...cells, ...lineCells(item)]
  }
}
