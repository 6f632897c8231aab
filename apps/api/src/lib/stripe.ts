import Stripe from 'stripe'
import type { StripeConfig } from '../env'

/** The path Stripe posts its events to, under the shop's public URL: what the owner registers in the Dashboard. */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook'

// A buyer waits for the session while placing an order: a slow Stripe must not hold them, or an order's stock,
// for long. One retry (the SDK sends it with the same idempotency key) rides out a dropped connection.
const TIMEOUT_MS = 10_000
const MAX_NETWORK_RETRIES = 1

/**
 * The official SDK with the API version it was built for, against api.stripe.com or, with STRIPE_API_URL, the
 * host, port and protocol given there (a local stand-in in tests). The secret key stays inside the client.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    apiVersion: '2025-10-29.clover',
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    timeout: TIMEOUT_MS,
    telemetry: false,
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
  })
}

/** Stripe refused the request as made (an amount too large, a bad parameter): its message is for the admin. */
export function isStripeRefusal(error: unknown): error is Stripe.errors.StripeInvalidRequestError {
  return error instanceof Stripe.errors.StripeInvalidRequestError
}

/** What the log may say of a failed call: the SDK's error type, code and message, never the request or its key. */
export function stripeFailure(error: unknown): Record<string, unknown> {
  if (error instanceof Stripe.errors.StripeError) {
    return { type: error.type, code: error.code, status: error.statusCode, message: error.message }
  }
  return { message: error instanceof Error ? error.message : String(error) }
}
