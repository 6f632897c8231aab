/**
 * pnpm bench:admin: the back office at 1,000,000 orders (BENCH_ORDERS), on an SQLite file and on a new PostgreSQL
 * database. For each, the built API starts once to create and seed the shop, the orders go straight into its
 * tables (fillOrders, not through HTTP), and the API starts again on the filled database. Then, one request at a
 * time as an admin works: p50 and p99 of each list, search and dashboard call (BENCH_RUNS each, after a warm-up),
 * the orders export's rows per second and the server's peak memory while it streams, and in Chromium the time
 * until the Orders screen shows its first rows and until a search shows its result.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createDb, type DbOptions } from '@shop/db/client'
import { customerOf, fillOrders } from '@shop/db/fill-orders'
import { chromium } from 'playwright-core'
import {
  adminHeaders,
  BENCH_ADMIN_PASSWORD,
  type BenchServer,
  createBenchDatabase,
  startBenchServer,
} from './bench-process'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 100)
const WARM_UP_RUNS = 5
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROMIUM_RUNS = 5

interface Timing {
  name: string
  p50: number
  p99: number
  note: string
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number

function timingOf(name: string, samples: number[], note = ''): Timing {
  const sorted = [...samples].sort((a, b) => a - b)
  return { name, p50: percentile(sorted, 50), p99: percentile(sorted, 99), note }
}

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)

/** The admin calls of the screens, as an admin's browser makes them. */
function adminCalls(): Array<[string, string]> {
  return [
    ['orders: page 1, newest first', '/api/admin/orders?pageSize=25'],
    ['orders: page 20,000', '/api/admin/orders?pageSize=25&page=20000'],
    ['orders: by total, largest first', '/api/admin/orders?pageSize=25&sort=total-desc'],
    ['orders: processing, last 30 days', `/api/admin/orders?pageSize=25&status=processing&from=${isoDay(30)}`],
    ['orders: completed, all time', '/api/admin/orders?pageSize=25&status=completed'],
    ['orders: a week, 90 days ago', `/api/admin/orders?pageSize=25&from=${isoDay(96)}&to=${isoDay(90)}`],
    ['orders: search a common surname', `/api/admin/orders?pageSize=25&q=${encodeURIComponent('Núñez')}`],
    ['orders: search a customer name', `/api/admin/orders?pageSize=25&q=${encodeURIComponent(customerOf(42).name)}`],
    ['orders: search an e-mail', `/api/admin/orders?pageSize=25&q=${encodeURIComponent(customerOf(4242).email)}`],
    ['orders: search an order number', `/api/admin/orders?pageSize=25&q=ORD-${1000 + Math.round(ORDERS / 2)}`],
    ['orders: search with no hit', '/api/admin/orders?pageSize=25&q=zzqqzz'],
    ['products: page 1', '/api/admin/products?pageSize=25'],
    ['products: search', '/api/admin/products?pageSize=25&q=cross'],
    ['dashboard: stats', '/api/admin/dashboard/stats'],
    ['dashboard: sales, 30 days by day', '/api/admin/dashboard/sales?days=30&interval=day'],
    ['dashboard: sales, 365 days by week', '/api/admin/dashboard/sales?days=365&interval=week'],
    ['dashboard: sales, 365 days by day', '/api/admin/dashboard/sales?days=365&interval=day'],
    ['dashboard: top products, 365 days', '/api/admin/dashboard/top-products?days=365'],
    ['dashboard: recent orders', '/api/admin/recent-orders'],
    ['dashboard: low stock', '/api/admin/low-stock-products'],
  ]
}

async function timeCalls(base: string, headers: Record<string, string>): Promise<Timing[]> {
  const timings: Timing[] = []
  for (const [name, url] of adminCalls()) {
    const samples: number[] = []
    let total = ''
    for (let run = 0; run < WARM_UP_RUNS + RUNS; run++) {
      const started = performance.now()
      const response = await fetch(`${base}${url}`, { headers })
      await response.arrayBuffer()
      if (!response.ok) throw new Error(`${url} answered ${response.status}`)
      if (run >= WARM_UP_RUNS) samples.push(performance.now() - started)
      total = response.headers.get('x-total-count') ?? ''
    }
    const timing = timingOf(name, samples, total ? `${Number(total).toLocaleString('en-US')} match` : '')
    console.log(`  ${name}: p50 ${timing.p50.toFixed(1)} ms, p99 ${timing.p99.toFixed(1)} ms`)
    timings.push(timing)
  }
  return timings
}

/** The server's resident memory now, from /proc (Linux). */
function residentMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kilobytes / 1024
}

/** Streams the full orders export, counting rows, while sampling the server's memory every 50 ms. */
async function timeExport(server: BenchServer, headers: Record<string, string>): Promise<string> {
  const before = residentMegabytes(server.pid)
  let peak = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMegabytes(server.pid))
  }, 50)
  const started = performance.now()
  let rows = -1 // the header
  let bytes = 0
  try {
    const response = await fetch(`${server.base}/api/admin/orders/export`, { headers })
    if (response.status === 400 || response.status === 404) return 'no orders export on this server'
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`)
    for await (const chunk of response.body) {
      bytes += chunk.byteLength
      for (const byte of chunk) if (byte === 10) rows++
    }
  } finally {
    clearInterval(sampler)
  }
  const seconds = (performance.now() - started) / 1000
  return (
    `${rows.toLocaleString('en-US')} lines in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString('en-US')} rows/s, ` +
    `${(bytes / 1024 / 1024).toFixed(0)} MB); server memory ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB ` +
    `(+${(peak - before).toFixed(0)} MB)`
  )
}

/**
 * Marks, in the page's own clock, when the first row of a table shows an order, and when it shows the text a
 * search waits for: polling from outside would add its own interval to every figure.
 */
const MARK_ROWS = `
  window.__marks = {}
  new MutationObserver(() => {
    const text = document.querySelector('tbody tr')?.textContent ?? ''
    const marks = window.__marks
    if (!marks.firstRow && /ORD-\\d+/.test(text)) marks.firstRow = performance.now()
    if (marks.want && !marks.found && text.includes(marks.want)) marks.found = performance.now()
  }).observe(document, { subtree: true, childList: true, characterData: true })
