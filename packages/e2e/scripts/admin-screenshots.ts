/**
 * Screenshots of every admin screen at 390 and 1280 px over a production build, to compare the look of the back
 * office before and after a change. Starts the built server on a fresh seeded temp dir, signs in through the API
 * and writes `<screen>-<width>.png` files, plus `home-js.txt` (the JS of a cold load of `/`, gzipped).
 *
 *   pnpm --filter @shop/e2e exec tsx scripts/admin-screenshots.ts <out-dir> [--server <server.js>] [--web <dist>]
 *
 * --server and --web default to this checkout's builds (`pnpm build` first); point them at another checkout's
 * builds to shoot the same screens from it (e.g. a worktree of the last commit).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { type Browser, chromium, type Page } from '@playwright/test'
import { ADMIN_PASSWORD, ADMIN_USERNAME, CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/constants'
import { serverEnv } from '../fixtures/server'

const WIDTHS = [390, 1280] as const
const HEIGHTS: Record<(typeof WIDTHS)[number], number> = { 390: 844, 1280: 800 }
// An id no seeded record has: the not-found screens.
const MISSING_ID = 999_999
const SERVER_ERROR = { code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' }

const packageDir = path.resolve(import.meta.dirname, '..')
const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: 'string', default: path.resolve(packageDir, '../../apps/api/dist/server.js') },
    web: { type: 'string', default: path.resolve(packageDir, '../../apps/web/dist') },
    only: { type: 'string' },
  },
})
function exitWithUsage(): never {
  console.error('usage: admin-screenshots.ts <out-dir> [--server <server.js>] [--web <web dist>] [--only <regex>]')
  process.exit(2)
}
const outDir = positionals[0] ?? exitWithUsage()

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function startServer(port: number, runDir: string): Promise<ChildProcess> {
  const serverScript = path.resolve(options.server)
  const webDist = path.resolve(options.web)
  if (!fs.existsSync(serverScript)) throw new Error(`${serverScript} does not exist: build the API first`)
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`${webDist} has no build: build the web first`)
  // A copy, so a build running meanwhile cannot empty the folder under the server.
  fs.cpSync(webDist, path.join(runDir, 'web'), { recursive: true })
  const child = spawn(process.execPath, [serverScript], {
    cwd: path.dirname(serverScript),
    // As the browser tests run it: the database in runDir/data, the web app from runDir/web.
    env: { ...process.env, ...serverEnv(port, runDir) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  child.kill()
  throw new Error(`the server did not answer /api/health within 60 s`)
}

interface Seeded {
  token: string
  productId: number
  categoryId: number
  orderId: number
}

/** Signs in through the API and picks the seeded records with the lowest ids, so every run shows the same ones. */
async function readSeed(baseUrl: string): Promise<Seeded> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  })
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`)
  const { token } = (await login.json()) as { token: string }
  const lowestId = async (pathname: string) => {
    const response = await fetch(`${baseUrl}${pathname}`, { headers: { authorization: `Bearer ${token}` } })
    const records = (await response.json()) as Array<{ id: number }>
    const id = Math.min(...records.map((record) => record.id))
    if (!Number.isFinite(id)) throw new Error(`${pathname} answered no records`)
    return id
  }
  return {
    token,
    productId: await lowestId('/api/admin/products'),
    categoryId: await lowestId('/api/admin/categories'),
    orderId: await lowestId('/api/admin/orders'),
  }
}

interface Shot {
  name: string
  path: (seed: Seeded) => string
  /** Signed in (the token in localStorage) unless false. */
  isSignedIn?: boolean
  /** Requests to hold back (the loading state) or to fail with a 500 (the load-error state). */
  hold?: string
  fail?: string
  /** What to do once the screen is ready, e.g. open a dialog. */
  act?: (page: Page) => Promise<void>
}

async function openDialog(page: Page, button: RegExp | string, dialog: RegExp | string) {
  await page.getByRole('button', { name: button }).first().click()
  await page.getByRole('dialog', { name: dialog }).waitFor()
}

// A file the browser takes for a PNG (by its name) that no image decoder can read: the server refuses it.
const NOT_AN_IMAGE = { name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') }

/** Chooses a file the server refuses and waits for the form's 'Upload failed' toast. */
async function uploadRefusedFile(page: Page) {
  await page.locator('input[type="file"]').setInputFiles(NOT_AN_IMAGE)
  await page.locator('.mantine-Notification-root').filter({ hasText: 'Upload failed' }).waitFor()
}

const SHOTS: Shot[] = [
  { name: 'login', path: () => '/admin/login', isSignedIn: false },
  { name: 'forgot-password', path: () => '/admin/forgot-password', isSignedIn: false },
  { name: 'dashboard', path: () => '/admin' },
  { name: 'dashboard-loading', path: () => '/admin', hold: '**/api/admin/**' },
  { name: 'products', path: () => '/admin/products' },
  { name: 'products-loading', path: () => '/admin/products', hold: '**/api/admin/products' },
  { name: 'products-error', path: () => '/admin/products', fail: '**/api/admin/products' },
  { name: 'products-empty-search', path: () => '/admin/products?q=no-such-piece' },
  {
    name: 'products-delete-dialog',
    path: () => '/admin/products',
    act: (page) => openDialog(page, /^Delete /, /delete/i),
  },
  { name: 'product-new', path: () => '/admin/products/new' },
  { name: 'product-edit', path: (seed) => `/admin/products/edit/${seed.productId}` },
  {
    name: 'product-edit-error',
    path: (seed) => `/admin/products/edit/${seed.productId}`,
    fail: '**/api/admin/products/*',
  },
  { name: 'product-not-found', path: () => `/admin/products/edit/${MISSING_ID}` },
  { name: 'product-upload-refused', path: () => '/admin/products/new', act: uploadRefusedFile },
  { name: 'categories', path: () => '/admin/categories' },
  { name: 'categories-loading', path: () => '/admin/categories', hold: '**/api/admin/categories' },
  { name: 'categories-error', path: () => '/admin/categories', fail: '**/api/admin/categories' },
  { name: 'categories-empty-search', path: () => '/admin/categories?q=no-such-collection' },
  {
    name: 'categories-delete-dialog',
    path: () => '/admin/categories',
    act: (page) => openDialog(page, /^Delete /, /delete/i),
  },
  { name: 'category-new', path: () => '/admin/categories/new' },
  { name: 'category-edit', path: (seed) => `/admin/categories/edit/${seed.categoryId}` },
  {
    name: 'category-edit-error',
    path: (seed) => `/admin/categories/edit/${seed.categoryId}`,
    fail: '**/api/admin/categories/*',
  },
  { name: 'category-not-found', path: () => `/admin/categories/edit/${MISSING_ID}` },
  { name: 'category-upload-refused', path: () => '/admin/categories/new', act: uploadRefusedFile },
  { name: 'orders', path: () => '/admin/orders' },
  { name: 'orders-loading', path: () => '/admin/orders', hold: '**/api/admin/orders' },
  { name: 'orders-error', path: () => '/admin/orders', fail: '**/api/admin/orders' },
  { name: 'orders-empty-search', path: () => '/admin/orders?q=no-such-order' },
  {
    name: 'orders-delete-dialog',
    path: () => '/admin/orders',
    act: (page) => openDialog(page, /^Delete order /, 'Are you sure?'),
  },
  { name: 'order-detail', path: (seed) => `/admin/orders/${seed.orderId}` },
  { name: 'order-detail-error', path: (seed) => `/admin/orders/${seed.orderId}`, fail: '**/api/admin/orders/*' },
  { name: 'order-not-found', path: () => `/admin/orders/${MISSING_ID}` },
  {
    name: 'order-invoice',
    path: (seed) => `/admin/orders/${seed.orderId}/invoice`,
    act: async (page) => {
      await page.locator('iframe[src^="blob:"]').waitFor()
      // The PDF viewer draws the document after the frame has loaded.
      await page.waitForTimeout(1500)
    },
  },
  { name: 'testimonials', path: () => '/admin/testimonials' },
  { name: 'testimonials-loading', path: () => '/admin/testimonials', hold: '**/api/admin/testimonials' },
  { name: 'testimonials-error', path: () => '/admin/testimonials', fail: '**/api/admin/testimonials' },
  {
    name: 'testimonials-add-dialog',
    path: () => '/admin/testimonials',
    act: (page) => openDialog(page, 'Add Testimonial', 'Add New Testimonial'),
  },
  {
    name: 'testimonials-edit-dialog',
    path: () => '/admin/testimonials',
    act: (page) => openDialog(page, /^Edit testimonial by /, 'Edit Testimonial'),
  },
  {
    name: 'testimonials-delete-dialog',
    path: () => '/admin/testimonials',
    act: (page) => openDialog(page, /^Delete testimonial by /, 'Delete Testimonial'),
  },
]

// The loaders shown while a screen's code arrives and while the session is checked.
const CODE_LOADERS = '[aria-label="Loading"], [aria-label="Checking your session"]'

/** Waits for the screen's code; a load that stalls (seen once in a while on this machine) is tried again. */
async function waitForPageCode(page: Page) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.locator(CODE_LOADERS).first().waitFor({ state: 'detached', timeout: 15_000 })
      return
    } catch (error) {
      if (attempt === 3) throw error
      console.log(`  ${page.url()}: still loading after 15 s, reloading`)
      await page.reload()
    }
  }
}

/** Waits until the screen has its data, no placeholder is left and the transitions have ended. */
async function settle(page: Page, isLoadingShot: boolean) {
  if (!isLoadingShot) {
    await page.waitForLoadState('networkidle')
    await page
      .locator('.mantine-Skeleton-root, [aria-busy="true"]')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined)
  } else {
    await page.locator('.mantine-Skeleton-root').first().waitFor()
  }
  await page.waitForTimeout(500)
}

async function shoot(browser: Browser, baseUrl: string, seed: Seeded, shot: Shot, width: (typeof WIDTHS)[number]) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: HEIGHTS[width] } })
  if (shot.isSignedIn !== false) {
    await context.addInitScript((token) => localStorage.setItem('adminToken', token), seed.token)
  }
  const page = await context.newPage()
  try {
    if (shot.hold) await page.route(shot.hold, () => undefined)
    if (shot.fail) {
      await page.route(shot.fail, (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(SERVER_ERROR) })
          : route.continue(),
      )
    }
    await page.goto(shot.path(seed))
    await waitForPageCode(page)
    await settle(page, Boolean(shot.hold))
    if (shot.act) {
      await shot.act(page)
      await page.waitForTimeout(500)
    }
    await page.screenshot({
      path: path.join(outDir, `${shot.name}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
    })
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await context.close()
  }
}

