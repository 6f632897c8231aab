/**
 * Accessibility and speed audit of the storefront over the production build (run by `pnpm audit:web`, which builds
 * first). Starts the built server on a fresh seeded temp dir, gives the audited category's products and the audited
 * product real photos (4032 x 3024 JPEGs with GPS in their EXIF, made at run time and uploaded through the admin
 * upload API, so the shop's image pipeline serves them as it would a phone's photos), then:
 *   a) axe-core in Chromium at 390 and 1280 px on every storefront screen;
 *   b) Lighthouse (mobile defaults, 3 runs each) on home, category and product: median category scores;
 *   c) the JS the home page loads on a cold visit, gzipped, and a check that no admin chunk is among it;
 *   d) beside b), the time from the first contentful paint until the page answers a tap (hydrated, its held taps
 *      replayed) on a phone: 390 px, the CPU slowed 4x, Lighthouse's slow 4G, median of 5 cold loads.
 * Exits non-zero on a serious or critical axe violation, or when the home page loads an admin chunk.
 * AUDIT_PREPARE_ONLY=1 stops after the photos are in place (a quick check of the preparation).
 * AUDIT_ONLY=lighthouse runs only b) and d), AUDIT_ONLY=tap only d); AUDIT_REPORTS=<dir> keeps each Lighthouse report there as JSON, to read where
 * a page's time goes (its long tasks, its network requests).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { type Browser, chromium, type Page } from '@playwright/test'
import type { Product, ProductInput } from '@shop/schema/products'
import type { AxeResults, Result as AxeViolation } from 'axe-core'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { ADMIN_PASSWORD, ADMIN_USERNAME, CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/constants'
import { CPU_SLOWDOWN, slowPhone } from '../fixtures/phone'
import { phonePhoto } from '../fixtures/photos'
import { prepareRunDir, SERVER_SCRIPT, serverEnv } from '../fixtures/server'

// AUDIT_PORT lets two checkouts audit side by side on one machine.
const PORT = Number(process.env.AUDIT_PORT ?? 3211)
const BASE_URL = `http://127.0.0.1:${PORT}`
const WIDTHS = [390, 1280] as const
const LIGHTHOUSE_RUNS = 3
const TAP_RUNS = 5
// apps/web/src/app.tsx's READY_MARK.
const READY_MARK = 'shop-ready'
const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const BLOCKING_IMPACTS = new Set(['serious', 'critical'])
const AUDITED_CATEGORY = 'necklaces'
/** A phone's 12-megapixel photo. */
const PHOTO_SIZE = { width: 4032, height: 3024 }
/** Photos of the audited product: its gallery's main image and thumbnails. */
const GALLERY_PHOTOS = 3
/** The upload API takes at most this many images per request. */
const UPLOAD_BATCH = 10

const packageDir = path.resolve(import.meta.dirname, '..')
const require = createRequire(import.meta.url)

