import { ZAdminOrderExportInput } from '@shop/schema/orders'
import { API_PREFIX, rawRoutes } from '@shop/schema/routes'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../lib/app-error'
import { sendCsv } from '../../lib/csv'
import { requireAdmin } from '../../lib/request-admin'
import { ORDER_EXPORT_HEADER, orderExportFilename, orderExportRows } from './orders-export'

/**
 * GET /api/admin/orders/export: the orders of the list's filters as a CSV download, for owners. A plain route,
 * not a procedure: tRPC answers JSON, and this answer is a stream of any length.
 */
export async function ordersExportRoutes(app: FastifyInstance) {
  app.get(`${API_PREFIX}${rawRoutes.ordersExport.path}`, async (request, reply) => {
    requireAdmin(request, rawRoutes.ordersExport)
    const input = ZAdminOrderExportInput.safeParse(request.query)
    if (!input.success) {
      // Worded like the procedures' 400s: the parameter, then what is wrong with it.
      const [issue] = input.error.issues
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
      throw new AppError('BAD_REQUEST', `${where}${issue?.message ?? 'Invalid query'}`)
    }
    return sendCsv(reply, orderExportFilename(), ORDER_EXPORT_HEADER, orderExportRows(app.deps.db, input.data))
  })
}
