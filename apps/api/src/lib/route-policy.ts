import {
  ADMIN_SECTION,
  API_PREFIX,
  type CachePolicy,
  NO_STORE_SECTIONS,
  type RouteDef,
  rawRoutes,
  routes,
} from '@shop/schema/routes'

/**
 * The HTTP policy of a request, derived from the route table (packages/schema/src/routes.ts): the admin guard,
 * the Cache-Control rule and the catalog cache all read it, so none of them keeps a list of URLs of its own.
 */
export interface RoutePolicy {
  /** The route the request is for; undefined when none matches (the answer will be a 404, or a 401 first). */
  route: RouteDef | undefined
  /** Refused with 401 without an admin session: a protected route, or any path under /api/admin. */
  isAdmin: boolean
  /** Under /api/admin (however spelt): the back office's data, closed to an admin who owes a second factor. */
  isAdminSection: boolean
  cache: CachePolicy
  /** A successful answer empties the catalog cache of every API process before it is sent. */
  writesCatalog: boolean
}

interface Matcher {
  pattern: RegExp
  route: RouteDef
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
// Paths made only of these need no URL parsing: they have no dot segment, escape or backslash to resolve.
const PLAIN_PATH = /^[\w\-/]*$/

/**
 * The path as trpc-to-openapi matches it: it resolves the URL (`new URL(...).pathname`: dot segments, `%2e`,
 * backslashes), drops one leading and one trailing slash, and compares case-insensitively. Reading paths the same
 * way means that whatever URL reaches a procedure is recognised here as that procedure's.
 */
function adapterPath(pathname: string): string {
  const resolved = PLAIN_PATH.test(pathname) ? pathname : new URL(`http://localhost${pathname}`).pathname
  return `/${resolved.replace(/^\/|\/$/g, '')}`
}

function isUnder(path: string, section: string): boolean {
  return path === section || path.startsWith(`${section}/`)
}

/** `/products/{id}` -> /^\/products\/[^/]+$/i, as the adapter builds its own patterns. */
function patternOf(path: string): RegExp {
  const source = path
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+')
  return new RegExp(`^${source}$`, 'i')
}

export function createRoutePolicy(table: Record<string, RouteDef>): (method: string, url: string) => RoutePolicy {
  const byMethod = new Map<string, Matcher[]>()
  // Fewest parameters first, as Fastify's router: /admin/products/export is not /admin/products/{id}.
  const parameterCount = (route: RouteDef) => route.path.split('{').length - 1
  for (const route of Object.values(table).sort((a, b) => parameterCount(a) - parameterCount(b))) {
    const matchers = byMethod.get(route.method) ?? []
    matchers.push({ pattern: patternOf(route.path), route })
    byMethod.set(route.method, matchers)
  }

  return (method, url) => {
    const pathname = url.split('?', 1)[0] ?? ''
    // Fastify routes only paths written under /api to the API (its router resolves no dot segment, and is
    // case-sensitive); anything else is the web app's.
    if (!isUnder(pathname, API_PREFIX))
      return { route: undefined, isAdmin: false, isAdminSection: false, cache: 'default', writesCatalog: false }
    // Both the path as written and as the adapter reads it: a section's policy holds for either spelling.
    const written = pathname.slice(API_PREFIX.length)
    const read = adapterPath(written)
    const lowerRead = read.toLowerCase()
    const isInSection = (section: string) => isUnder(written, section) || isUnder(lowerRead, section)
    // HEAD is a GET without its body: the GET's policy applies.
    const lookup = method === 'HEAD' ? 'GET' : method
    const route = byMethod.get(lookup)?.find((matcher) => matcher.pattern.test(read))?.route
    const isNoStoreSection = NO_STORE_SECTIONS.some(isInSection)
    const isAdminSection = isInSection(ADMIN_SECTION)
    return {
      route,
      isAdmin: route?.protect === true || isAdminSection,
      isAdminSection,
      // The section wins: a spelling such as /api/admin/../products is an admin request, and kept by nobody.
      cache: isNoStoreSection ? 'no-store' : (route?.cache ?? 'default'),
      // A write no route knows cannot succeed (404); if one ever did, treating it as a catalog write is the safe side.
      writesCatalog: route ? route.method !== 'GET' && route.writesCatalog : MUTATING.has(method),
    }
  }
}

/** The policy of a request to this API, by method and URL (query string allowed). */
export const routePolicyOf = createRoutePolicy({ ...routes, ...rawRoutes })