async function startServer(): Promise<{ child: ChildProcess; runDir: string }> {
  const runDir = prepareRunDir('shop-audit-')
  const child = spawn(process.execPath, [SERVER_SCRIPT], {
    cwd: packageDir,
    env: { ...process.env, ...serverEnv(PORT, runDir) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    try {
      const response = await fetch(`${BASE_URL}/api/health`)
      if (response.ok) return { child, runDir }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  child.kill()
  throw new Error(`the server did not answer ${BASE_URL}/api/health within 60 s`)
}

async function categoryProducts(): Promise<Product[]> {
  const response = await fetch(`${BASE_URL}/api/categories/${AUDITED_CATEGORY}/products`)
  return (await response.json()) as Product[]
}

async function pickProduct(): Promise<Product> {
  const product = (await categoryProducts()).find((p) => p.stock > 0)
  if (!product) throw new Error('no in-stock necklace in the seeded shop')
  return product
}

async function adminJson(token: string, method: string, url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${BASE_URL}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`)
  return response.json()
}

async function logIn(): Promise<string> {
  const response = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  })
  if (!response.ok) throw new Error(`login answered ${response.status}`)
  return ((await response.json()) as { token: string }).token
}

/** Uploads the photos as the admin forms do (multipart, field `images`), at most UPLOAD_BATCH per request. */
async function uploadPhotos(token: string, photos: Buffer[]): Promise<string[]> {
  const urls: string[] = []
  for (let start = 0; start < photos.length; start += UPLOAD_BATCH) {
    const batch = photos.slice(start, start + UPLOAD_BATCH)
    const form = new FormData()
    batch.forEach((photo, index) => {
      form.append(
        'images',
        new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
        `IMG_${1000 + start + index}.jpg`,
      )
    })
    const started = performance.now()
    const response = await fetch(`${BASE_URL}/api/admin/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
    if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`)
    urls.push(...((await response.json()) as { urls: string[] }).urls)
    const megabytes = batch.reduce((sum, photo) => sum + photo.length, 0) / 1024 / 1024
    console.log(
      `uploaded ${batch.length} photos (${megabytes.toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
  }
  return urls
}

/** What PUT /api/admin/products/{id} takes to keep a product as it is, with other images. */
function withImages(product: Product, imageUrls: string[]): ProductInput {
  const hasOptions = product.options.length > 0
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    categoryId: product.categoryId ?? 0,
    imageUrls,
    sku: product.sku,
    stock: product.stock,
    minStock: product.minStock,
    featured: product.featured,
    active: product.active,
    options: product.options,
    variants: hasOptions
      ? product.variants.map((variant) => ({
          id: variant.id,
          options: variant.options,
          sku: variant.sku,
          price: variant.price,
          stock: variant.stock,
          minStock: variant.minStock,
          active: variant.active,
          imageUrl: variant.imageUrl,
          leadTime: variant.leadTime,
        }))
      : undefined,
    leadTime: hasOptions ? null : (product.variants[0]?.leadTime ?? null),
    personalization: product.personalization.map((field) => ({
      id: field.id,
      label: field.label,
      maxLength: field.maxLength,
      required: field.required,
      surcharge: field.surcharge,
      allowedCharacters: field.allowedCharacters,
    })),
  }
}

/**
 * Real photos for what Lighthouse measures: one for each product of the audited category (its grid), and a
 * gallery of GALLERY_PHOTOS for the audited product (its page), uploaded and set through the admin API.
 */
async function usePhotos(audited: Product): Promise<void> {
  const token = await logIn()
  const others = (await categoryProducts()).filter((product) => product.id !== audited.id)
  const count = GALLERY_PHOTOS + others.length
  const started = performance.now()
  const photos: Buffer[] = []
  for (let seed = 1; seed <= count; seed++) photos.push(await phonePhoto({ ...PHOTO_SIZE, seed }))
  console.log(
    `made ${count} photos of ${PHOTO_SIZE.width} x ${PHOTO_SIZE.height} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  const urls = await uploadPhotos(token, photos)
  const targets: Array<[Product, string[]]> = [
    [audited, urls.slice(0, GALLERY_PHOTOS)],
    ...others.map((product, index): [Product, string[]] => [product, [urls[GALLERY_PHOTOS + index] ?? '']]),
  ]
  for (const [summary, imageUrls] of targets) {
    const product = (await adminJson(token, 'GET', `/api/admin/products/${summary.id}`)) as Product
    await adminJson(token, 'PUT', `/api/admin/products/${product.id}`, withImages(product, imageUrls))
  }
  const check = await categoryProducts()
  const withPhotos = check.filter(
    (product) => product.imageUrls[0]?.startsWith('/uploads/') && !product.imageUrls[0].startsWith('/uploads/demo/'),
  )
  console.log(`${withPhotos.length} of ${check.length} ${AUDITED_CATEGORY} now show uploaded photos (${urls[0]} ...)`)
}

/** Waits until the page has its data and no loading placeholders. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  await page
    .locator('[aria-busy="true"], .mantine-Skeleton-root')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined)
  // Let entrance transitions finish, so contrast is measured on final colours.
  await page.waitForTimeout(400)
}

interface AxeScan {
  label: string
  width: number
  violations: AxeViolation[]
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') })
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe.run(),
  )
  return results.violations
}

async function auditAccessibility(browser: Browser, product: Product): Promise<AxeScan[]> {
  const cartLine = {
    id: product.id,
    name: product.name,
    price: Number(product.price),
    quantity: 1,
    imageUrl: product.imageUrls[0] ?? '',
    sku: product.sku,
  }
  const screens: Array<{ label: string; path: string; cart?: boolean; openCart?: boolean }> = [
    { label: 'home', path: '/' },
    { label: 'category', path: '/category/necklaces' },
    { label: 'product', path: `/product/${product.id}` },
    { label: 'products', path: '/products' },
    { label: 'checkout (empty)', path: '/checkout' },
    { label: 'checkout (1 item)', path: '/checkout', cart: true },
    { label: 'cart drawer (1 item)', path: '/', cart: true, openCart: true },
    { label: '404', path: '/no-such-page' },
  ]
  const scans: AxeScan[] = []
  for (const width of WIDTHS) {
    for (const screen of screens) {
      // The shop's CSP (script-src 'self') would block the injected axe script; the page itself is unchanged.
      const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width, height: 900 }, bypassCSP: true })
      if (screen.cart) {
        // The cart as the storefront keeps it in local storage (key `cart`).
        await context.addInitScript((line) => {
          localStorage.setItem('cart', JSON.stringify([line]))
        }, cartLine)
      }
      const page = await context.newPage()
      await page.goto(screen.path)
      await settle(page)
      if (screen.openCart) {
        await page.getByRole('button', { name: /^Cart\b/ }).click()
        await page.getByRole('dialog').waitFor()
        await page.waitForTimeout(400)
      }
      scans.push({ label: screen.label, width, violations: await runAxe(page) })
      await context.close()
    }
  }
  return scans
}

const IMPACT_ORDER = ['critical', 'serious', 'moderate', 'minor']

/** A table of screens and widths, then each rule once with where it fired and an example node. */
function printAxe(scans: AxeScan[]): number {
  console.log('\n== a) axe-core (axe defaults: WCAG 2.x A/AA and best practices)\n')
  const rules = new Map<string, { violation: AxeViolation; seenOn: string[] }>()
  for (const scan of scans) {
    const where = `${scan.label} @ ${scan.width}px`
    const found = [...scan.violations]
      .sort((a, b) => IMPACT_ORDER.indexOf(a.impact ?? '') - IMPACT_ORDER.indexOf(b.impact ?? ''))
      .map((v) => `${v.impact ?? 'n/a'} ${v.id} (${v.nodes.length})`)
    console.log(`${where.padEnd(32)} ${found.join(', ') || 'no violations'}`)
    for (const violation of scan.violations) {
      const rule = rules.get(violation.id) ?? { violation, seenOn: [] }
      rule.seenOn.push(where)
      rules.set(violation.id, rule)
    }
  }
  const blockingRules = [...rules.values()].filter(({ violation }) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
  for (const { violation, seenOn } of [...rules.values()].sort(
    (a, b) => IMPACT_ORDER.indexOf(a.violation.impact ?? '') - IMPACT_ORDER.indexOf(b.violation.impact ?? ''),
  )) {
    const node = violation.nodes[0]
    console.log(`\n[${violation.impact}] ${violation.id}: ${violation.help}`)
    console.log(`  ${violation.helpUrl}`)
    console.log(`  on: ${seenOn.length === scans.length ? 'every screen' : seenOn.join('; ')}`)
    if (node) {
      console.log(`  e.g. ${node.target.join(' ')}: ${node.html.slice(0, 220)}`)
      console.log(`  ${node.failureSummary?.replaceAll('\n', ' ').replace(/\s+/g, ' ').trim()}`)
    }
  }
  const blocking = scans.reduce(
    (count, scan) => count + scan.violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? '')).length,
    0,
  )
  console.log(
    `\nserious or critical: ${blockingRules.length} rules, ${blocking} rule hits over ${scans.length} screen scans`,
  )
  return blocking
}

type CategoryId = (typeof LIGHTHOUSE_CATEGORIES)[number]

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

function auditedPages(product: Product) {
  return [
    { label: 'home', url: `${BASE_URL}/` },
    { label: 'category', url: `${BASE_URL}/category/necklaces` },
    { label: 'product', url: `${BASE_URL}/product/${product.id}` },
  ]
}

/** The time from the first contentful paint until the page answers a tap, on a slowed phone, per page (median). */
async function auditTapReadiness(browser: Browser, product: Product): Promise<Map<string, number>> {
  const medians = new Map<string, number>()
  for (const { label, url } of auditedPages(product)) {
    const times: number[] = []
    const paints: number[] = []
    const largestPaints: number[] = []
    const mainThread: { task: number; script: number; styleLayout: number }[] = []
    for (let run = 0; run < TAP_RUNS; run += 1) {
      const { context, page } = await slowPhone(browser)
      try {
        // The main thread's own counts of its work (Chromium's Performance domain): steadier than the times between
        // two moments when the machine is noisy.
        const cdp = await context.newCDPSession(page)
        await cdp.send('Performance.enable')
        await page.goto(url, { waitUntil: 'commit' })
        const measured = await page.evaluate(async (mark) => {
          // Told by an observer, not found by polling: Playwright's polling runs in every frame, on the very main
          // thread whose readiness is measured.
          await new Promise<void>((resolve, reject) => {
            setTimeout(() => reject(new Error(`no ${mark} mark within 60 s`)), 60_000)
            new PerformanceObserver((list, observer) => {
              if (list.getEntriesByName(mark).length === 0) return
              observer.disconnect()
              resolve()
            }).observe({ type: 'mark', buffered: true })
          })
          const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN
          const largest = await new Promise<number>((resolve) => {
            new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? Number.NaN)).observe({
              type: 'largest-contentful-paint',
              buffered: true,
            })
          })
          return { paint, largest, tap: (performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN) - paint }
        }, READY_MARK)
        paints.push(measured.paint)
        largestPaints.push(measured.largest)
        times.push(measured.tap)
        const { metrics } = await cdp.send('Performance.getMetrics')
        const metric = (name: string) => (metrics.find((entry) => entry.name === name)?.value ?? Number.NaN) * 1000
        mainThread.push({
          task: metric('TaskDuration'),
          script: metric('ScriptDuration'),
          styleLayout: metric('RecalcStyleDuration') + metric('LayoutDuration'),
        })
      } finally {
        await context.close()
      }
    }
    const list = (values: number[]) => values.map((ms) => Math.round(ms)).join('/')
    console.log(`  ${label}: first paint at ${list(paints)} ms, largest paint at ${list(largestPaints)} ms`)
    console.log(`  ${label}: first paint -> answers a tap, ${list(times)} ms`)
    const medianOf = (key: 'task' | 'script' | 'styleLayout') => Math.round(median(mainThread.map((run) => run[key])))
    console.log(
      `  ${label}: main thread until then (median), tasks ${medianOf('task')} ms, script ${medianOf('script')} ms, style and layout ${medianOf('styleLayout')} ms`,
    )
    medians.set(label, median(times))
  }
  return medians
}

async function auditLighthouse(product: Product, tapReadiness: Map<string, number>): Promise<void> {
  const pages = auditedPages(product)
  console.log(`\n== b) Lighthouse 12.8.2, mobile defaults (simulated throttling), median of ${LIGHTHOUSE_RUNS} runs\n`)
  const rows: string[][] = [['page', ...LIGHTHOUSE_CATEGORIES, 'LCP ms', 'TBT ms', 'CLS', 'paint -> tap ms (d)']]
  for (const { label, url } of pages) {
    const scores: Record<CategoryId, number[]> = {
      performance: [],
      accessibility: [],
      'best-practices': [],
      seo: [],
    }
    const lcp: number[] = []
    const tbt: number[] = []
    const cls: number[] = []
    const failed: string[] = []
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
      })
      try {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...LIGHTHOUSE_CATEGORIES],
        })
        if (!result) throw new Error('Lighthouse returned no result')
        const { lhr } = result
        const reportDir = process.env.AUDIT_REPORTS
        if (reportDir) {
          fs.mkdirSync(reportDir, { recursive: true })
          fs.writeFileSync(path.join(reportDir, `${label}-${run + 1}.json`), JSON.stringify(lhr))
        }
        if (lhr.runtimeError) {
          // A run that could not load the page scores 0; it says nothing about the page, so it is left out.
          console.log(`  ${label} run ${run + 1}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message} (not counted)`)
          continue
        }
        for (const id of LIGHTHOUSE_CATEGORIES) scores[id].push(Math.round((lhr.categories[id]?.score ?? 0) * 100))
        lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN)
        tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN)
        cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN)
        if (scores.performance.length === 1) {
          for (const audit of Object.values(lhr.audits)) {
            if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') {
              failed.push(
                `${audit.id} (${Math.round(audit.score * 100)})${audit.displayValue ? ` ${audit.displayValue}` : ''}${issuesOf(audit)}`,
              )
            }
          }
        }
      } finally {
        chrome.kill()
      }
    }
    rows.push([
      label,
      ...LIGHTHOUSE_CATEGORIES.map((id) => String(median(scores[id]))),
      String(Math.round(median(lcp))),
      String(Math.round(median(tbt))),
      median(cls).toFixed(3),
      String(Math.round(tapReadiness.get(label) ?? Number.NaN)),
    ])
    console.log(`${label}: runs ${LIGHTHOUSE_CATEGORIES.map((id) => `${id} ${scores[id].join('/')}`).join(', ')}`)
    if (failed.length > 0) console.log(`  audits below 90 (first counted run): ${failed.join('; ')}`)
  }
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? []
  console.log('')
  for (const [index, row] of rows.entries()) {
    console.log(`| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`)
    if (index === 0) console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
  }
}

const WEB_SRC = path.resolve(packageDir, '../../apps/web/src')

/**
 * Names of the web app's admin-only modules (apps/web/src/routes/admin/**, features/admin-*): Vite names a chunk
 * after its main module, so `login.page-<hash>.js` comes from routes/admin/login.page.tsx.
 */
function adminModuleNames(): string[] {
  const folders = [
    path.join(WEB_SRC, 'routes/admin'),
    ...fs
      .readdirSync(path.join(WEB_SRC, 'features'))
      .filter((name) => name.startsWith('admin'))
      .map((name) => path.join(WEB_SRC, 'features', name)),
  ]
  return folders
    .filter((folder) => fs.existsSync(folder))
    .flatMap((folder) => fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.basename(file).replace(/\.tsx?$/, ''))
}

function isAdminChunk(pathname: string, adminModules: string[]): boolean {
  const file = path.basename(pathname)
  return /admin/i.test(file) || adminModules.some((name) => file.startsWith(`${name}-`))
}

async function auditHomeJavaScript(browser: Browser): Promise<boolean> {
  console.log('\n== c) JavaScript of a cold load of /\n')
  const context = await browser.newContext({ baseURL: BASE_URL })
  const page = await context.newPage()
  const scripts: Array<{ url: string; transfer: number; raw: number; gzip: number }> = []
  const pending: Promise<void>[] = []
  // A chunk fetched into the cache before the first paint and run from it after is one file: counted once, with
  // the bytes it took on the network.
  page.on('response', (response) => {
    const url = response.url()
    if (!new URL(url).pathname.endsWith('.js')) return
    pending.push(
      (async () => {
        const body = await response.body()
        const sizes = await response.request().sizes()
        const entry = { url, transfer: sizes.responseBodySize, raw: body.length, gzip: gzipSync(body).length }
        const seen = scripts.find((script) => script.url === url)
        if (!seen) scripts.push(entry)
        else {
          // The fetch's own response may come without its body (the page read it); the run from the cache has it.
          seen.transfer = Math.max(seen.transfer, entry.transfer)
          seen.raw = Math.max(seen.raw, entry.raw)
          seen.gzip = Math.max(seen.gzip, entry.gzip)
        }
      })(),
    )
  })
  await page.goto('/')
  await settle(page)
  await Promise.all(pending)
  await context.close()

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
  for (const script of scripts.sort((a, b) => b.gzip - a.gzip)) {
    const name = new URL(script.url).pathname
    console.log(`${name.padEnd(48)} raw ${kb(script.raw).padStart(9)}  gzip ${kb(script.gzip).padStart(8)}`)
  }
  const sum = (key: 'raw' | 'gzip' | 'transfer') => scripts.reduce((total, s) => total + s[key], 0)
  console.log(
    `total: ${scripts.length} files, raw ${kb(sum('raw'))}, gzipped ${kb(sum('gzip'))}, ` +
      `over the wire ${kb(sum('transfer'))}${sum('transfer') >= sum('raw') ? ' (the server sends JS uncompressed)' : ''}`,
  )
  const adminModules = adminModuleNames()
  const adminChunks = scripts.filter((s) => isAdminChunk(new URL(s.url).pathname, adminModules))
  if (adminChunks.length > 0) {
    console.log(`ADMIN CHUNKS LOADED BY THE STOREFRONT: ${adminChunks.map((s) => s.url).join(', ')}`)
    return false
  }
  console.log(`no admin chunk requested (checked against 'admin' and ${adminModules.length} admin module names)`)
  return true
}

/** What a failed best-practice audit found, in brief: the browser's issue types, or the first items' text. */
function issuesOf(audit: { id: string; details?: unknown }): string {
  const items = (audit.details as { items?: Array<Record<string, unknown>> } | undefined)?.items
  if (!items || items.length === 0) return ''
  const text = items
    .slice(0, 3)
    .map((item) => JSON.stringify(item).slice(0, 300))
    .join('; ')
  return ['inspector-issues', 'errors-in-console', 'deprecations'].includes(audit.id) ? ` [${text}]` : ''
}

async function main() {
  const { child, runDir } = await startServer()
  let exitCode = 0
  try {
    const product = await pickProduct()
    await usePhotos(product)
    if (process.env.AUDIT_PREPARE_ONLY === '1') {
      console.log('AUDIT_PREPARE_ONLY: stopping before the audit')
      return
    }
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    try {
      const only = process.env.AUDIT_ONLY
      if (!only && printAxe(await auditAccessibility(browser, product)) > 0) exitCode = 1
      console.log(
        `\n== d) first contentful paint -> the page answers a tap: 390 px, CPU slowed ${CPU_SLOWDOWN}x, slow 4G, ${TAP_RUNS} cold loads\n`,
      )
      const tapReadiness = await auditTapReadiness(browser, product)
      if (only !== 'tap') await auditLighthouse(product, tapReadiness)
      if (!only && !(await auditHomeJavaScript(browser))) exitCode = 1
    } finally {
      await browser.close()
    }
  } finally {
    child.kill()
    fs.rmSync(runDir, { recursive: true, force: true })
  }
  console.log(exitCode === 0 ? '\naudit passed' : '\naudit FAILED (see above)')
  process.exitCode = exitCode
}

await main()
