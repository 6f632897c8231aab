/**
 * pnpm bench: starts the built API on a freshly seeded database in a child process and measures it with
 * autocannon from this one, so the two share the 2 cores as a server and its clients would. Each catalog read is
 * printed next to a bare Fastify route in the same server (ratio = endpoint / bare), then server-rendered pages
 * as kept after their first render (same ratio) and as rendered afresh (time per render); then orders per second.
 * It runs once on an SQLite file and once on a new PostgreSQL database (BENCH_POSTGRES_URL, default the local
 * server; skipped with a note when none answers), and prints the two side by side. Last, it renders invoice PDFs
 * in this process and prints the time per invoice.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { adminHeaders, createBenchDatabase, startBenchServer } from './bench-process'
import { measureInvoices } from './invoice-bench'

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50

interface Figures {
  requestsPerSecond: number
  p99: number
  non2xx: number
}

async function measure(url: string, options: Partial<autocannon.Options> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, ...options })
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  }
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

/** Starts the bench server on the database the env names, measures it, stops it. */
async function runSuite(env: Record<string, string>): Promise<{ rows: Row[]; consistent: boolean }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'))
  const server = await startBenchServer({ DATA_DIR: dataDir, ...env })
  try {
    return await measureServer(server.base)
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

async function measureServer(base: string): Promise<{ rows: Row[]; consistent: boolean }> {
  const products = await getJson<Array<{ id: number; stock: number; categorySlug: string | null; options: unknown[] }>>(
    `${base}/api/products`,
  )
  // A product sold in one form: its stock is the one its orders take.
  const sample = products.find((product) => product.categorySlug && product.options.length === 0) ?? products[0]
  if (!sample?.categorySlug) throw new Error('the seeded shop has no product in a category')

  // Warm up the JIT and caches before measuring.
  await measure(`${base}/bench/bare`, { duration: 2 })
  const bare = await measure(`${base}/bench/bare`)
  const rows: Row[] = [{ name: 'bare Fastify route (baseline)', figures: bare, note: 'ratio 1.00' }]
  // The same product and category on both databases: the seed is deterministic.
  const endpoints = [
    '/api/featured-products',
    `/api/categories/${sample.categorySlug}/products`,
    `/api/products/${sample.id}`,
  ]
  for (const endpoint of endpoints) {
    await measure(`${base}${endpoint}`, { duration: 1 })
    const figures = await measure(`${base}${endpoint}`)
    const ratio = (figures.requestsPerSecond / bare.requestsPerSecond).toFixed(2)
    rows.push({ name: `GET ${endpoint}`, figures, note: `ratio ${ratio}` })
  }
  // Server-rendered pages, kept after their first render, as a browser asks for them (brotli accepted).
  const browserHeaders = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' }
  for (const page of [`/product/${sample.id}`, `/category/${sample.categorySlug}`]) {
    await measure(`${base}${page}`, { duration: 1, headers: browserHeaders })
    const figures = await measure(`${base}${page}`, { headers: browserHeaders })
    const ratio = (figures.requestsPerSecond / bare.requestsPerSecond).toFixed(2)
    rows.push({ name: `GET ${page} (HTML, kept)`, figures, note: `ratio ${ratio}` })
  }
  rows.push(await measureRenders(base, `/product/${sample.id}`))

  // Orders: one product with plenty of stock, ordered one unit at a time by 50 connections.
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
  // The orders list is paged: X-Total-Count counts them all.
  const countOrders = async () => {
    // The connection kept alive since the last call may have been closed by the server while autocannon ran.
    const response = await fetch(`${base}/api/admin/orders?pageSize=1`, { headers: auth }).catch(() =>
      fetch(`${base}/api/admin/orders?pageSize=1`, { headers: auth }),
    )
    if (!response.ok) throw new Error(`GET /api/admin/orders answered ${response.status}`)
    return Number(response.headers.get('x-total-count'))
  }
  const ordersBefore = await countOrders()
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
  rows.push({
    name: 'POST /api/orders',
    figures: {
      requestsPerSecond: orders['2xx'] / DURATION_SECONDS,
      p99: orders.latency.p99,
      non2xx: orders.non2xx + orders.errors,
    },
    note: `${placed} orders, stock -${initialStock - after.stock}: ${consistent ? 'consistent' : 'INCONSISTENT'}`,
  })
  return { rows, consistent }
}

const cell = (row: Row | undefined) =>
  row
    ? `${row.figures.requestsPerSecond.toFixed(0).padStart(7)}/s  p99 ${String(row.figures.p99).padStart(3)} ms  ${row.note.padEnd(12)}${row.figures.non2xx ? ` (${row.figures.non2xx} non-2xx)` : ''}`
    : ''

const sqlite = await runSuite({})
const postgresDb = await createBenchDatabase()
let postgres: { rows: Row[]; consistent: boolean } | undefined
try {
  if (postgresDb) postgres = await runSuite({ DATABASE_URL: postgresDb.url })
} finally {
  await postgresDb?.drop()
}

console.log(
  `\nBenchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per endpoint, Node ${process.version}, ${os.cpus().length} cores\n`,
)
const width = 44
console.log(`${'endpoint'.padEnd(width)} ${'SQLite file'.padEnd(44)} ${postgres ? 'PostgreSQL' : ''}`)
sqlite.rows.forEach((row, i) => {
  console.log(`${row.name.padEnd(width)} ${cell(row).padEnd(44)} ${cell(postgres?.rows[i])}`)
})
const invoices = await measureInvoices()
console.log(
  `\nInvoice PDF, 5 lines in Latin, Greek, Cyrillic and Hebrew: ${invoices.msPerInvoice.toFixed(1)} ms per invoice ` +
    `(${invoices.count} in a row), ${(invoices.bytes / 1024).toFixed(1)} kB; the first, which loads the fonts, ` +
    `${invoices.firstMs.toFixed(0)} ms`,
)
console.log('')
if (!sqlite.consistent || (postgres && !postgres.consistent)) process.exitCode = 1
