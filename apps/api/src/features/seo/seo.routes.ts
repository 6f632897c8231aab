import { findSitemapEntries, type SitemapEntry } from '@shop/db/sitemap'
import type { FastifyInstance } from 'fastify'

// Search engines read these once in a while: an hour's copy is fresh enough, and a crawl does not query each time.
const CACHE_CONTROL = 'public, max-age=3600'

/** What crawlers may read: the storefront, not the back office or the checkout; where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Disallow: /admin', 'Disallow: /checkout', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join(
    '\n',
  )
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

function xmlText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] as string)
}

/**
 * The sitemap protocol's urlset: the home page and the products page, changed when anything in them last changed,
 * then every active category and every product the public can buy, each with its own last change.
 */
export function sitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  // ISO times sort as text.
  const latest =
    entries
      .map((entry) => entry.lastModified)
      .sort()
      .at(-1) ?? ''
  const pages = [{ path: '/', lastModified: latest }, { path: '/products', lastModified: latest }, ...entries]
  const urls = pages.map((page) => {
    const lastmod = page.lastModified ? `<lastmod>${xmlText(page.lastModified)}</lastmod>` : ''
    return `  <url><loc>${xmlText(`${publicUrl}${page.path}`)}</loc>${lastmod}</url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    // The protocol's XML namespace: a name that identifies the format, never fetched.
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/** GET /robots.txt and GET /sitemap.xml, with absolute addresses built from PUBLIC_URL. */
export async function seoRoutes(app: FastifyInstance) {
  const { publicUrl } = app.deps.config
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(robotsTxt(publicUrl)),
  )
  app.get('/sitemap.xml', async (_request, reply) => {
    const entries = await findSitemapEntries(app.deps.db)
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(sitemapXml(publicUrl, entries))
  })
}
