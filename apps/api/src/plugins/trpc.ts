import { API_PREFIX } from '@shop/schema/routes'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type CreateOpenApiFastifyPluginOptions, fastifyTRPCOpenApiPlugin } from 'trpc-to-openapi'
import { AppError } from '../lib/app-error'
import { type AppRouter, appRouter } from '../trpc/app-router'
import { createContextFactory } from '../trpc/context'
import { lockInputCoercion } from '../trpc/strict-inputs'

async function trpcPlugin(app: FastifyInstance) {
  lockInputCoercion(appRouter)

  // The adapter refuses a POST without a JSON content type; a bodiless POST (logout) is a JSON call with no input.
  app.addHook('preHandler', async (request) => {
    if (
      request.url.startsWith(`${API_PREFIX}/`) &&
      request.headers['content-type'] === undefined &&
      request.body === undefined &&
      ['POST', 'PUT', 'PATCH'].includes(request.method)
    ) {
      request.headers['content-type'] = 'application/json'
    }
  })

  const options: CreateOpenApiFastifyPluginOptions<AppRouter> = {
    basePath: API_PREFIX,
    router: appRouter,
    createContext: createContextFactory(app.deps),
    responseMeta: ({ type, paths, errors }) => {
      const error = errors[0]
      if (error) {
        return error.cause instanceof AppError ? { headers: error.cause.headers } : {}
      }
      // A created resource answers 201.
      const isCreate = type === 'mutation' && paths?.some((path) => path.endsWith('.create'))
      return isCreate ? { status: 201 } : {}
    },
    onError: ({ error, path, req }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        const request = req as unknown as { log: FastifyInstance['log'] }
        request.log.error({ err: error.cause ?? error, procedure: path }, 'procedure failed')
      }
    },
  }
  await app.register(fastifyTRPCOpenApiPlugin, options)
}

export const trpc = fp(trpcPlugin, { name: 'trpc', dependencies: ['deps'] })
