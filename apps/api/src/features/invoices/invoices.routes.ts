import { ZId } from '@shop/schema/common'
import { API_PREFIX, rawRoutes } from '@shop/schema/routes'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../lib/app-error'
import { requireAdmin } from '../../lib/request-admin'
import { getOrder } from '../orders/order-records'
import { getShopSettings } from '../settings/settings.service'
import { renderInvoicePdf } from './invoice-pdf'

/** GET /api/admin/orders/{id}/invoice: the order's invoice as a PDF. */
export async function invoicesRoutes(app: FastifyInstance) {
  const url = `${API_PREFIX}${rawRoutes.invoice.path.replace('{id}', ':id')}`
  app.get<{ Params: { id: string } }>(url, async (request, reply) => {
    requireAdmin(request, rawRoutes.invoice)
    const id = ZId.safeParse(request.params.id)
    if (!id.success) throw new AppError('BAD_REQUEST', id.error.issues[0]?.message ?? 'Id must be a positive integer')
    const order = await getOrder(app.deps.db, id.data)
    const { name, phone, email, address } = await getShopSettings(app.deps.db, app.deps.config)
    const { settings } = await app.deps.moneyRules.get(app.deps.db)
    const pdf = await renderInvoicePdf(order, { name, phone, email, address, currency: settings.currency })
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="invoice-${order.orderNumber}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf))
  })
}
