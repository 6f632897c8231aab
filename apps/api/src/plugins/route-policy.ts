import { API_PREFIX, type RouteDef, rawRoutes, routes } from '@shop/schema/routes'
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/app-error'
import {
  isUnder,
  outsideApiPolicy,
  policyOfRoute,
  type RoutePolicy,
  routePolicyOf,
  unplainPathProblem,
} from '../lib/route-policy'
import { API_DOCUMENT_PATHS } from './docs'

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request's policy from the route table, read by the auth guard and the catalog cache. Set by the first
     * onRequest hook of this plugin; undefined only for a request refused before any hook runs (a malformed URL).
     */
    routePolicy: RoutePolicy | undefined
  }
  interface FastifyContextConfig {
    /** The route-table entry of a plain API route, attached when the route is registered. */
    apiRoute?: RouteDef
    /** The tRPC adapter's catch-all, which picks its procedure from the URL. */
    isApiAdapter?: boolean
    /** The OpenAPI document and the interactive reference: public pages of the API. */
    isApiDocument?: boolean
  }
}

// The tRPC adapter registers one route for every path under the prefix (trpc-to-openapi's Fastify plugin).
const ADAPTER_URL = `${API_PREFIX}/*`

/** `GET /api/admin/orders/:id/invoice` -> the route-table entry whose path is `/admin/orders/{id}/invoice`. */
const tableByRoute = new Map<string, RouteDef>(
  Object.values({ ...routes, ...rawRoutes }).map((route: RouteDef) => [
    `${route.method} ${API_PREFIX}${route.path.replace(/\{(\w+)\}/g, ':$1')}`,
    route,
  ]),
)

/** What a route registered under the API answers for: the table's entry, the adapter, or the documentation. */
function apiConfigOf(
  method: string,
  url: string,
): Pick<FastifyContextConfig, 'apiRoute' | 'isApiAdapter' | 'isApiDocument'> {
  if (url === ADAPTER_URL) return { isApiAdapter: true }
  if (API_DOCUMENT_PATHS.some((path) => isUnder(url, path))) return { isApiDocument: true }
  // HEAD is a GET without its body: the GET's entry applies.
  const apiRoute = tableByRoute.get(`${method === 'HEAD' ? 'GET' : method} ${url}`)
  // A route under /api that the table does not know would have no guard and no cache rule: refuse to start.
  if (!apiRoute) throw new Error(`${method} ${url} is served under ${API_PREFIX} but is not in the route table`)
  return { apiRoute }
}

function policyOf(request: FastifyRequest): RoutePolicy {
  const config = request.routeOptions.config
  if (config.apiRoute) return policyOfRoute(config.apiRoute)
  // The adapter reads the URL itself, and so does the rule of a path no route answers (a 401 before the 404 under
  // /api/admin, whatever the method).
  if (config.isApiAdapter || request.is404) return routePolicyOf(request.method, request.url)
  return outsideApiPolicy()
}

/**
 * Decides each request's policy once, from the route the router matched (see lib/route-policy.ts), before any other
 * hook: the auth guard, the catalog cache and the Cache-Control rule read it. Answers that carry session tokens,
 * reset links or back-office data (every /api/admin/* and /api/auth/* answer, and the health check) are `no-store`,
 * so no browser or proxy keeps a copy.
 */
async function routePolicyPlugin(app: FastifyInstance) {
  app.decorateRequest('routePolicy', undefined)

  app.addHook('onRoute', (options) => {
    const url = options.url ?? options.path
    if (!isUnder(url, API_PREFIX)) return
    const methods = Array.isArray(options.method) ? options.method : [options.method]
    const configs = methods.map((method) => apiConfigOf(method, url))
    const entries = new Set(configs.map((config) => config.apiRoute))
    // One route, one entry: a plain route that answered several methods would share one method's policy.
    if (entries.size > 1) throw new Error(`${methods.join(', ')} ${url}: register one plain API route per method`)
    options.config = { ...options.config, ...configs[0] }
  })

  app.addHook('onRequest', async (request, reply) => {
    const policy = policyOf(request)
    request.routePolicy = policy
    if (policy.cache === 'no-store') reply.header('cache-control', 'no-store')
  })
}

export const routePolicy = fp(routePolicyPlugin, { name: 'route-policy' })

/**
 * After the guard (so that a spelling of an admin path is refused as its plain spelling is: 401 without a session,
 * 403 for staff on an owner route): a request that reaches the API by a path not written plainly is refused with
 * 400, so that every reader of its URL (the router, the adapter, the cache, the logs) reads the same path.
 */
async function plainPathsPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config
    const pathname = request.url.split('?', 1)[0] ?? ''
    const isApiRequest = config.apiRoute !== undefined || config.isApiAdapter || isUnder(pathname, API_PREFIX)
    const problem = isApiRequest ? unplainPathProblem(pathname) : undefined
    if (problem) throw new AppError('BAD_REQUEST', problem)
  })
}

export const plainPaths = fp(plainPathsPlugin, { name: 'plain-paths', dependencies: ['route-policy', 'auth'] })
