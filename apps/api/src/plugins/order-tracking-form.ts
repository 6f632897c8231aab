import { type OrderLookupOutcome, ZOrderLookupInput } from '@shop/schema/order-lookup'
import type { FastifyInstance } from 'fastify'
import { lookUpOrder } from '../features/orders/guest-orders.service'
import { AppError } from '../lib/app-error'
import type { StorefrontPages } from './storefront-pages'

const ORDER_TRACKING_PATH = '/order-tracking'
// Two short fields: anything longer is nobody's order number and address.
const MAX_FORM_BYTES = 4096

/**
 * POST /order-tracking: the Order Tracking form as a browser sends it before the page's code has run, or without
 * JavaScript. The same look-up as POST /api/orders/lookup (the same words, the same limit per client); a sent
 * look-up answers 303 to the page saying so, so that a reload does not send the form again; invalid fields answer
 * 400, and a client past the limit 429, each with the page saying what to do.
 */
export function orderTrackingForm(pages: StorefrontPages) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )
    const pageOf = (outcome: OrderLookupOutcome) => `${ORDER_TRACKING_PATH}?lookup=${outcome}`

    app.post(ORDER_TRACKING_PATH, async (request, reply) => {
      const input = ZOrderLookupInput.safeParse(request.body)
      if (!input.success) return pages.sendAs(request, reply, pageOf('invalid'), 400)
      try {
        await lookUpOrder(app.deps, input.data, request.ip)
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'TOO_MANY_REQUESTS') throw error
        reply.headers(error.headers)
        return pages.sendAs(request, reply, pageOf('too-many'), 429)
      }
      return reply.redirect(pageOf('sent'), 303)
    })
  }
}
