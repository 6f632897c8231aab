import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { isMissingStorefrontPage } from '../features/catalog/catalog.service'
import { errorBody } from '../lib/error-body'
import { orderTrackingForm } from './order-tracking-form'
import { createStorefrontPages, loadPageFiles, loadRenderer, type StorefrontPages } from './storefront-pages'

const ONE_DAY_SECONDS = 24 * 60 * 60
const ONE_YEAR_SECONDS = 365 * ONE_DAY_SECONDS
/**
 * Files: uploads under /uploads/, and the built web app from the same process and port. Any other GET that is not
 * a file is a page: a storefront page is rendered on the server (storefront-pages.ts), with status 404 for a page,
 * product or category that is not there; the admin's pages are index.html, rendered in the browser. Unknown /api
 * paths answer JSON.
 */
async function webPlugin(app: FastifyInstance) {
  const { uploadsDir, webDist } = app.deps.config
  fs.mkdirSync(uploadsDir, { recursive: true })
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // Uploaded files get fresh random names, so a name always means the same bytes.
    maxAge: ONE_DAY_SECONDS * 1000,
    // The demo's drawings are written with .br and .gz copies (the seed); photos have none and are sent as they are.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      if (!filePath.includes(`${path.sep}demo${path.sep}`)) {
        reply.header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
      }
    },
  })

  const indexFile = path.join(webDist, 'index.html')
  const hasWeb = fs.existsSync(indexFile)
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      // The web build writes .br and .gz copies (apps/web/scripts/compress.mjs); clients get the smallest they accept.
      preCompressed: true,
      // "/" is the home page, rendered like every storefront page, not the bare index.html.
      index: false,
      setHeaders: (reply, filePath) => {
        // Vite puts a content hash in every asset name; index.html must be revalidated to pick up new builds.
        const isHashedAsset = filePath.startsWith(path.join(webDist, 'assets') + path.sep)
        reply.header('cache-control', isHashedAsset ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache')
      },
    })
  } else {
    app.log.warn({ webDist }, 'web app not built: only the API is served')
  }

  // The server renderer is built with the web app; without it (an API-only build) pages are index.html alone.
  const renderer = hasWeb ? await loadRenderer(webDist) : null
  const storefrontPages: StorefrontPages | null = renderer
    ? createStorefrontPages(app, renderer, fs.readFileSync(indexFile, 'utf8'), loadPageFiles(webDist))
    : null
  if (hasWeb && !storefrontPages) app.log.warn({ webDist }, 'web app built without its server renderer')
  // The Order Tracking form works before the page's code has run: the browser sends it here.
  if (storefrontPages) await app.register(orderTrackingForm(storefrontPages))

  /** A page of the web app: rendered on the server for the storefront, index.html for the admin. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    const isAdmin = pathname === '/admin' || pathname.startsWith('/admin/')
    if (storefrontPages && !isAdmin) return storefrontPages.send(request, reply)
    reply.header('cache-control', 'no-cache')
    if (!isAdmin && (await isMissingStorefrontPage(app.deps.db, pathname))) {
      // No ETag or Last-Modified: a browser revalidating its copy of index.html must get the page, not a bodiless
      // 304-turned-404 (Chromium shows its own error page for that).
      return reply.code(404).sendFile('index.html', webDist, { etag: false, lastModified: false })
    }
    return reply.sendFile('index.html', webDist)
  }

  if (hasWeb) {
    // The home page has a route of its own: the file server would answer "/" as a directory without an index.
    app.get('/', (request, reply) => sendPage(request, reply, '/'))
    // So have the web app's other pages, as its router lists them: left to the file server's wildcard, each request
    // first looked for a file of that name (a stat and a directory read), which cost a kept page nine tenths of its
    // speed. Any other path still reaches the not-found handler below.
    for (const page of renderer?.pagePaths() ?? []) {
      if (page === '/') continue
      app.get(page, (request, reply) => sendPage(request, reply, request.url.split('?', 1)[0] ?? '/'))
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/'
    const isApi = pathname === '/api' || pathname.startsWith('/api/')
    const isFile = pathname.startsWith('/uploads/') || pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname)
    if (!isApi && !isFile && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendPage(request, reply, pathname)
    }
    return reply.code(404).send(errorBody(404, `Not found: ${request.method} ${pathname}`))
  })
}

export const web = fp(webPlugin, { name: 'web', dependencies: ['deps', 'catalog-cache'] })
