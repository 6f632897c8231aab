import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { AppDeps } from '../deps'

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps
  }
}

/** Shares the database, configuration and mailer with every route; closes them when the app closes. */
async function registerDeps(app: FastifyInstance, deps: AppDeps) {
  app.decorate('deps', deps)
  app.addHook('onClose', async () => {
    deps.mailer.close()
    await deps.db.destroy()
  })
}

export const deps = fp(registerDeps, { name: 'deps' })