/** The JS of a cold load of the home page, gzipped as in scripts/audit-web.ts. */
async function measureHomeJs(browser: Browser, baseUrl: string): Promise<string> {
  const context = await browser.newContext({ baseURL: baseUrl })
  const page = await context.newPage()
  const scripts: Array<{ file: string; gzip: number }> = []
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    const { pathname } = new URL(response.url())
    if (!pathname.endsWith('.js')) return
    pending.push(response.body().then((body) => void scripts.push({ file: pathname, gzip: gzipSync(body).length })))
  })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  await Promise.all(pending)
  await context.close()
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0)
  const lines = scripts.map((script) => `${script.file} ${kb(script.gzip)}`)
  return `${lines.join('\n')}\ntotal: ${scripts.length} file(s), ${kb(total)} gzipped\n`
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true })
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-admin-shots-'))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const child = await startServer(port, runDir)
  const only = options.only ? new RegExp(options.only) : undefined
  try {
    const seed = await readSeed(baseUrl)
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_ARGS] })
    try {
      for (const shot of SHOTS.filter((s) => !only || only.test(s.name))) {
        for (const width of WIDTHS) {
          await shoot(browser, baseUrl, seed, shot, width)
          console.log(`${shot.name}-${width}.png`)
        }
      }
      const homeJs = await measureHomeJs(browser, baseUrl)
      fs.writeFileSync(path.join(outDir, 'home-js.txt'), homeJs)
      console.log(homeJs)
    } finally {
      await browser.close()
    }
  } finally {
    child.kill()
    fs.rmSync(runDir, { recursive: true, force: true })
  }
}

await main()
