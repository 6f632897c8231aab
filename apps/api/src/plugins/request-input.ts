import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/app-error'

/**
 * What a request may carry, before any route sees it. PostgreSQL refuses the NUL character in text, so a `%00` in
 * a path or query, or a `\u0000` in a JSON string, would reach the database and fail there: the request (and on
 * the orders path, every order batched with it) would get a 500. Nothing in a shop needs it, so such a request is
 * a 400, on both databases alike.
 */
const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)'

/**
 * Walks the parsed body with a stack of its own, not by recursion: a 100 kB body can nest 50,000 arrays deep, which
 * overflows the call stack (a RangeError that only Fastify's JSON parser happened to turn into "not valid JSON").
 */
function containsNul(body: unknown): boolean {
  const pending: unknown[] = [body]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value === 'string') {
      if (value.includes('\0')) return true
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item)
    } else if (value !== null && typeof value === 'object') {
      for (const item of Object.values(value)) pending.push(item)
    }
  }
  return false
}

async function requestInputPlugin(app: FastifyInstance) {
  // A NUL can only be written as %00 in a URL: Node refuses a raw one in the request line.
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('%00')) throw new AppError('BAD_REQUEST', NUL_MESSAGE)
  })

  // An empty JSON body (a bodiless POST such as logout) is no input, not an error; anything else parses as usual.
  // JSON can only carry a NUL as the escape \u0000, so the walk runs only for bodies that contain that text.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string
    if (text === '') return done(null, undefined)
    if (!text.includes('\\u0000')) return parseJson(request, text, done)
    parseJson(request, text, (error, parsed) => {
      if (error) return done(error)
      if (containsNul(parsed)) return done(new AppError('BAD_REQUEST', NUL_MESSAGE))
      done(null, parsed)
    })
  })
}

export const requestInput = fp(requestInputPlugin, { name: 'request-input', dependencies: ['errors'] })
