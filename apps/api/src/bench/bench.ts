/**
 * pnpm bench: starts the built API on a freshly seeded database in a child process and measures it with
 * autocannon from this one, so the two share the 2 cores as a server and its clients would. Each catalog read is
 * printed next to a bare Fastify route in the same server (ratio = endpoint / bare), then server-rendered pages
 * as kept after their first render (same ratio) and as rendered afresh (time per render); then orders per second.
 * Each run also prints the server's CPU time per request and, for reads, the bare route's CPU time over the
 * endpoint's ("by CPU", user and system time of the whole process, the kernel's sending included). The clients
 * drop response bodies (dropBodies).
 * It runs once on an SQLite file and once on a new PostgreSQL database (BENCH_POSTGRES_URL, default the local
 * server; skipped with a note when none answers), and prints the two side by side. Last, it renders invoice PDFs
 * in this process and prints the time per invoice.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { startSmtpInbox } from '../testing/smtp-inbox'
import { type BaseBuild, prepareBase } from './bench-base'
import { adminHeaders, type BenchServer, createBenchDatabase, startBenchServer } from './bench-process'
import { measureInvoices } from './invoice-bench'

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50

interface Figures {
  requestsPerSecond: number
  p99: number
  non2xx: number
  /** The server's CPU time per request answered, in microseconds. */
  serverMicros?: number
}

/**
 * Makes an autocannon client drop response bodies instead of keeping each as a string: decoding a compressed page
 * (binary) as UTF-8 took three quarters of the client's CPU, so the client, not the server, set the kept pages'
 * rate. The bench reads statuses only. (autocannon 8 keeps the body in `pipelinedRequests.addBody`; a version
 * without it keeps its bodies, and the bench still runs.)
 */
function dropBodies(client: unknown) {
  const queue = (client as { pipelinedRequests?: { addBody?: unknown } }).pipelinedRequests
  if (queue && typeof queue.addBody === 'function') queue.addBody = () => {}
}

async function measure(
  server: BenchServer,
  pathname: string,
  options: Partial<autocannon.Options> = {},
): Promise<Figures> {
  const cpuBefore = await server.cpuMicros()
  const result = await autocannon({
    url: `${server.base}${pathname}`,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    setupClient: dropBodies,
    ...options,
  })
  const cpu = (await server.cpuMicros()) - cpuBefore
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    serverMicros: result.requests.total > 0 ? cpu / result.requests.total : undefined,
  }
}

/** The endpoint's share of the bare route: by requests per second, and by the server's CPU time per request. */
function ratios(figures: Figures, bare: Figures): string {
  const byRate = (figures.requestsPerSecond / bare.requestsPerSecond).toFixed(2)
  if (!figures.serverMicros || !bare.serverMicros) return `ratio ${byRate}`
  return `ratio ${byRate}, by CPU ${(bare.serverMicros / figures.serverMicros).toFixed(2)}`
}

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init)
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

interface Row {
  name: string
  figures: Figures
  /** The ratio to the bare route, or what the orders check found. */
  note: string
}

const RENDERS = 50

/**
 * Pages rendered afresh: each URL differs by a query parameter the page ignores, so none is kept from an earlier
 * one; one at a time, as the time of one render is the figure.
 */
async function measureRenders(base: string, page: string): Promise<Row> {
  const times: number[] = []
  for (let i = 0; i < RENDERS; i++) {
    const started = performance.now()
    const response = await fetch(`${base}${page}?render=${i}`, { headers: { accept: 'text/html' } })
    await response.text()
    if (!response.ok) throw new Error(`${page}?render=${i} answered ${response.status}`)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length
  const p99 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)] ?? 0
  return {
    name: `GET ${page} (HTML, rendered)`,
    figures: { requestsPerSecond: 1000 / mean, p99: Math.round(p99), non2xx: 0 },
    note: `${mean.toFixed(1)} ms each`,
  }
}

interface Suite {
  rows: Row[]
  consistent: boolean
  /** The server's peak resident set over the whole suite, in bytes. */
  peakRss: number | undefined
}

