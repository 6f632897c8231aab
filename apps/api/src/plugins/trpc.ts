import { API_PREFIX, successStatus } from '@shop/schema/routes'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type CreateOpenApiFastifyPluginOptions, fastifyTRPCOpenApiPlugin } from 'trpc-to-openapi'
import { type AppRouter, appRouter } from '../app-router'
import { procedureAudit } from '../features/accounts/audit-writes'
import { AppError } from '../lib/app-error'
import { createContextFactory } from '../trpc/context'
import { routeOf } from '../trpc/init'
import { markBodilessCallsAsJson } from '../trpc/openapi-adapter/bodiless-json'
import { lockInputCoercion } from '../trpc/openapi-adapter/strict-inputs'

async function trpcPlugin(app: FastifyInstance) {
  // The adapter's workarounds, each explained where it is defined (trpc/openapi-adapter/).
  lockInputCoercion(appRouter)
  app.addHook('preHandler', markBodilessCallsAsJson)

  const options: CreateOpenApiFastifyPluginOptions<AppRouter> = {
    basePath: API_PREFIX,
    router: appRouter,
    createContext: createContextFactory(app.deps, procedureAudit, () => app.catalogCache.publishChange()),
    responseMeta: ({ type, paths, errors }) => {
      const error = errors[0]
      if (error) {
        return error.cause instanceof AppError ? { headers: error.cause.headers } : {}
      }
      // A created resource answers 201: the route table says which, and the OpenAPI document follows it.
      const isCreate =
        type === 'mutation' &&
        paths?.some((path) => {
          const route = routeOf(path)
          return route !== undefined && successStatus(route) === 201
        })
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