`

interface Marks {
  firstRow?: number
  want?: string
  typed?: number
  found?: number
}

/**
 * In Chromium: signs in, then times the Orders screen from navigation start to its first rows (a full load, the
 * admin's code from the browser's cache), and a search from the moment it is typed to its first result.
 */
async function timeScreens(base: string): Promise<Timing[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.addInitScript(MARK_ROWS)
    await page.goto(`${base}/admin/login`)
    await page.getByLabel('Username').fill('admin')
    await page.getByLabel('Password', { exact: true }).fill(BENCH_ADMIN_PASSWORD)
    await page.getByRole('button', { name: 'Login' }).click()
    await page.waitForURL(`${base}/admin`)
    const marks = () => page.evaluate(() => (globalThis as unknown as { __marks: Marks }).__marks)
    const loads: number[] = []
    const searches: number[] = []
    for (let run = 0; run <= CHROMIUM_RUNS; run++) {
      await page.goto(`${base}/admin/orders`)
      await page
        .locator('tbody tr')
        .first()
        .getByText(/^ORD-\d+$/)
        .waitFor()
      // Part of an e-mail address, as an owner would type it from a buyer's message.
      const customer = customerOf(10 + run).email.split('@')[0] as string
      await page.evaluate((want) => {
        const state = (globalThis as unknown as { __marks: Marks }).__marks
        Object.assign(state, { want, typed: performance.now(), found: undefined })
      }, customer)
      await page.getByLabel('Search orders').fill(customer)
      await page.locator('tbody tr').first().getByText(customer).waitFor()
      const { firstRow, typed, found } = await marks()
      // The first run fetches the admin's code; the others load it from the browser's cache, as an admin's do.
      if (run === 0) continue
      loads.push(firstRow as number)
      searches.push((found as number) - (typed as number))
    }
    return [
      timingOf('Orders screen: first rows (full load)', loads, `${CHROMIUM_RUNS} loads`),
      timingOf(
        'Orders screen: search result',
        searches,
        `${CHROMIUM_RUNS} searches, the screen's 200 ms debounce included`,
      ),
    ]
  } finally {
    await browser.close()
  }
}

interface Suite {
  fillSeconds: number
  timings: Timing[]
  exportNote: string
}

async function runSuite(label: string, env: Record<string, string>, database: DbOptions): Promise<Suite> {
  // The first start creates and seeds the shop; the orders then go straight into its tables.
  const seeding = await startBenchServer(env)
  await seeding.stop()
  const db = createDb(database)
  const filling = performance.now()
  try {
    await fillOrders(db, {
      count: ORDERS,
      onProgress: (done) => {
        if (done % 100_000 === 0 || done === ORDERS) process.stdout.write(`\r${label}: ${done} orders`)
      },
    })
  } finally {
    await db.destroy()
  }
  const fillSeconds = (performance.now() - filling) / 1000
  console.log(` in ${fillSeconds.toFixed(0)} s`)
  const server = await startBenchServer(env)
  try {
    const headers = await adminHeaders(server.base)
    const timings = await timeCalls(server.base, headers)
    timings.push(...(await timeScreens(server.base)))
    const exportNote = await timeExport(server, headers)
    return { fillSeconds, timings, exportNote }
  } finally {
    await server.stop()
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-admin-bench-'))
const suites: Array<[string, Suite]> = []
try {
  suites.push([
    'SQLite file',
    await runSuite('SQLite', { DATA_DIR: dataDir }, { sqliteFile: path.join(dataDir, 'shop.db') }),
  ])
  const postgres = await createBenchDatabase('shop_admin_bench')
  if (postgres) {
    try {
      suites.push([
        'PostgreSQL',
        await runSuite('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: postgres.url }, { postgresUrl: postgres.url }),
      ])
    } finally {
      await postgres.drop()
    }
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true })
}

console.log(
  `\nAdmin benchmark: ${ORDERS.toLocaleString('en-US')} orders, ${RUNS} requests per call one at a time, ` +
    `Node ${process.version}, ${os.cpus().length} cores\n`,
)
const [first] = suites
const width = 48
console.log(`${'call (ms)'.padEnd(width)}${suites.map(([name]) => name.padEnd(34)).join('')}`)
first?.[1].timings.forEach((timing, i) => {
  const cells = suites.map(([, suite]) => {
    const t = suite.timings[i] as Timing
    return `p50 ${t.p50.toFixed(1).padStart(6)}  p99 ${t.p99.toFixed(1).padStart(6)}  `.padEnd(34)
  })
  console.log(`${timing.name.padEnd(width)}${cells.join('')}${timing.note}`)
})
for (const [name, suite] of suites) {
  console.log(`\n${name}: filled in ${suite.fillSeconds.toFixed(0)} s; export: ${suite.exportNote}`)
}
console.log('')
