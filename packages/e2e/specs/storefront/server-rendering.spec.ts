import type { APIRequestContext, Page } from '@playwright/test'
import type { Product } from '@shop/schema/products'
import { type ShopInfo, ZShopInfo } from '@shop/schema/shop'
import { E2E_BASE_URL } from '../../fixtures/constants'
import { formatUsd } from '../../fixtures/format'
import { expect, test } from '../../fixtures/test'

/**
 * Storefront pages as a search engine's first pass, a link preview or a browser without JavaScript read them: the
 * HTML the server sends, before any script runs. PUBLIC_URL is the test server's own address (fixtures/server.ts).
 */

interface Page404 {
  path: string
  text: string
}

/** The HTML of a page as the server sends it, with its status. */
async function fetchHtml(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { accept: 'text/html' } })
  expect(response.headers()['content-type']).toContain('text/html')
  return { status: response.status(), html: await response.text() }
}

function headOf(html: string): string {
  return html.slice(0, html.indexOf('</head>'))
}

/** The content of the head's <meta> whose `property` or `name` is `key`; undefined when it has none. */
function meta(html: string, key: string): string | undefined {
  const tag = headOf(html).match(new RegExp(`<meta[^>]*(?:property|name)="${key.replace(/[.:]/g, '\\$&')}"[^>]*>`))
  return tag ? decode(tag[0].match(/content="([^"]*)"/)?.[1] ?? '') : undefined
}

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

function titleOf(html: string): string | undefined {
  const match = headOf(html).match(/<title>([^<]*)<\/title>/)
  return match ? decode(match[1] ?? '') : undefined
}

function canonicalOf(html: string): string | undefined {
  return headOf(html).match(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/)?.[1]
}

