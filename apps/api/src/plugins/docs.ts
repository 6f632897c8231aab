import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { buildOpenApiDocument } from '../openapi'

const OPENAPI_PATH = '/api/openapi.json'
const DOCS_PREFIX = '/api/docs'
/** The API's own documentation: public, and outside the route table it documents. */
export const API_DOCUMENT_PATHS = [OPENAPI_PATH, DOCS_PREFIX] as const

/**
 * GET /api/openapi.json (the procedures, the plain routes and every status they answer: see src/openapi.ts) and
 * the interactive reference at /api/docs.
 */
async function docsPlugin(app: FastifyInstance) {
  const document = buildOpenApiDocument({ title: app.deps.config.shop.name, baseUrl: '' })
  const body = JSON.stringify(document)
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(body),
  )
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: document as unknown as Record<string, unknown> } as never,
  })
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: true },
  })
}

export const docs = fp(docsPlugin, { name: 'docs', dependencies: ['deps'] })
