import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * Storefront pages rendered on the server (apps/web/src/entry-server.tsx, built to apps/web/dist-ssr): the HTML a
 * search engine, a link preview or a visitor without JavaScript reads, with the page's content, head tags and
 * JSON-LD, which the browser then hydrates. A rendered page is kept per URL (path and query) with its compressed
 * copies until the catalog cache empties (a catalog or settings write here, or one heard from another process), so
 * a page is rendered once per change, not once per visit.
 */

/** What the built renderer exports (entry-server.tsx). */
interface Renderer {
  setApiTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void
  /** The paths of the web app's pages, storefront and admin, as Fastify route paths ('/product/:id'). */
  pagePaths(): string[]
  render(options: {
    url: string
    publicUrl: string
  }): Promise<{ page: string; status: number; head: string; html: string; state: string }>
}

interface KeptPage {
  status: number
  etag: string
  html: Buffer
  br?: Buffer
  gzip?: Buffer
}

// Bounds memory when a crawler walks many URLs (query strings, unknown products): past it, the oldest page goes.
const MAX_PAGES = 500
// Longer URLs are nobody's page: rendered, never kept.
const MAX_KEPT_URL_LENGTH = 512

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** index.html's head parts that a page replaces, and the root it fills. */
const TITLE_PATTERN = /<title>[^<]*<\/title>/
const DESCRIPTION_PATTERN = /<meta name="description" content="[^"]*"\s*\/?>/
const ROOT_ELEMENT = '<div id="root"></div>'

/** The files of each page with a chunk of its own, by the page's name, as the web build lists them. */
export type PageFiles = Record<string, { chunks: string[]; styles: string[] } | undefined>

/** The web build's list of the pages with a chunk of their own (page-files.json beside index.html). */
export function loadPageFiles(webDist: string): PageFiles {
  const file = path.join(webDist, 'page-files.json')
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as PageFiles) : {}
}

function nullBodyStatus(status: number): boolean {
  return status === 204 || status === 304
}

/** Loads the built renderer, or null when the web app was built without it (the API alone, tests of the API). */
export async function loadRenderer(webDist: string): Promise<Renderer | null> {
  const entry = path.join(webDist, '..', 'dist-ssr', 'entry-server.js')
  if (!fs.existsSync(entry)) return null
  return (await import(pathToFileURL(entry).href)) as Renderer
}

export interface StorefrontPages {
  /** Answers a storefront page: from memory when kept, else rendered (and kept). */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>
  /** Answers the page at `url` with `status`, rendered afresh and not kept: what a form sent to the server shows. */
  sendAs(request: FastifyRequest, reply: FastifyReply, url: string, status: number): Promise<FastifyReply>
}

export function createStorefrontPages(
  app: FastifyInstance,
  renderer: Renderer,
  indexHtml: string,
  pageFiles: PageFiles,
): StorefrontPages {
  const { publicUrl } = app.deps.config
  if (!TITLE_PATTERN.test(indexHtml) || !DESCRIPTION_PATTERN.test(indexHtml) || !indexHtml.includes(ROOT_ELEMENT)) {
    throw new Error('index.html lacks the title, description or root element that server rendering fills')
  }

  // The page's API calls are answered by this process's own routes, with the public catalog cache in front.
  renderer.setApiTransport(async (url, init) => {
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json' },
      payload: typeof init.body === 'string' ? init.body : undefined,
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value))
    }
    const body = nullBodyStatus(response.statusCode) ? null : response.rawPayload
    return new Response(body, { status: response.statusCode, headers })
  })

  const pages = new Map<string, KeptPage>()
  app.catalogCache.onEmpty(() => pages.clear())

  async function renderPage(url: string): Promise<KeptPage> {
    const result = await renderer.render({ url, publicUrl })
    // A page of its own chunk: its stylesheets are linked like the first one (it paints styled), and #root names
    // it and its chunks, so that start.js fetches its code with the first chunks.
    const files = Object.hasOwn(pageFiles, result.page) ? pageFiles[result.page] : undefined
    const styles = (files?.styles ?? []).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('')
    // Only a name the build listed gets here: letters, digits and dashes (a module's name), nothing to escape; the
    // chunks are the build's file names.
    const root = files
      ? `<div id="root" data-page="${result.page}" data-chunks="${files.chunks.join(' ')}">`
      : '<div id="root">'
    const html = indexHtml
      .replace(TITLE_PATTERN, () => '')
      .replace(DESCRIPTION_PATTERN, () => result.head)
      .replace('</head>', () => `${styles}</head>`)
      .replace(ROOT_ELEMENT, () => `${root}${result.html}</div>${result.state}`)
    const bytes = Buffer.from(html)
    return { status: result.status, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`, html: bytes }
  }

  async function compressed(page: KeptPage, request: FastifyRequest): Promise<[Buffer, string | undefined]> {
    const accepted = String(request.headers['accept-encoding'] ?? '')
    if (/\bbr\b/.test(accepted)) {
      page.br ??= await brotli(page.html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } })
      return [page.br, 'br']
    }
    if (/\bgzip\b/.test(accepted)) {
      page.gzip ??= await gzipAsync(page.html, { level: 6 })
      return [page.gzip, 'gzip']
    }
    return [page.html, undefined]
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply, page: KeptPage) {
    reply.code(page.status).header('cache-control', 'no-cache').header('vary', 'accept-encoding')
    reply.type('text/html; charset=utf-8')
    // No ETag on a 404: a browser revalidating its copy must get the page, not a bodiless 304 (Chromium shows its
    // own error page for that).
    if (page.status === 200) {
      reply.header('etag', page.etag)
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send()
    }
    const [body, encoding] = await compressed(page, request)
    if (encoding) reply.header('content-encoding', encoding)
    return reply.send(body)
  }

  return {
    async send(request, reply) {
      const url = request.url
      const isKeepable = url.length <= MAX_KEPT_URL_LENGTH
      const kept = isKeepable ? pages.get(url) : undefined
      if (kept && (await app.catalogCache.mayUseMemory(true))) return sendPage(request, reply, kept)

      const generation = app.catalogCache.generation
      const mayKeep = isKeepable && (await app.catalogCache.mayUseMemory(false))
      const rendered = await renderPage(url)
      // A render that saw a change happen, or that failed to reach the API, is sent but not kept.
      if (mayKeep && rendered.status < 500 && generation === app.catalogCache.generation) {
        if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value as string)
        pages.set(url, rendered)
      }
      return sendPage(request, reply, rendered)
    },
    async sendAs(request, reply, url, status) {
      const rendered = await renderPage(url)
      return sendPage(request, reply, { ...rendered, status })
    },
  }
}
