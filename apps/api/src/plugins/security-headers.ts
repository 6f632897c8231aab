import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import type { Config } from '../env'

// 180 days; subdomains are left out: they may be other services of the shop owner, not ours to pin to https.
const HSTS_MAX_AGE_SECONDS = 180 * 24 * 60 * 60

// A <script> with code in it: not one that loads a file (src) nor one that holds data (a JSON type).
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g

/**
 * The scripts the built web app writes into its page (the one that holds early taps, see the web app's
 * src/early-taps.js), allowed by their hashes: any other inline script, one an attacker slipped into the page
 * included, stays refused.
 */
export function inlineScriptHashes(webDist: string): string[] {
  let html: string
  try {
    html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8')
  } catch {
    return []
  }
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  )
}

const options = (config: Config): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      // Images come from this server (uploads, demo artwork) and the hosts the owner lists in IMAGE_HOSTS, never
      // from anywhere: an image URL typed into a testimonial would otherwise let another host see every visitor.
      imgSrc: ["'self'", 'data:', 'blob:', ...config.imageHosts],
      // Mantine sets CSS variables in style attributes and <style> tags; see docs/decisions/0001-csp-inline-styles.md.
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'", ...inlineScriptHashes(config.webDist)],
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
  // Images loaded from IMAGE_HOSTS must not need CORP headers there.
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // A shop whose public address is https tells browsers never to try plain http again.
  strictTransportSecurity: config.publicUrl.startsWith('https://')
    ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false }
    : false,
})

/** Runs helmet once against a stand-in response and keeps the headers it sets. */
function computeHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()]
    },
  } as unknown as ServerResponse
  helmet(options(config))({} as IncomingMessage, response, (error?: unknown) => {
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
  const headers = computeHeaders(app.deps.config)
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers)
  })
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers', dependencies: ['deps'] })
