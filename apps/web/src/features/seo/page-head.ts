/**
 * What a page says about itself in the document's <head>: its title and description for a search result, the
 * canonical URL, the Open Graph and Twitter card tags of a link preview, and schema.org data as JSON-LD. A page
 * declares it with `usePageHead`; the server renderer writes it into the HTML it sends, and the browser applies it
 * when a visitor moves to another page.
 */
export interface PageHead {
  /** The page's own title; the document's title adds the shop's name ("Gold Cross | Shop"). */
  title?: string
  description?: string
  /** Open Graph type: a product page is 'product'. */
  type?: 'website' | 'product'
  /** The preview image, as the page links it (relative or absolute). */
  image?: string
  imageAlt?: string
  /** The preview image's size in pixels, when known (lets a preview lay out before the image arrives). */
  imageSize?: { width: number; height: number }
  /** A product's price and currency (Open Graph product tags). */
  price?: { amount: string; currency: string; availability: Availability }
  /** schema.org objects, each written as its own JSON-LD script. */
  structuredData?: object[]
  /** Pages that are nobody's search result: the checkout, an order. */
  noindex?: boolean
  /** A page saying that what the URL names is not there: HTTP 404 from the server, and no search result. */
  notFound?: boolean
  /** The page's main image, fetched with high priority before the page's script has run. */
  preloadImage?: PreloadImage
}

export type Availability = 'InStock' | 'OutOfStock' | 'MadeToOrder'

export interface PreloadImage {
  href: string
  srcSet?: string
  sizes?: string
  type?: string
}

/** What every page's head shares: where the shop is served and its name. */
export interface SiteInfo {
  /** The shop's public origin (PUBLIC_URL), without a trailing slash. */
  publicUrl: string
  shopName: string | undefined
}

/** A tag of the head as data: written as HTML by the server, as elements by the browser. */
export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; attrs: Record<string, string> }
  | { tag: 'link'; attrs: Record<string, string> }
  | { tag: 'script'; attrs: Record<string, string>; text: string }

/** index.html's description, for pages that have none of their own. */
export const DEFAULT_DESCRIPTION =
  'Faith-inspired handcrafted jewelry: crosses, lockets, rings and rosaries made by hand.'
export const DEFAULT_TITLE = 'Handcrafted Faith Jewelry'

/** An absolute URL on the shop's public origin; absolute URLs (an image on an allowed host) stay as they are. */
export function absoluteUrl(publicUrl: string, href: string): string {
  return /^https?:\/\//i.test(href) ? href : `${publicUrl}${href.startsWith('/') ? '' : '/'}${href}`
}

export function documentTitle(title: string | undefined, shopName: string | undefined): string {
  if (title && shopName) return `${title} | ${shopName}`
  return title || shopName || DEFAULT_TITLE
}

/** The tags of a page's head, in the order they are written. `pathname` is the page's, without its query. */
export function headTags(head: PageHead, site: SiteInfo, pathname: string): HeadTag[] {
  const title = documentTitle(head.title, site.shopName)
  const description = head.description || DEFAULT_DESCRIPTION
  const url = absoluteUrl(site.publicUrl, pathname)
  const tags: HeadTag[] = [
    { tag: 'title', text: title },
    { tag: 'meta', attrs: { name: 'description', content: description } },
  ]
  if (head.noindex || head.notFound) tags.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } })
  tags.push({ tag: 'link', attrs: { rel: 'canonical', href: url } })

  const og = (property: string, content: string) => tags.push({ tag: 'meta', attrs: { property, content } })
  const twitter = (name: string, content: string) => tags.push({ tag: 'meta', attrs: { name, content } })
  if (site.shopName) og('og:site_name', site.shopName)
  og('og:title', head.title || title)
  og('og:description', description)
  og('og:url', url)
  og('og:type', head.type ?? 'website')
  if (head.image) {
    og('og:image', absoluteUrl(site.publicUrl, head.image))
    if (head.imageSize) {
      og('og:image:width', String(head.imageSize.width))
      og('og:image:height', String(head.imageSize.height))
    }
    if (head.imageAlt) og('og:image:alt', head.imageAlt)
  }
  if (head.price) {
    og('product:price:amount', head.price.amount)
    og('product:price:currency', head.price.currency)
    og('product:availability', head.price.availability === 'OutOfStock' ? 'out of stock' : 'in stock')
  }
  twitter('twitter:card', head.image ? 'summary_large_image' : 'summary')
  twitter('twitter:title', head.title || title)
  twitter('twitter:description', description)
  if (head.image) twitter('twitter:image', absoluteUrl(site.publicUrl, head.image))

  if (head.preloadImage) {
    const { href, srcSet, sizes, type } = head.preloadImage
    const attrs: Record<string, string> = { rel: 'preload', as: 'image', href, fetchpriority: 'high' }
    if (srcSet) attrs.imagesrcset = srcSet
    if (sizes) attrs.imagesizes = sizes
    if (type) attrs.type = type
    tags.push({ tag: 'link', attrs })
  }
  for (const data of head.structuredData ?? []) {
    tags.push({ tag: 'script', attrs: { type: 'application/ld+json' }, text: jsonForScript(data) })
  }
  return tags
}

/** JSON that is safe inside a <script> element: no "</script>", no "<!--", no line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)
}

/** Marks the tags a page wrote, so that the next page replaces them (title and description are updated in place). */
export const PAGE_HEAD_ATTRIBUTE = 'data-page-head'

/** The head tags as HTML, for the server renderer. */
export function headTagsToHtml(tags: HeadTag[]): string {
  return tags
    .map((tag) => {
      if (tag.tag === 'title') return `<title>${escapeHtml(tag.text)}</title>`
      const attrs = Object.entries(tag.attrs)
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join('')
      const marker = tag.tag === 'meta' && tag.attrs.name === 'description' ? '' : ` ${PAGE_HEAD_ATTRIBUTE}`
      if (tag.tag === 'script') return `<script${marker}${attrs}>${tag.text}</script>`
      return `<${tag.tag}${marker}${attrs}>`
    })
    .join('')
}

/** Puts a page's head into the document, replacing the previous page's. */
export function applyHeadTags(doc: Document, tags: HeadTag[]) {
  for (const element of doc.head.querySelectorAll(`[${PAGE_HEAD_ATTRIBUTE}]`)) element.remove()
  for (const tag of tags) {
    if (tag.tag === 'title') {
      doc.title = tag.text
      continue
    }
    if (tag.tag === 'meta' && tag.attrs.name === 'description') {
      doc.head.querySelector('meta[name="description"]')?.setAttribute('content', tag.attrs.content ?? '')
      continue
    }
    // A preload is for the first load only.
    if (tag.tag === 'link' && tag.attrs.rel === 'preload') continue
    const element = doc.createElement(tag.tag)
    element.setAttribute(PAGE_HEAD_ATTRIBUTE, '')
    for (const [name, value] of Object.entries(tag.attrs)) element.setAttribute(name, value)
    if (tag.tag === 'script') element.textContent = tag.text
    doc.head.append(element)
  }
}
