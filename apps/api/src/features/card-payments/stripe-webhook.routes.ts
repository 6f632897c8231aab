import { API_PREFIX, rawRoutes } from '@shop/schema/routes'
import type { FastifyInstance } from 'fastify'
import Stripe from 'stripe'
import { AppError } from '../../lib/app-error'
import { stripeFailure } from '../../lib/stripe'
import { handleStripeEvent } from './stripe-events'

// An event is a few kB; Stripe's largest stay well below this.
const WEBHOOK_BODY_LIMIT = 1024 * 1024
// How old a signature may be (seconds): Stripe's own default. An older one is a replay of a captured request.
const SIGNATURE_TOLERANCE_S = 300

/**
 * POST /api/stripe/webhook: Stripe's events. The signature is checked by the SDK over the body exactly as it
 * arrived, so this route reads its body raw, whatever its content type, in a scope of its own (every other route
 * keeps the API's JSON parser). A missing, wrong or stale signature is a 400 that changes nothing. There is no
 * session or origin to check: the signature is the proof that Stripe sent it. Not rate limited: Stripe retries what
 * is refused, and every answer costs a signature check before any database work.
 */
export async function stripeWebhookRoutes(app: FastifyInstance) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    )
    scope.post(
      `${API_PREFIX}${rawRoutes.stripeWebhook.path}`,
      { bodyLimit: WEBHOOK_BODY_LIMIT },
      async (request, reply) => {
        const { stripe, config } = app.deps
        if (!stripe || !config.stripe) {
          throw new AppError('BAD_REQUEST', 'Card payments are not set up on this server')
        }
        const signature = request.headers['stripe-signature']
        if (typeof signature !== 'string' || signature === '') {
          throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header')
        }
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        let event: Stripe.Event
        try {
          event = stripe.webhooks.constructEvent(body, signature, config.stripe.webhookSecret, SIGNATURE_TOLERANCE_S)
        } catch (error) {
          if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
            throw new AppError('BAD_REQUEST', 'The Stripe signature does not match this body, or is too old')
          }
          throw new AppError('BAD_REQUEST', 'The body is not a Stripe event')
        }
        if (typeof event?.id !== 'string' || typeof event.type !== 'string' || !event.data?.object) {
          throw new AppError('BAD_REQUEST', 'The body is not a Stripe event')
        }
        try {
          const result = await handleStripeEvent(app.deps, event, { ip: request.ip }, request.log)
          if (result.mailQueued) app.deps.mailSender.kick()
          request.log.info({ event: event.id, type: event.type, outcome: result.outcome }, 'Stripe event')
          return reply.send({ received: true, outcome: result.outcome })
        } catch (error) {
          // Answered 500 so that Stripe delivers the event again; the event was not taken.
          request.log.error({ event: event.id, type: event.type, stripe: stripeFailure(error) }, 'Stripe event failed')
          throw error
        }
      },
    )
  })
}
