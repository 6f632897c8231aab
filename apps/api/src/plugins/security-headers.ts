import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      // Product and category images may be given by URL (http or https) from anywhere.
      imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
      // Mantine injects its CSS variables in <style> tags.
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      // The admin's invoice screen shows the PDF from a blob: URL in a frame.
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Images loaded from other hosts by URL must not need CORP headers there.
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // HSTS only matters behind HTTPS, where the proxy in front decides it.
  strictTransportSecurity: false,
}

/** Runs helmet once against a stand-in response and keeps the headers it sets. */
function computeHeaders(): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()]
    },
  } as unknown as ServerResponse
  helmet(OPTIONS)({} as IncomingMessage, response, (error?: unknown) => {
    if (error) throw error
  })
  return headers
}

/**
 * Security headers (CSP, nosniff, frame-ancestors, referrer policy...) on every response. helmet decides them;
 * they are the same for every request, so they are computed once at start (@fastify/helmet recomputes them per
 * request, a measurable share of a cached catalog read).
 */
async function securityHeadersPlugin(app: FastifyInstance) {
  const headers = computeHeaders()
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers)
  })
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' })
