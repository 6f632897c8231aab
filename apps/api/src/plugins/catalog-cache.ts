import { createHash } from 'node:crypto'
import { type ChangeScope, openChangeFeed, readChangeCount } from '@shop/db/change-feed'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
// Declares request.routePolicy.
import type {} from './route-policy'

/**
 * A response cache for the public catalog, in front of the tRPC adapter. A hit is answered from memory with a
 * strong ETag (304 when If-None-Match matches), skipping validation, SQL and serialisation. What it keeps and what
 * empties it come from the route table: GET routes marked `cache: 'public'` are kept; a successful call of a route
 * marked `writesCatalog` (admin edits of products, categories and testimonials, orders, which take stock, and
 * order status changes, which return it) empties it. Logins, logouts, password resets and uploads leave it alone.
 *
 * Freshness: a catalog write bumps the generation and empties the cache before its answer is sent. A read that
 * started before a bump is not stored, so the public never sees data older than the last completed write.
 *
 * Several API processes on one PostgreSQL database: a catalog write also publishes on the change feed
 * (LISTEN/NOTIFY) before its answer is sent, and every other process empties its cache when it hears it.
 */
// Bounds memory when clients vary query strings (search). Past it, the cache starts over.
const MAX_ENTRIES = 2000

// A paged read's count and neighbouring pages (lib/paging.ts) belong to its answer as much as its body does.
const KEPT_HEADERS = ['x-total-count', 'link'] as const

interface Entry {
  body: string
  etag: string
  headers: Partial<Record<(typeof KEPT_HEADERS)[number], string>>
}

function keptHeadersOf(reply: FastifyReply): Entry['headers'] {
  const headers: Entry['headers'] = {}
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name)
    if (value !== undefined) headers[name] = String(value)
  }
  return headers
}

export interface CatalogCache {
  /** Empties the cache (and, unless only stock changed, the money settings); called after writes. */
  invalidate(scope?: ChangeScope): void
  /**
   * For a write made outside a request (a background task): empties this process's cache and tells the other
   * processes to empty theirs. Never throws: a failed notice is logged.
   */
  publishChange(scope?: ChangeScope): Promise<void>
  readonly size: number
  /** Counts the times the cache was emptied: an answer computed across a change must not be kept. */
  readonly generation: number
  /** Calls `listener` each time the cache is emptied, by a write here or a change heard from another process. */
  onEmpty(listener: () => void): void
  /**
   * Whether an answer made from the catalog may be sent from memory now (`isKept`) or kept after it is made: on
   * several processes, only once every change published before this moment has been heard.
   */
  mayUseMemory(isKept: boolean): Promise<boolean>
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogCache: CatalogCache
  }
  interface FastifyRequest {
    catalogCacheKey: string | undefined
    catalogCacheGeneration: number
  }
}

function isCacheable(request: FastifyRequest): boolean {
  // HEAD shares the GET's policy, but its answer has no body to keep.
  return request.method === 'GET' && request.routePolicy?.cache === 'public'
}

function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`
}

function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.headers(entry.headers).header('etag', entry.etag).header('cache-control', 'no-cache')
  if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send()
  return reply.type('application/json; charset=utf-8').send(entry.body)
}

async function catalogCachePlugin(app: FastifyInstance) {
  const entries = new Map<string, Entry>()
  let generation = 0
  const emptyListeners: Array<() => void> = []
  const emptyCache = (scope: ChangeScope = 'all') => {
    generation += 1
    entries.clear()
    for (const listener of emptyListeners) listener()
    // The shop's money settings are emptied with the catalog (their writes are catalog writes: the product page
    // shows the free-shipping threshold), but not by a write that only moved stock: every order reads them, and
    // reading them again after each batch of orders cost the next batch five queries.
    if (scope === 'all') app.deps.moneyRules.invalidate()
  }

  const feed = await openChangeFeed(app.deps.db, app.deps.config.database, {
    onRemoteChange: emptyCache,
    onError: (error) => app.log.warn({ err: error }, 'change feed connection lost; reconnecting'),
  })
  app.addHook('onClose', () => feed.close())
  app.deps.moneyRules.setFreshness(
    () => (feed.isShared ? feed.sync() : Promise.resolve(true)),
    feed.isShared ? readChangeCount : undefined,
  )

  // Another process may have changed the catalog a moment ago: its notice must be heard before this process
  // answers from its cache. The sync is one round trip on the listening connection, shared by the requests of the
  // same turn. While the feed is reconnecting, notices are missed: the cache is neither read nor filled.
  const mayUseMemory = async (isKept: boolean) => {
    if (!feed.isShared) return true
    return isKept ? feed.sync() : feed.isListening
  }

  const cache: CatalogCache = {
    invalidate: emptyCache,
    publishChange: async (scope = 'all') => {
      emptyCache(scope)
      await feed.publish(scope).catch((error: unknown) => app.log.error({ err: error }, 'could not publish a change'))
    },
    get size() {
      return entries.size
    },
    get generation() {
      return generation
    },
    onEmpty: (listener) => emptyListeners.push(listener),
    mayUseMemory,
  }
  app.decorate('catalogCache', cache)
  app.decorateRequest('catalogCacheKey', undefined)
  app.decorateRequest('catalogCacheGeneration', 0)

  app.addHook('onRequest', async (request, reply) => {
    if (!isCacheable(request)) return
    // Not a call of mayUseMemory: a single process answers without waiting a turn.
    if (feed.isShared && !(await mayUseMemory(entries.has(request.url)))) return
    const entry = entries.get(request.url)
    if (entry) return sendEntry(request, reply, entry)
    request.catalogCacheKey = request.url
    request.catalogCacheGeneration = generation
  })

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routePolicy?.writesCatalog && reply.statusCode < 400) {
      const scope = request.routePolicy.writesOnlyStock ? 'stock' : 'all'
      cache.invalidate(scope)
      // The write is done; a failed notice must not turn it into an error. The other processes' listeners
      // empty their caches when they reconnect.
      await feed
        .publish(scope)
        .catch((error: unknown) => request.log.error({ err: error }, 'could not publish a change'))
      return payload
    }
    const key = request.catalogCacheKey
    if (key === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload
    const entry = { body: payload, etag: etagOf(payload), headers: keptHeadersOf(reply) }
    if (request.catalogCacheGeneration === generation) {
      if (entries.size >= MAX_ENTRIES) entries.clear()
      entries.set(key, entry)
    }
    reply.header('etag', entry.etag).header('cache-control', 'no-cache')
    if (request.headers['if-none-match'] === entry.etag) {
      reply.code(304)
      return ''
    }
    return payload
  })
}

export const catalogCache = fp(catalogCachePlugin, {
  name: 'catalog-cache',
  dependencies: ['deps', 'errors', 'route-policy'],
})
