import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { AppDeps } from '../deps'

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps
  }
}

/** Shares the database, configuration, mailer and rate limits with every route; closes them with the app. */
async function registerDeps(app: FastifyInstance, deps: AppDeps) {
  app.decorate('deps', deps)
  app.addHook('onClose', async () => {
    await deps.background.drain()
    // The background work may have queued mail; the sender finishes the mail it is sending, then stops.
    await deps.mailSender.stop()
    deps.mailer.close()
    await deps.rateLimits.close()
    await deps.db.destroy()
  })
}

export const deps = fp(registerDeps, { name: 'deps' })