/** Starts a bench server (this build's, or the base's `script`) on the database the env names, measures it, stops it. */
async function runSuite(env: Record<string, string>, script?: string): Promise<Suite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'))
  const server = await startBenchServer({ DATA_DIR: dataDir, ...MAIL_ENV, ...env }, script)
  try {
    const measured = await measureServer(server)
    return { ...measured, peakRss: server.peakRssBytes() }
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

async function measureServer(server: BenchServer): Promise<{ rows: Row[]; consistent: boolean }> {
  const { base } = server
  // `options` is missing from a base built before products had options.
  const products = await getJson<
    Array<{ id: number; stock: number; categorySlug: string | null; options?: unknown[] }>
  >(`${base}/api/products`)
  // A product sold in one form: its stock is the one its orders take.
  const sample = products.find((product) => product.categorySlug && !product.options?.length) ?? products[0]
  if (!sample?.categorySlug) throw new Error('the seeded shop has no product in a category')

  const rows: Row[] = []
  // BENCH_ONLY=orders leaves out the reads (a CPU profile of the order path, BENCH_CPU_PROFILE).
  if (process.env.BENCH_ONLY !== 'orders') rows.push(...(await measureReads(server, sample)))
  const orders = await measureOrders(server, sample)
  rows.push(orders.row)
  return { rows, consistent: orders.consistent }
}

/** The catalog reads and the server-rendered pages, each beside the bare route. */
async function measureReads(server: BenchServer, sample: { id: number; categorySlug: string | null }): Promise<Row[]> {
  const { base } = server
  // Warm up the JIT and caches before measuring.
  await measure(server, '/bench/bare', { duration: 2 })
  const bare = await measure(server, '/bench/bare')
  const rows: Row[] = [{ name: 'bare Fastify route (baseline)', figures: bare, note: 'ratio 1.00' }]
  // The same product and category on both databases: the seed is deterministic.
  const endpoints = [
    '/api/featured-products',
    `/api/categories/${sample.categorySlug}/products`,
    `/api/products/${sample.id}`,
  ]
  for (const endpoint of endpoints) {
    await measure(server, endpoint, { duration: 1 })
    const figures = await measure(server, endpoint)
    rows.push({ name: `GET ${endpoint}`, figures, note: ratios(figures, bare) })
  }
  // Server-rendered pages, kept after their first render, as a browser asks for them (brotli accepted).
  const browserHeaders = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' }
  for (const page of [`/product/${sample.id}`, `/category/${sample.categorySlug}`]) {
    await measure(server, page, { duration: 1, headers: browserHeaders })
    const figures = await measure(server, page, { headers: browserHeaders })
    rows.push({ name: `GET ${page} (HTML, kept)`, figures, note: ratios(figures, bare) })
  }
  rows.push(await measureRenders(base, `/product/${sample.id}`))
  return rows
}

/** Orders: one product with plenty of stock, ordered one unit at a time by 50 connections; then the checks. */
async function measureOrders(server: BenchServer, sample: { id: number }): Promise<{ row: Row; consistent: boolean }> {
  const { base } = server
  const auth = await adminHeaders(base)
  const target = await getJson<Record<string, unknown> & { id: number; stock: number }>(
    `${base}/api/admin/products/${sample.id}`,
    { headers: auth },
  )
  const initialStock = 1_000_000
  await getJson(`${base}/api/admin/products/${target.id}`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ ...target, stock: initialStock }),
  })
  // The orders list is paged: X-Total-Count counts them all (a base built before paging answers them all).
  const countOrders = async () => {
    // The connection kept alive since the last call may have been closed by the server while autocannon ran.
    const response = await fetch(`${base}/api/admin/orders?pageSize=1`, { headers: auth }).catch(() =>
      fetch(`${base}/api/admin/orders?pageSize=1`, { headers: auth }),
    )
    if (!response.ok) throw new Error(`GET /api/admin/orders answered ${response.status}`)
    const total = response.headers.get('x-total-count')
    return total === null ? ((await response.json()) as unknown[]).length : Number(total)
  }
  const ordersBefore = await countOrders()
  const mailsBefore = mailSink.received()
  const orderBody = JSON.stringify({
    customerName: 'Bench Buyer',
    customerEmail: 'bench@example.com',
    customerAddress: '1 Bench Street, Austin, TX 78701, USA',
    items: [{ productId: target.id, quantity: 1 }],
  })
  const orders = await autocannon({
    url: `${base}/api/orders`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: orderBody,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
  })
  // autocannon stops at the deadline with requests still in flight, which the server goes on to complete: wait
  // until the order count stops moving, then read the stock, so both figures describe the same moment.
  let ordersAfter = await countOrders()
  for (let previous = -1; previous !== ordersAfter; ) {
    previous = ordersAfter
    await new Promise((resolve) => setTimeout(resolve, 250))
    ordersAfter = await countOrders()
  }
  const after = await getJson<{ stock: number }>(`${base}/api/admin/products/${target.id}`, { headers: auth })
  const placed = ordersAfter - ordersBefore
  // Every order written took exactly one unit: the stock taken equals the orders in the database.
  const consistent = initialStock - after.stock === placed && orders.non2xx === 0 && orders.errors === 0
  const mailsInRun = mailSink.received() - mailsBefore
  const mails = await mailsSettled(mailsBefore)
  const row: Row = {
    name: 'POST /api/orders',
    figures: {
      requestsPerSecond: orders['2xx'] / DURATION_SECONDS,
      p99: orders.latency.p99,
      non2xx: orders.non2xx + orders.errors,
    },
    note:
      `${placed} orders, stock -${initialStock - after.stock}: ${consistent ? 'consistent' : 'INCONSISTENT'}; ` +
      `mails ${mailsInRun} during the run, ${mails.count} within ${mails.seconds} s`,
  }
  return { row, consistent }
}