/** The text a reader sees in the page's body: tags dropped, entities decoded, spaces collapsed. */
function bodyText(html: string): string {
  // The root may name its page and its chunks (`data-page`, `data-chunks`: a page with a chunk of its own).
  const root = html.slice(html.search(/<div id="root"[ >]/), html.indexOf('<script type="application/json"'))
  return decode(root.replace(/<style[^>]*>[^<]*<\/style>/g, ' ').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ')
}

type JsonLd = Record<string, unknown>

/** Every JSON-LD object of the page, parsed. */
function structuredData(html: string): JsonLd[] {
  return [...headOf(html).matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as JsonLd,
  )
}

function ofType(data: JsonLd[], type: string): JsonLd {
  const found = data.find((item) => item['@type'] === type)
  if (!found) throw new Error(`no ${type} among the page's JSON-LD (${data.map((item) => item['@type']).join(', ')})`)
  return found
}

const AVAILABILITY = /^https:\/\/schema\.org\/(InStock|OutOfStock|MadeToOrder)$/

/** schema.org's Offer, with the fields search engines require for a product's price. */
function expectOffer(offer: JsonLd, expected: { price: string; sku: string }) {
  expect(offer['@type']).toBe('Offer')
  expect(offer.price).toBe(expected.price)
  expect(offer.priceCurrency).toBe('USD')
  expect(offer.sku).toBe(expected.sku)
  expect(String(offer.availability)).toMatch(AVAILABILITY)
  expect(String(offer.url)).toMatch(new RegExp(`^${E2E_BASE_URL}/product/\\d+`))
}

async function shopInfo(request: APIRequestContext): Promise<ShopInfo> {
  return ZShopInfo.parse(await (await request.get('/api/shop')).json())
}

async function productWithOptions(request: APIRequestContext): Promise<Product> {
  const products = (await (await request.get('/api/products?pageSize=200')).json()) as Product[]
  const product = products.find((p) => p.options.length > 0 && p.variants.filter((v) => v.active).length > 1)
  if (!product) throw new Error('no product with options in the seeded shop')
  return product
}

test.describe('HTML from the server', () => {
  test('a product page has its name, price, link preview tags and Product JSON-LD', async ({ request, catalog }) => {
    const product = await catalog.inStockProduct('necklaces')
    const shop = await shopInfo(request)
    const { status, html } = await fetchHtml(request, `/product/${product.id}`)

    expect(status).toBe(200)
    expect(html).toMatch(new RegExp(`<h1[^>]*>${product.name}</h1>`))
    expect(bodyText(html)).toContain(formatUsd(Number(product.price)))
    expect(bodyText(html)).toContain(product.sku)
    expect(titleOf(html)).toBe(`${product.name} | ${shop.name}`)
    expect(meta(html, 'description')).toBe(product.description.match(/^.*?[.!?](?=\s|$)/s)?.[0])
    expect(canonicalOf(html)).toBe(`${E2E_BASE_URL}/product/${product.id}`)

    // Open Graph and Twitter card: what a link preview shows.
    expect(meta(html, 'og:title')).toBe(product.name)
    expect(meta(html, 'og:type')).toBe('product')
    expect(meta(html, 'og:url')).toBe(`${E2E_BASE_URL}/product/${product.id}`)
    expect(meta(html, 'product:price:amount')).toBe(product.price)
    expect(meta(html, 'product:price:currency')).toBe('USD')
    expect(meta(html, 'twitter:card')).toBe('summary_large_image')
    const image = meta(html, 'og:image') ?? ''
    expect(image).toMatch(new RegExp(`^${E2E_BASE_URL}/`))
    expect(meta(html, 'twitter:image')).toBe(image)
    const imageResponse = await request.get(image)
    expect(imageResponse.status()).toBe(200)
    expect(imageResponse.headers()['content-type']).toMatch(/^image\//)

    const data = structuredData(html)
    const item = ofType(data, 'Product')
    expect(item['@context']).toBe('https://schema.org')
    expect(item.name).toBe(product.name)
    expect(item.sku).toBe(product.sku)
    expect(item.url).toBe(`${E2E_BASE_URL}/product/${product.id}`)
    expect((item.image as string[]).length).toBe(product.imageUrls.length)
    expectOffer(item.offers as JsonLd, { price: product.price, sku: product.sku })
    expect((item.offers as JsonLd).availability).toBe('https://schema.org/InStock')

    const trail = ofType(data, 'BreadcrumbList').itemListElement as JsonLd[]
    expect(trail.map((step) => step.name)).toEqual(['Home', product.categoryName, product.name])
    expect(trail.map((step) => step.position)).toEqual([1, 2, 3])
    expect(trail[1]?.item).toBe(`${E2E_BASE_URL}/category/${product.categorySlug}`)
  })

  test('a product sold in options has one offer per variant', async ({ request }) => {
    const product = await productWithOptions(request)
    const { html } = await fetchHtml(request, `/product/${product.id}`)

    const offers = ofType(structuredData(html), 'Product').offers as JsonLd[]
    const variants = product.variants.filter((variant) => variant.active)
    expect(offers).toHaveLength(variants.length)
    for (const [index, variant] of variants.entries()) {
      expectOffer(offers[index] as JsonLd, { price: variant.price, sku: variant.sku })
      expect(offers[index]?.url).toBe(`${E2E_BASE_URL}/product/${product.id}?variant=${variant.id}`)
    }
  })

  test('a sold-out product is OutOfStock in its JSON-LD and preview tags', async ({ request, catalog, adminApi }) => {
    const product = await catalog.inStockProduct('earrings')
    await adminApi.setStock(product.id, 0)

    const { html } = await fetchHtml(request, `/product/${product.id}`)

    expect((ofType(structuredData(html), 'Product').offers as JsonLd).availability).toBe(
      'https://schema.org/OutOfStock',
    )
    expect(meta(html, 'product:availability')).toBe('out of stock')
    expect(bodyText(html)).toContain('Out of Stock')
  })

  test('a category page lists its pieces with links, and its breadcrumb', async ({ request, catalog }) => {
    const products = await catalog.categoryProducts('rings')
    const { status, html } = await fetchHtml(request, '/category/rings')

    expect(status).toBe(200)
    expect(html).toMatch(/<h1[^>]*>Rings<\/h1>/)
    for (const product of products.slice(0, 8)) {
      expect(bodyText(html)).toContain(product.name)
      expect(html).toContain(`href="/product/${product.id}"`)
    }
    expect(canonicalOf(html)).toBe(`${E2E_BASE_URL}/category/rings`)
    const trail = ofType(structuredData(html), 'BreadcrumbList').itemListElement as JsonLd[]
    expect(trail.map((step) => step.item)).toEqual([`${E2E_BASE_URL}/`, `${E2E_BASE_URL}/category/rings`])
  })

  test('the home page names the shop as an Organization with its contact', async ({ request }) => {
    const shop = await shopInfo(request)
    const { status, html } = await fetchHtml(request, '/')

    expect(status).toBe(200)
    expect(titleOf(html)).toBe(shop.name)
    expect(bodyText(html)).toContain('Our Collection')
    expect(html).toContain('href="/category/necklaces"')
    // As curl asks for it: no compression.
    const plain = await request.get('/', { headers: { 'accept-encoding': 'identity' } })
    expect(plain.status()).toBe(200)
    expect(plain.headers()['content-encoding']).toBeUndefined()
    expect(await plain.text()).toContain('Our Collection')
    const organization = ofType(structuredData(html), 'Organization')
    expect(organization.name).toBe(shop.name)
    expect(organization.url).toBe(`${E2E_BASE_URL}/`)
    expect(organization.email).toBe(shop.email)
    expect(organization.telephone).toBe(shop.phone)
  })

  test('the list of all pieces is rendered in the order its URL asks', async ({ request }) => {
    const cheapest = (await (await request.get('/api/products?sort=price-asc&pageSize=1')).json()) as Product[]
    const { status, html } = await fetchHtml(request, '/products?sort=price-asc')

    expect(status).toBe(200)
    expect(bodyText(html)).toContain(cheapest[0]?.name ?? 'no product')
    expect(canonicalOf(html)).toBe(`${E2E_BASE_URL}/products`)
  })

  test('a page with a chunk of its own comes with its stylesheets linked, and names itself for its code', async ({
    request,
  }) => {
    for (const [path, page] of [
      ['/order-tracking', 'order-tracking'],
      ['/checkout', 'checkout'],
    ] as const) {
      const { html } = await fetchHtml(request, path)
      expect(html, path).toMatch(new RegExp(`<div id="root" data-page="${page}" data-chunks="/assets/${page}\\.page-`))
      const styles = [...headOf(html).matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1])
      // The first stylesheet, and the page's own after it.
      expect(styles.length, path).toBeGreaterThan(1)
      for (const href of styles) {
        const sheet = await request.get(href ?? '')
        expect(sheet.status(), href).toBe(200)
        expect(sheet.headers()['content-type'], href).toContain('text/css')
      }
    }
    const { html } = await fetchHtml(request, '/')
    expect(html).toContain('<div id="root">')
  })

  test('the checkout says it needs JavaScript and is no search result', async ({ request }) => {
    const { status, html } = await fetchHtml(request, '/checkout')

    expect(status).toBe(200)
    expect(html).toMatch(/<noscript>.*need JavaScript.*<\/noscript>/s)
    expect(meta(html, 'robots')).toBe('noindex')
  })

  for (const missing of [
    { path: '/product/999999', text: 'Product Not Found' },
    { path: '/product/abc', text: 'Product Not Found' },
    { path: '/category/no-such-collection', text: 'Category Not Found' },
    { path: '/no-such-page', text: 'Page Not Found' },
  ] satisfies Page404[]) {
    test(`${missing.path} answers 404 with the page that says so`, async ({ request }) => {
      const { status, html } = await fetchHtml(request, missing.path)

      expect(status).toBe(404)
      expect(bodyText(html)).toContain(missing.text)
      expect(meta(html, 'robots')).toBe('noindex')
    })
  }

  test('an inactive product answers 404, and its page returns when it is active again', async ({
    request,
    catalog,
    adminApi,
  }) => {
    const product = await catalog.inStockProduct('bracelets')
    expect((await fetchHtml(request, `/product/${product.id}`)).status).toBe(200)

    await adminApi.updateProduct(product.id, { active: false })
    try {
      const hidden = await fetchHtml(request, `/product/${product.id}`)
      expect(hidden.status).toBe(404)
      expect(bodyText(hidden.html)).toContain('Product Not Found')
    } finally {
      await adminApi.updateProduct(product.id, { active: true })
    }
    expect((await fetchHtml(request, `/product/${product.id}`)).status).toBe(200)
  })

  test('a price changed in the admin is in the next HTML at once', async ({ request, catalog, adminApi }) => {
    const product = await catalog.inStockProduct('rosaries')
    const first = await fetchHtml(request, `/product/${product.id}`)
    expect(bodyText(first.html)).toContain(formatUsd(Number(product.price)))

    const newPrice = (Number(product.price) + 7).toFixed(2)
    await adminApi.updateProduct(product.id, { price: newPrice })
    try {
      const second = await fetchHtml(request, `/product/${product.id}`)
      expect(bodyText(second.html)).toContain(formatUsd(Number(newPrice)))
      expect(meta(second.html, 'product:price:amount')).toBe(newPrice)
    } finally {
      await adminApi.updateProduct(product.id, { price: product.price })
    }
  })

  test('a page unchanged since the last visit answers 304 to its ETag', async ({ request }) => {
    const first = await request.get('/category/necklaces')
    const etag = first.headers().etag ?? ''
    expect(etag).not.toBe('')

    const again = await request.get('/category/necklaces', { headers: { 'if-none-match': etag } })
    expect(again.status()).toBe(304)
  })

  test('the admin is not rendered on the server', async ({ request }) => {
    const { status, html } = await fetchHtml(request, '/admin/login')

    expect(status).toBe(200)
    expect(html).toContain('<div id="root"></div>')
  })
})

/** Opens a page and waits until React has hydrated it (main.tsx marks the document). */
async function visit(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('html[data-ready="true"]')).toHaveCount(1)
}

