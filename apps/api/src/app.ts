import fastifyCookie from '@fastify/cookie'
import { createDb } from '@shop/db/client'
import Fastify, { type FastifyInstance } from 'fastify'
import type { AppDeps } from './deps'
import type { Config } from './env'
import { createMailer } from './features/auth/mailer'
import { databaseRateLimitStore, redisRateLimitStore } from './features/auth/rate-limit'
import { healthRoutes } from './features/health/health.routes'
import { invoicesRoutes } from './features/invoices/invoices.routes'
import { uploadsRoutes } from './features/uploads/uploads.routes'
import { auth } from './plugins/auth'
import { catalogCache } from './plugins/catalog-cache'
import { deps as depsPlugin } from './plugins/deps'
import { docs } from './plugins/docs'
import { errors } from './plugins/errors'
import { requestInput } from './plugins/request-input'
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

/** Builds the app without listening, so tests drive it with app.inject(). */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  })

  const db = options.deps?.db ?? createDb(config.database)
  const deps: AppDeps = {
    db,
    config,
    mailer: options.deps?.mailer ?? createMailer(config),
    rateLimits:
      options.deps?.rateLimits ?? (config.redisUrl ? redisRateLimitStore(config.redisUrl) : databaseRateLimitStore(db)),
  }

  // Ecosystem plugins.
  await app.register(securityHeaders)
  await app.register(fastifyCookie)

  // Our plugins.
  await app.register(depsPlugin, deps)
  await app.register(errors)
  await app.register(requestInput)
  await app.register(auth)
  await app.register(catalogCache)

  // Routes.
  await app.register(healthRoutes)
  await app.register(docs)
  await app.register(uploadsRoutes)
  await app.register(invoicesRoutes)
  await app.register(trpc)
  await app.register(web)

  return app
}
