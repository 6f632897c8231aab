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
 *
 * It is decided from the route that will answer, never from the URL as typed: Fastify decodes a path before it
 * picks a route, so `/api/%61dmin/orders/export` reaches the route of `/api/admin/orders/export`. A plain Fastify
 * route's policy is its own route-table entry (policyOfRoute, attached when the route is registered); only the tRPC
 * adapter's catch-all, which picks its procedure from the URL itself, is judged by reading the URL as the adapter
 * does (createRoutePolicy). See docs/decisions/0015-guards-judge-the-matched-route.md.
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
  /** The write changes only stock: what holds no stock (the money settings) stays cached. */
  writesOnlyStock: boolean
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

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    // A malformed escape: the router refuses such a path before any hook reads it.
    return path
  }
}

/** Whether `path` is `section` or lies below it: `/admin/orders` is under `/admin`, `/adminx` is not. */
export function isUnder(path: string, section: string): boolean {
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

const OUTSIDE_API: RoutePolicy = {
  route: undefined,
  isAdmin: false,
  isAdminSection: false,
  cache: 'default',
  writesCatalog: false,
  writesOnlyStock: false,
}

/** A request outside the API (a page, a file): no session needed, no Cache-Control of the API's. */
export function outsideApiPolicy(): RoutePolicy {
  return OUTSIDE_API
}

/** The policy of a route the router matched: its route-table entry, and the sections its path lies in. */
export function policyOfRoute(route: RouteDef): RoutePolicy {
  const isAdminSection = isUnder(route.path, ADMIN_SECTION)
  return {
    route,
    isAdmin: route.protect === true || isAdminSection,
    isAdminSection,
    cache: NO_STORE_SECTIONS.some((section) => isUnder(route.path, section)) ? 'no-store' : route.cache,
    writesCatalog: route.method !== 'GET' && route.writesCatalog,
    writesOnlyStock: route.method !== 'GET' && route.writesOnlyStock === true,
  }
}

// A percent-escape of a character that never needs one in a path: letters, digits, "-", ".", "_", "~", and the
// separators "/" and "\".
const NEEDLESS_ESCAPE = /%(?:3[0-9]|4[1-9a-f]|5[0-9acf]|6[1-9a-f]|7[0-9ae]|2[d-f])/i

/**
 * Why an API path is not written plainly, or undefined when it is. The API answers only plain spellings: a
 * needless percent-escape, a backslash, an empty segment (`//`) or a dot segment (`.`, `..`) is how a path is made
 * to look like another to one reader and not to the next, and no client of this API needs one (its parameters are
 * ids, slugs and order numbers). One trailing slash is allowed; the router ignores it.
 */
export function unplainPathProblem(pathname: string): string | undefined {
  if (!isUnder(pathname, API_PREFIX)) return `API paths begin with ${API_PREFIX}/`
  if (PLAIN_PATH.test(pathname) && !pathname.includes('//')) return undefined
  if (NEEDLESS_ESCAPE.test(pathname)) {
    return 'The path percent-encodes a letter, digit, "-", ".", "_", "~" or slash: write it plainly'
  }
  if (pathname.includes('\\')) return 'The path must not contain a backslash'
  const segments = pathname.split('/').slice(1, pathname.endsWith('/') ? -1 : undefined)
  if (segments.some((segment) => segment === '')) return 'The path must not contain an empty segment (//)'
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    return 'The path must not contain a "." or ".." segment'
  }
  return undefined
}

/**
 * The policy of a request the tRPC adapter's catch-all will answer, read from its URL as the adapter reads it, or
 * of a request no route answers (404): the sections hold for it whichever way it is spelt.
 */
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
    if (!isUnder(pathname, API_PREFIX)) return OUTSIDE_API
    // Both the path as written and as the adapter reads it: a section's policy holds for either spelling.
    const written = pathname.slice(API_PREFIX.length)
    const read = adapterPath(written)
    const lowerRead = read.toLowerCase()
    // And decoded, as the router reads it: /api/%61dmin/... is in the admin section too (and is then refused by
    // the plain-path rule, after the guard has answered for the section).
    const decoded = written.includes('%') ? adapterPath(decodedPath(written)).toLowerCase() : lowerRead
    const isInSection = (section: string) =>
      isUnder(written, section) || isUnder(lowerRead, section) || isUnder(decoded, section)
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
      writesOnlyStock: route?.method !== 'GET' && route?.writesOnlyStock === true,
    }
  }
}

/** The policy of a request to the tRPC adapter (or to no route), by method and URL (query string allowed). */
export const routePolicyOf = createRoutePolicy({ ...routes, ...rawRoutes })
