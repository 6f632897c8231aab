import fastifyCookie from '@fastify/cookie'
import { createDb, type Db } from '@shop/db/client'
import { indexNewOrders } from '@shop/db/search'
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import type { AppDeps } from './deps'
import type { Config, TrustProxy } from './env'
import { sweepOverdueCardOrders } from './features/card-payments/card-sweep'
import { stripeWebhookRoutes } from './features/card-payments/stripe-webhook.routes'
import { healthRoutes } from './features/health/health.routes'
import { invoicesRoutes } from './features/invoices/invoices.routes'
import { createMailSender } from './features/mail-delivery/mail-sender'
import { ordersExportRoutes } from './features/orders/orders-export.routes'
import { placeOrderRoute } from './features/orders/place-order.route'
import { productsCsvRoutes } from './features/products/products-csv.routes'
import { seoRoutes } from './features/seo/seo.routes'
import { uploadsRoutes } from './features/uploads/uploads.routes'
import { createBackgroundTasks } from './lib/background-tasks'
import { createMailer } from './lib/mailer'
import { createMoneyRulesCache } from './lib/money-cache'
import { databaseRateLimitStore, redisRateLimitStore } from './lib/rate-limit'
import { createStripeClient } from './lib/stripe'
import { auth } from './plugins/auth'
import { catalogCache } from './plugins/catalog-cache'
import { deps as depsPlugin } from './plugins/deps'
import { docs } from './plugins/docs'
import { clientErrorHandler, errors, frameworkErrors } from './plugins/errors'
import { housekeeping, type PeriodicTask } from './plugins/housekeeping'
import { mailDelivery } from './plugins/mail-delivery'
import { requestInput } from './plugins/request-input'
import { plainPaths, routePolicy } from './plugins/route-policy'
import { securityHeaders } from './plugins/security-headers'
import { trpc } from './plugins/trpc'
import { web } from './plugins/web'

// JSON bodies of this API are small (the largest is an order of 100 lines); anything bigger is refused with 413.
const JSON_BODY_LIMIT = 100 * 1024

export interface BuildAppOptions {
  /** Defaults to the database of config.database, a mailer from config.smtp, rate limits per config.redisUrl. */
  deps?: Partial<AppDeps>
  logger?: boolean
}

/**
 * Fastify's own hop count trusts nothing (it cannot tell the proxy from a client that reached the port directly),
 * so a count becomes "believe the nearest N hops". docs/self-hosting.md says to let only the proxy reach the port then, or
 * to list the proxies' addresses instead.
 */
function fastifyTrustProxy(trustProxy: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy
  const hops = trustProxy
  return (_address: string, hop: number) => hop < hops
}

// Query parameters that carry a secret: the key of a guest's order page (a reset token travels in a POST body).
const SECRET_QUERY = /([?&](?:key|token)=)[^&#]*/gi

/** The log's view of a request: Fastify's fields, with the secrets in its URL hidden. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(SECRET_QUERY, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

/** Builds the app without listening, so tests drive it with app.inject(). */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: { req: serializeRequest },
          },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed URL is refused by the router, an unreadable request by Node's HTTP parser, before any hook runs:
    // both answer in the API's error shape.
    frameworkErrors,
    clientErrorHandler,
  })

  const db = options.deps?.db ?? createDb(config.database)
  const mailer = options.deps?.mailer ?? createMailer(config)
  const deps: AppDeps = {
    db,
    config,
    mailer,
    rateLimits:
      options.deps?.rateLimits ?? (config.redisUrl ? redisRateLimitStore(config.redisUrl) : databaseRateLimitStore(db)),
    background: options.deps?.background ?? createBackgroundTasks(app.log),
    mailSender: options.deps?.mailSender ?? createMailSender({ db, config, mailer, log: app.log }),
    moneyRules: options.deps?.moneyRules ?? createMoneyRulesCache({ isCardAvailable: config.stripe !== undefined }),
    stripe: options.deps?.stripe ?? (config.stripe ? createStripeClient(config.stripe) : undefined),
  }

  // Ecosystem plugins.
  await app.register(depsPlugin, deps)
  await app.register(securityHeaders)
  await app.register(fastifyCookie)

  // Our plugins.
  await app.register(errors)
  // Before the input checks, so that even an answer they refuse carries the route's Cache-Control.
  await app.register(routePolicy)
  await app.register(requestInput)
  await app.register(auth)
  await app.register(plainPaths)
  await app.register(catalogCache)
  await app.register(housekeeping, {
    db,
    auditRetentionDays: config.auditRetentionDays,
    // Also without the keys: card orders placed before they were removed are still cancelled once overdue.
    tasks: [cardSweepTask(app, deps), orderSearchTask(db)],
  })
  await app.register(mailDelivery)

  // Routes.
  await app.register(healthRoutes)
  await app.register(docs)
  await app.register(uploadsRoutes)
  await app.register(invoicesRoutes)
  await app.register(ordersExportRoutes)
  await app.register(productsCsvRoutes)
  await app.register(stripeWebhookRoutes)
  await app.register(placeOrderRoute)
  await app.register(seoRoutes)
  await app.register(trpc)
  await app.register(web)

  return app
}

// Card orders past their checkout's expiry are settled every few minutes (features/card-payments/card-sweep.ts).
const CARD_SWEEP_EVERY_MS = 5 * 60_000

const ORDER_SEARCH_EVERY_MS = 1000

/**
 * SQLite's search index of orders follows the orders within about a second (a search brings it fully up to date
 * first): one insert of a second's orders costs far less than one per order (search.ts indexNewOrders).
 */
function orderSearchTask(db: Db): PeriodicTask {
  return {
    name: 'order-search-index',
    firstAfterMs: ORDER_SEARCH_EVERY_MS,
    everyMs: ORDER_SEARCH_EVERY_MS,
    async run() {
      await indexNewOrders(db)
    },
  }
}

function cardSweepTask(app: FastifyInstance, deps: AppDeps): PeriodicTask {
  const log = app.log.child({ task: 'card-sweep' })
  return {
    name: 'card-sweep',
    firstAfterMs: 60_000,
    everyMs: CARD_SWEEP_EVERY_MS,
    async run() {
      const result = await sweepOverdueCardOrders(deps, log)
      if (result.paid > 0) deps.mailSender.kick()
      // Stock given back shows on the product pages of every process.
      if (result.cancelled > 0) await app.catalogCache.publishChange('stock')
      if (result.paid + result.cancelled + result.failed > 0) log.info({ ...result }, 'settled overdue card orders')
    },
  }
}
