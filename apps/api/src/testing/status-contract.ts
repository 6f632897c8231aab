/**
 * The status contract: every status the test suite sees an operation answer must be in the OpenAPI document, and
 * every status the document lists (500 aside) must be seen at least once. createTestApp records each answer in a
 * folder that status-contract-setup.ts makes for the run; that setup compares at the end of the whole suite.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { API_PREFIX, type RouteDef, rawRoutes, routes } from '@shop/schema/routes'
import type { FastifyInstance } from 'fastify'
import type { OpenApiDocument } from '../openapi'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder createTestApp records statuses in; set by status-contract-setup.ts, except in watch mode. */
    statusObservationsDir?: string
  }
}

export interface Observation {
  /** Method and route pattern, as in the document: `GET /api/admin/orders/{id}`. */
  operation: string
  status: number
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

const table: RouteDef[] = [...Object.values(routes), ...Object.values(rawRoutes)]
const parameterCount = (route: RouteDef) => route.path.split('{').length - 1
// Fewest parameters first: /admin/products/export is its own operation, not /admin/products/{id} (Fastify's
// router prefers the static path too).
const operations = [...table]
  .sort((a, b) => parameterCount(a) - parameterCount(b))
  .map((route) => ({
    method: route.method,
    name: `${route.method} ${API_PREFIX}${route.path}`,
    pattern: new RegExp(
      `^${`${API_PREFIX}${route.path}`
        .split('/')
        .map((segment) => (/^\{\w+\}$/.test(segment) ? '[^/]+' : escapeRegExp(segment)))
        .join('/')}$`,
    ),
  }))

/** The operation a request reached, from its method and the URL it was sent to; undefined for any other path. */
export function operationOf(method: string, url: string): string | undefined {
  const pathname = url.split('?', 1)[0] ?? ''
  // The server ignores one trailing slash (Fastify's ignoreTrailingSlash).
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname
  return operations.find((operation) => operation.method === method && operation.pattern.test(trimmed))?.name
}

/** Appends the operation and status of every answer of `app` to a file of its own in `dir` (JSON lines). */
export function recordStatuses(app: FastifyInstance, dir: string): void {
  const file = path.join(dir, `${process.pid}-${randomUUID()}.jsonl`)
  // The tRPC adapter rewrites request.url (it strips /api) in its handler; Fastify keeps the first reading of
  // originalUrl, so reading it before the handler keeps the URL the client sent.
  app.addHook('onRequest', async (request) => {
    void request.originalUrl
  })
  app.addHook('onResponse', async (request, reply) => {
    const operation = operationOf(request.method, request.originalUrl)
    if (!operation) return
    const observation: Observation = { operation, status: reply.statusCode }
    // Synchronous, so nothing is lost when a test ends without closing its app.
    fs.appendFileSync(file, `${JSON.stringify(observation)}\n`)
  })
}

export function readObservations(dir: string): Observation[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => fs.readFileSync(path.join(dir, name), 'utf8').split('\n'))
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Observation)
}

/** The statuses the document lists, per operation. */
export function documentedStatuses(document: OpenApiDocument): Map<string, Set<number>> {
  const documented = new Map<string, Set<number>>()
  for (const [pattern, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const responses = item[method]?.responses
      if (!responses) continue
      const statuses = Object.keys(responses).filter((key) => /^\d{3}$/.test(key))
      documented.set(`${method.toUpperCase()} ${API_PREFIX}${pattern}`, new Set(statuses.map(Number)))
    }
  }
  return documented
}

/**
 * What disagrees between the document and the observed answers; empty when they agree. A 500 may stay unseen
 * (nothing in the suite should fail that way), and fewer than `minimum` observations means nothing was recorded
 * properly, which must not pass as agreement.
 */
export function compareWithDocument(document: OpenApiDocument, observations: Observation[], minimum: number): string[] {
  const problems: string[] = []
  if (observations.length < minimum) {
    problems.push(`only ${observations.length} answers were recorded; a run of the whole suite records over ${minimum}`)
  }
  const documented = documentedStatuses(document)
  const observed = new Map<string, Set<number>>()
  for (const { operation, status } of observations) {
    const statuses = observed.get(operation) ?? new Set<number>()
    statuses.add(status)
    observed.set(operation, statuses)
  }
  for (const [operation, statuses] of observed) {
    const listed = documented.get(operation)
    if (!listed) {
      problems.push(`${operation} answered, but the document has no such operation`)
      continue
    }
    for (const status of [...statuses].sort((a, b) => a - b)) {
      if (!listed.has(status)) problems.push(`${operation} answered ${status}, which the document does not list`)
    }
  }
  for (const [operation, listed] of documented) {
    for (const status of [...listed].sort((a, b) => a - b)) {
      if (status !== 500 && !observed.get(operation)?.has(status)) {
        problems.push(`${operation} is documented to answer ${status}, which no test saw`)
      }
    }
  }
  return problems
}
