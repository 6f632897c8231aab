import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * Starts the outbox's sender once the app is ready (the database is migrated by then); the deps plugin stops it
 * when the app closes. Mail queued before a restart is sent at start.
 */
async function registerMailDelivery(app: FastifyInstance) {
  app.addHook('onReady', async () => {
    app.deps.mailSender.start()
  })
}

export const mailDelivery = fp(registerMailDelivery, { name: 'mail-delivery', dependencies: ['deps'] })