test.describe('hydration', () => {
  for (const path of ['/', '/category/necklaces', '/products', '/checkout', '/order-tracking']) {
    test(`${path} hydrates without a warning or an error`, async ({ page }) => {
      // The console guard (fixtures/test.ts) fails the test on any console error or uncaught error, which is how
      // React reports a hydration mismatch.
      const warnings: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text())
      })
      // A breach of the CSP is reported to the page, not always to the console (a library trying eval in a try).
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) =>
          console.warn(`CSP ${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`),
        ),
      )
      await visit(page, path)
      await expect(page.getByRole('main')).toBeVisible()
      // Nothing runs late: a violation after hydration counts too.
      await page.waitForTimeout(500)
      expect(warnings).toEqual([])
    })
  }

  test('a product page hydrates, then its buttons work', async ({ page, catalog }) => {
    const product = await catalog.inStockProduct('rosaries')
    await visit(page, `/product/${product.id}`)

    await page.getByRole('button', { name: /^Increase/ }).click()
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(page.getByRole('button', { name: /^Cart, 2 items/ })).toBeVisible()
  })

  test('a missing product hydrates its 404 page', async ({ page, consoleGuard }) => {
    // Chromium logs the document's own 404 status.
    consoleGuard.allow(/status of 404/)
    await visit(page, '/product/999999')
    await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible()
  })
})

test('browsing works with JavaScript turned off', async ({ browser, catalog }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  try {
    const product = (await catalog.categoryProducts('necklaces'))[0] as Product
    await page.goto('/')
    await page.locator('a[href="/category/necklaces"]').first().click()
    await expect(page).toHaveURL(/\/category\/necklaces$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Necklaces' })).toBeVisible()

    await page.locator(`a[href="/product/${product.id}"]`).first().click()
    await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
    await expect(page.getByText(formatUsd(Number(product.price))).first()).toBeVisible()
    // Chromium with scripts turned off by the test still parses <noscript> as text, where a browser without
    // JavaScript shows it: the note is in the page's noscript element.
    expect(await page.content()).toMatch(/<noscript>.*The cart and checkout need JavaScript.*<\/noscript>/s)

    await page.goto('/checkout')
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
    expect(await page.content()).toMatch(/<noscript>.*Your cart and the checkout need JavaScript.*<\/noscript>/s)
  } finally {
    await context.close()
  }
})