// The mail server every suite's shop sends to, as a shop with its mail configured does (the sink counts them).
const mailSink = await startSmtpInbox({ keep: false })
const MAIL_ENV = { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mailSink.port), SMTP_SECURE: 'false' }
// How long the bench waits, after the orders, for their mails to arrive.
const MAIL_WAIT_SECONDS = Number(process.env.BENCH_MAIL_WAIT_SECONDS ?? 30)

/** Waits until no mail has arrived for two seconds, or MAIL_WAIT_SECONDS: the mails that came since `before`. */
async function mailsSettled(before: number): Promise<{ count: number; seconds: number }> {
  const started = Date.now()
  let last = mailSink.received()
  let quietSince = Date.now()
  while (Date.now() - started < MAIL_WAIT_SECONDS * 1000 && Date.now() - quietSince < 2000) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    const now = mailSink.received()
    if (now !== last) {
      last = now
      quietSince = Date.now()
    }
  }
  return { count: last - before, seconds: Math.round((Date.now() - started) / 1000) }
}

const cell = (row: Row | undefined) => {
  if (!row) return ''
  const { requestsPerSecond, p99, serverMicros, non2xx } = row.figures
  const cpu = serverMicros === undefined ? '' : `${serverMicros.toFixed(0).padStart(5)} µs CPU`
  return `${requestsPerSecond.toFixed(0).padStart(7)}/s  p99 ${String(p99).padStart(3)} ms ${cpu.padEnd(12)}  ${row.note}${non2xx ? ` (${non2xx} non-2xx)` : ''}`
}

const baseBuild = prepareBase()
const base: BaseBuild | undefined = 'script' in baseBuild ? baseBuild : undefined
if (!base && 'skipped' in baseBuild) console.log(`No base to compare with: ${baseBuild.skipped}.`)

/** This build and the base on one database each (a new one for each), one after the other on the same machine. */
async function runPair(
  database: () => Promise<{ env: Record<string, string>; drop: () => Promise<void> } | undefined>,
): Promise<{ head: Suite; base?: Suite } | undefined> {
  const runOn = async (script?: string) => {
    const created = await database()
    if (!created) return undefined
    try {
      return await runSuite(created.env, script)
    } finally {
      await created.drop()
    }
  }
  const head = await runOn()
  if (!head) return undefined
  return { head, base: base ? await runOn(base.script) : undefined }
}

// runSuite gives each SQLite run a data directory of its own.
const sqlite = await runPair(async () => ({ env: {}, drop: async () => {} }))
const postgres = await runPair(async () => {
  const created = await createBenchDatabase()
  return created && { env: { DATABASE_URL: created.url }, drop: created.drop }
})
await mailSink.close()

console.log(
  `\nBenchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per endpoint, Node ${process.version}, ${os.cpus().length} cores` +
    (base ? `; this build beside ${base.label} (BENCH_BASE), in the same run` : ''),
)
const width = 44
const megabytes = (bytes: number | undefined) => (bytes === undefined ? '?' : `${Math.round(bytes / 1024 / 1024)} MB`)
for (const [database, pair] of [
  ['SQLite file', sqlite],
  ['PostgreSQL', postgres],
] as const) {
  if (!pair) continue
  console.log(`\n${database}: this build (peak RSS ${megabytes(pair.head.peakRss)})`)
  console.log(`${''.padEnd(width)}    rate        p99   server CPU per request`)
  for (const row of pair.head.rows) console.log(`${row.name.padEnd(width)} ${cell(row)}`)
  if (!pair.base || !base) continue
  console.log(`\n${database}: ${base.label} (peak RSS ${megabytes(pair.base.peakRss)}); this build / ${base.label}`)
  // Row by row: the same measures in the same order (the sampled product's id may differ between the builds' seeds).
  for (const [index, row] of pair.base.rows.entries()) {
    const mine = pair.head.rows[index]
    const ratio = mine ? (mine.figures.requestsPerSecond / row.figures.requestsPerSecond).toFixed(2) : '-'
    const p99 = mine ? `p99 ${mine.figures.p99} vs ${row.figures.p99} ms` : ''
    console.log(`${row.name.padEnd(width)} ${cell(row)}   x${ratio} ${p99}`)
  }
}
const invoices = await measureInvoices()
console.log(
  `\nInvoice PDF, 5 lines in Latin, Greek, Cyrillic and Hebrew: ${invoices.msPerInvoice.toFixed(1)} ms per invoice ` +
    `(${invoices.count} in a row), ${(invoices.bytes / 1024).toFixed(1)} kB; the first, which loads the fonts, ` +
    `${invoices.firstMs.toFixed(0)} ms`,
)
console.log('')
const suites = [sqlite?.head, sqlite?.base, postgres?.head, postgres?.base]
if (suites.some((suite) => suite && !suite.consistent)) process.exitCode = 1
