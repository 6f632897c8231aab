/**
 * pnpm bench: starts the built API on a freshly seeded database in a child process and measures it from this one,
 * so the two share the 2 cores as a server and its clients would: the reads with wrk where it is installed (./wrk.ts),
 * the orders with autocannon (each connection a buyer of its own). Each catalog read, and each server-rendered page
 * as kept after its first render, is measured in turns with a bare Fastify route in the same server and printed
 * with its ratio to the bare route's turns beside it (ratio = endpoint / bare); then pages rendered afresh (time
 * per render); then orders per second, this build's and the base's (BENCH_BASE) in turns, each build's server
 * stopped while the other's runs.
 * Each run also prints the server's CPU time per request and, for reads, the bare route's CPU time over the
 * endpoint's ("by CPU", user and system time of the whole process, the kernel's sending included). Neither load
 * generator keeps the response bodies (dropBodies for autocannon).
 * It runs once on an SQLite file and once on a new PostgreSQL database (BENCH_POSTGRES_URL, default the local
 * server; skipped with a note when none answers), and prints the two side by side. Last, it renders invoice PDFs
 * in this process and prints the time per invoice.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startStripeStandIn } from '@shop/stripe-stand-in'
import autocannon from 'autocannon'
import { type SmtpInbox, startSmtpInbox } from '../testing/smtp-inbox'
import { type BaseBuild, prepareBase } from './bench-base'
import { adminHeaders, type BenchServer, createBenchDatabase, startBenchServer } from './bench-process'
import { measureInvoices } from './invoice-bench'
import { hasWrk, runWrk } from './wrk'

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50

interface Figures {
  requestsPerSecond: number
  p99: number
  non2xx: number
  /** The server's CPU time per request answered, in microseconds. */
  serverMicros?: number
  /**
   * Cores busy during the run: the server's process, and this process (the load generator, and the Stripe stand-in
   * for card orders). A server near one core (its JavaScript runs on one thread) with the load generator below it
   * is the server setting the rate, not the client.
   */
  cores?: { server: number; client: number }
}

/** Cores used by this process and by the server from `start` on: CPU time over the time passed. */
async function coresSince(
  server: BenchServer,
  start: { at: number; own: NodeJS.CpuUsage; server: number },
): Promise<{ server: number; client: number; wallMicros: number }> {
  const wallMicros = (performance.now() - start.at) * 1000
  const own = process.cpuUsage(start.own)
  const serverMicros = await server.cpuMicros()
  return {
    server: (serverMicros - start.server) / wallMicros,
    client: (own.user + own.system) / wallMicros,
    wallMicros,
  }
}

async function coresStart(server: BenchServer) {
  return { at: performance.now(), own: process.cpuUsage(), server: await server.cpuMicros() }
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

/** wrk measures the reads where it is installed; autocannon, in this process, where it is not (./wrk.ts says why). */
const READS_BY_WRK = hasWrk()

/** CONNECTIONS clients asking for one path for `duration` seconds (DURATION_SECONDS unless given). */
async function measure(
  server: BenchServer,
  pathname: string,
  options: { duration?: number; headers?: Record<string, string> } = {},
): Promise<Figures> {
  const seconds = options.duration ?? DURATION_SECONDS
  const started = await coresStart(server)
  const url = `${server.base}${pathname}`
  let answered: { requestsPerSecond: number; p99: number; non2xx: number; total: number; clientMicros: number }
  if (READS_BY_WRK) {
    const result = await runWrk({ url, connections: CONNECTIONS, seconds, headers: options.headers })
    answered = {
      requestsPerSecond: result.requestsPerSecond,
      p99: Number(result.p99.toFixed(1)),
      non2xx: result.failures,
      total: result.requestsPerSecond * seconds,
      clientMicros: result.cpuMicros,
    }
  } else {
    const result = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: seconds,
      headers: options.headers,
      setupClient: dropBodies,
    })
    answered = {
      requestsPerSecond: result.requests.average,
      p99: result.latency.p99,
      non2xx: result.non2xx + result.errors,
      total: result.requests.total,
      clientMicros: 0,
    }
  }
  const cpu = (await server.cpuMicros()) - started.server
  const cores = await coresSince(server, started)
  return {
    requestsPerSecond: answered.requestsPerSecond,
    p99: answered.p99,
    non2xx: answered.non2xx,
    serverMicros: answered.total > 0 ? cpu / answered.total : undefined,
    cores: { server: cores.server, client: cores.client + answered.clientMicros / cores.wallMicros },
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

/** Like getJson, for a route an older build may not have: undefined when the build answers 404 for it. */
async function getJsonIfServed<T>(url: string, init?: RequestInit): Promise<T | undefined> {
  const response = await fetch(url, init)
  if (response.status === 404) {
    await response.body?.cancel()
    return undefined
  }
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

/** A build's server on its own new database, with what its orders name. */
interface Opened {
  server: BenchServer
  /** The mail server of this suite's shop. */
  mails: SmtpInbox
  sample: { id: number; categorySlug: string | null }
  withOptions: { id: number } | undefined
  close: () => Promise<void>
}

/** Starts a bench server (this build's, or the base's `script`) on the database `env` names (a new SQLite file else). */
async function openSuite(env: Record<string, string>, script?: string): Promise<Opened> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'))
  const mails = await startSmtpInbox({ keep: false })
  const server = await startBenchServer(
    { DATA_DIR: dataDir, ...SHOP_ENV, SMTP_PORT: String(mails.port), ...env },
    script,
  ).catch(async (error: unknown) => {
    await mails.close()
    throw error
  })
  const close = async () => {
    await server.stop()
    await mails.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    // `options` is missing from a base built before products had options.
    const products = await getJson<
      Array<{ id: number; stock: number; categorySlug: string | null; options?: unknown[] }>
    >(`${server.base}/api/products`)
    // A product sold in one form: its stock is the one its orders take.
    const sample = products.find((product) => product.categorySlug && !product.options?.length) ?? products[0]
    if (!sample?.categorySlug) throw new Error('the seeded shop has no product in a category')
    // A product with options whose variants all take stock: a share of the orders name one of its variants.
    const withOptions = products.find((product) => product.id !== sample.id && (product.options?.length ?? 0) > 0)
    return { server, mails, sample, withOptions, close }
  } catch (error) {
    await close()
    throw error
  }
}

// What is compared is measured in turns, TURNS of TURN_SECONDS each (DURATION_SECONDS in all): a read with the bare
// route, this build's orders with the base's. This machine's speed moves by half within minutes (the same bare route
// ran at 11,000 and 20,000 requests a second four minutes apart), so two figures measured minutes apart compared two
// machines. The build not running is stopped (SIGSTOP), so that its mail sender, which sends the mails of its
// orders once they pause, does not take the other's time.
const TURNS = 5
const TURN_SECONDS = Math.max(1, Math.round(DURATION_SECONDS / TURNS))

/**
 * This build and the base, each on a new database of its own and running one at a time: each one's reads (in
 * turns with its own bare route), then their orders in turns, then each one's card orders.
 */
async function runPair(
  database: () => Promise<{ env: Record<string, string>; drop: () => Promise<void> } | undefined>,
): Promise<{ head: Suite; base?: Suite } | undefined> {
  const databases: Array<{ drop: () => Promise<void> }> = []
  const suites: Opened[] = []
  const open = async (script?: string) => {
    const created = await database()
    if (!created) return undefined
    databases.push(created)
    const opened = await openSuite(created.env, script)
    suites.push(opened)
    return opened
  }
  // Only the suite being measured runs.
  const focus = (suite: Opened) => {
    for (const other of suites) if (other !== suite) other.server.pause()
    suite.server.resume()
  }
  try {
    const head = await open()
    if (!head) return undefined
    const other = base ? await open(base.script) : undefined
    const measured = [head, ...(other ? [other] : [])].map((suite) => ({ suite, rows: [] as Row[], consistent: true }))
    // BENCH_ONLY=orders leaves out the reads (a CPU profile of the order path, BENCH_CPU_PROFILE); BENCH_ONLY=reads
    // the orders.
    if (process.env.BENCH_ONLY !== 'orders') {
      for (const entry of measured) {
        focus(entry.suite)
        entry.rows.push(...(await measureReads(entry.suite.server, entry.suite.sample)))
      }
    }
    if (process.env.BENCH_ONLY !== 'reads') {
      const ordering: Array<{ entry: (typeof measured)[number]; prepared: PreparedOrders; slices: Figures[] }> = []
      for (const entry of measured) {
        const { suite } = entry
        focus(suite)
        const prepared = await prepareOrders(suite.server, suite.mails, suite.sample, suite.withOptions)
        ordering.push({ entry, prepared, slices: [] })
      }
      for (let turn = 0; turn < TURNS; turn++) {
        for (const { entry, prepared, slices } of ordering) {
          focus(entry.suite)
          slices.push(await postAsBuyers(entry.suite.server, prepared.requests, TURN_SECONDS))
        }
      }
      for (const { entry, prepared, slices } of ordering) {
        focus(entry.suite)
        const orders = await prepared.finish(combined(slices))
        entry.rows.push(orders.row)
        entry.consistent &&= orders.consistent
      }
      for (const entry of measured) {
        focus(entry.suite)
        const cardOrders = await measureCardOrders(entry.suite.server, entry.suite.sample)
        if (cardOrders.row) entry.rows.push(cardOrders.row)
        entry.consistent &&= cardOrders.consistent
      }
    }
    const [mine, theirs] = measured.map(
      (entry): Suite => ({
        rows: entry.rows,
        consistent: entry.consistent,
        peakRss: entry.suite.server.peakRssBytes(),
      }),
    )
    return { head: mine as Suite, base: theirs }
  } finally {
    for (const suite of suites) suite.server.resume()
    for (const suite of suites) await suite.close()
    for (const created of databases) await created.drop()
  }
}

/** The figures of equal slices as one: rates and CPU averaged over the requests, the p99 the slices' median. */
function combined(slices: Figures[]): Figures {
  const rate = slices.reduce((sum, slice) => sum + slice.requestsPerSecond, 0) / slices.length
  const p99s = slices.map((slice) => slice.p99).sort((a, b) => a - b)
  const weighed = (value: (slice: Figures) => number | undefined) =>
    slices.every((slice) => value(slice) !== undefined)
      ? slices.reduce((sum, slice) => sum + (value(slice) ?? 0) * slice.requestsPerSecond, 0) / (rate * slices.length)
      : undefined
  const cores = slices.every((slice) => slice.cores)
    ? {
        server: slices.reduce((sum, slice) => sum + (slice.cores?.server ?? 0), 0) / slices.length,
        client: slices.reduce((sum, slice) => sum + (slice.cores?.client ?? 0), 0) / slices.length,
      }
    : undefined
  return {
    requestsPerSecond: rate,
    p99: p99s[Math.floor(p99s.length / 2)] ?? 0,
    non2xx: slices.reduce((sum, slice) => sum + slice.non2xx, 0),
    serverMicros: weighed((slice) => slice.serverMicros),
    cores,
  }
}

/** A read and the bare route in turns (the bare route, then the read), its ratio taken over the bare route's turns. */
async function measureBesideBare(
  server: BenchServer,
  pathname: string,
  headers?: Record<string, string>,
): Promise<{ figures: Figures; bare: Figures }> {
  await measure(server, pathname, { duration: 1, headers })
  const mine: Figures[] = []
  const bare: Figures[] = []
  for (let turn = 0; turn < TURNS; turn++) {
    bare.push(await measure(server, '/bench/bare', { duration: TURN_SECONDS }))
    mine.push(await measure(server, pathname, { duration: TURN_SECONDS, headers }))
  }
  return { figures: combined(mine), bare: combined(bare) }
}

/** The catalog reads and the server-rendered pages, each beside the bare route in the same minutes. */
async function measureReads(server: BenchServer, sample: { id: number; categorySlug: string | null }): Promise<Row[]> {
  const { base } = server
  // Warm up the JIT and caches before measuring.
  await measure(server, '/bench/bare', { duration: 2 })
  // The same product and category on both databases: the seed is deterministic. Server-rendered pages are asked
  // for as kept after their first render, as a browser asks for them (brotli accepted).
  const browserHeaders = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' }
  const reads: Array<{ name: string; pathname: string; headers?: Record<string, string> }> = [
    { name: 'GET /api/featured-products', pathname: '/api/featured-products' },
    {
      name: `GET /api/categories/${sample.categorySlug}/products`,
      pathname: `/api/categories/${sample.categorySlug}/products`,
    },
    { name: `GET /api/products/${sample.id}`, pathname: `/api/products/${sample.id}` },
    { name: `GET /product/${sample.id} (HTML, kept)`, pathname: `/product/${sample.id}`, headers: browserHeaders },
    {
      name: `GET /category/${sample.categorySlug} (HTML, kept)`,
      pathname: `/category/${sample.categorySlug}`,
      headers: browserHeaders,
    },
  ]
  const measured: Row[] = []
  const bareSlices: Figures[] = []
  for (const read of reads) {
    const { figures, bare } = await measureBesideBare(server, read.pathname, read.headers)
    bareSlices.push(bare)
    const besides = `bare route beside it ${bare.requestsPerSecond.toFixed(0)}/s, p99 ${bare.p99} ms`
    measured.push({ name: read.name, figures, note: `${ratios(figures, bare)} (${besides})` })
  }
  return [
    { name: 'bare Fastify route (baseline)', figures: combined(bareSlices), note: 'ratio 1.00 (all its turns)' },
    ...measured,
    await measureRenders(base, `/product/${sample.id}`),
  ]
}

/** A build's orders, set up: what its buyers post, and the checks once they have posted (`finish`). */
interface PreparedOrders {
  requests: OrderRequest[]
  finish: (figures: Figures) => Promise<{ row: Row; consistent: boolean }>
}

/** What a bench order may name: the seeded product sold in one form, and a product's variants. */
interface Stocked {
  id: number
  stock: number
  variants?: Array<{ id: number; stock: number; leadTime?: unknown; active?: boolean } & Record<string, unknown>>
  options?: unknown[]
}

// Each connection posts these orders in turn (autocannon cycles through a connection's requests): half are the
// spec's plain order of the product sold in one form; the others name a variant of a product with options, a
// discount code, a shipping method, or several of these.
const ORDER_MIX: Array<{ variant: boolean; code: boolean; shipping: boolean }> = [
  { variant: false, code: false, shipping: false },
  { variant: true, code: false, shipping: false },
  { variant: false, code: true, shipping: false },
  { variant: false, code: false, shipping: true },
  { variant: false, code: false, shipping: false },
  { variant: true, code: true, shipping: true },
  { variant: false, code: false, shipping: false },
  { variant: true, code: false, shipping: true },
  { variant: false, code: false, shipping: false },
  { variant: false, code: true, shipping: false },
]

const BENCH_CODE = 'BENCH10'

/**
 * Sets up a build's orders for 50 connections, each ordering one unit at a time (ORDER_MIX: the plain product, a
 * variant of a product with options, a discount code, a shipping method); `finish` makes the checks once they have
 * been posted: the units taken from stock equal the orders written, and the mails arrive.
 */
async function prepareOrders(
  server: BenchServer,
  mails: SmtpInbox,
  sample: { id: number },
  withOptions: { id: number } | undefined,
): Promise<PreparedOrders> {
  const { base } = server
  const auth = await adminHeaders(base)
  const readProduct = (id: number) =>
    getJson<Record<string, unknown> & Stocked>(`${base}/api/admin/products/${id}`, { headers: auth })
  const target = await readProduct(sample.id)
  const initialStock = 1_000_000
  await getJson(`${base}/api/admin/products/${target.id}`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ ...target, stock: initialStock }),
  })
  // The product with options: every variant for sale, with plenty of stock and no lead time (a made-to-order
  // variant takes no stock, and the check counts units taken).
  const variantStock = 200_000
  let variantIds: number[] = []
  if (withOptions) {
    const product = await readProduct(withOptions.id)
    const variants = (product.variants ?? []).map((variant) => ({
      ...variant,
      stock: variantStock,
      active: true,
      leadTime: null,
    }))
    await getJson(`${base}/api/admin/products/${product.id}`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ ...product, variants }),
    })
    variantIds = variants.map((variant) => variant.id)
  }
  const stockNow = async () => {
    const plain = (await readProduct(target.id)).stock
    if (!withOptions) return plain
    const variants = (await readProduct(withOptions.id)).variants ?? []
    return plain + variants.reduce((sum, variant) => sum + (variantIds.includes(variant.id) ? variant.stock : 0), 0)
  }
  // A shipping zone for the buyers' country with two methods, and a discount code anyone may use any number of
  // times: what a shop running a sale has. A build from before shipping or codes (the release the order rate is
  // compared with) has neither: its orders leave them out, and the row says so.
  const zone = await getJsonIfServed<{ methods: Array<{ id: number }> }>(`${base}/api/admin/shipping-zones`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      name: 'Bench zone',
      areas: ['US'],
      methods: [
        { name: 'Standard', price: '5.00', freeOver: '100.00' },
        { name: 'Express', price: '15.00' },
      ],
    }),
  })
  const discount = await getJsonIfServed(`${base}/api/admin/discounts`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ code: BENCH_CODE, kind: 'percent', value: '10' }),
  })
  const hasCode = discount !== undefined
  const express = zone?.methods[1]?.id
  const mixed = [
    ...(variantIds.length > 0 ? ['variants'] : []),
    ...(hasCode ? ['a code'] : []),
    ...(express !== undefined ? ['shipping'] : []),
  ]
  const stockBefore = await stockNow()
  const ordersBefore = await countOrders(base, auth)
  const mailsBefore = mails.received()
  const requests = ORDER_MIX.map((mix, i) => {
    const variantId = mix.variant ? variantIds[i % Math.max(variantIds.length, 1)] : undefined
    const item =
      variantId !== undefined && withOptions ? { productId: withOptions.id, variantId } : { productId: target.id }
    return {
      method: 'POST' as const,
      path: '/api/orders',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customerName: `Bench Buyer ${i + 1}`,
        customerEmail: `bench${i + 1}@example.com`,
        customerAddress: '1 Bench Street, Austin, TX 78701, USA',
        items: [{ ...item, quantity: 1 }],
        ...(mix.code && hasCode ? { discountCode: BENCH_CODE } : {}),
        ...(mix.shipping && express !== undefined ? { country: 'US', region: 'TX', shippingMethodId: express } : {}),
      }),
    }
  })
  const finish = async (figures: Figures) => {
    const ordersAfter = await settledOrderCount(base, auth)
    const taken = stockBefore - (await stockNow())
    const placed = ordersAfter - ordersBefore
    // Every order written took exactly one unit: the stock taken equals the orders in the database.
    const consistent = taken === placed && figures.non2xx === 0
    const mailsInRun = mails.received() - mailsBefore
    // Each order mails its buyer and the shop's one address.
    const settled = await mailsSettled(mails, mailsBefore, 2 * placed)
    const row: Row = {
      name: 'POST /api/orders',
      figures,
      note:
        `${mixed.length > 0 ? `mixed (${mixed.join(', ')})` : 'plain orders only (the build has no variants, codes or shipping)'}; ` +
        `${placed} orders, stock -${taken}: ${consistent ? 'consistent' : 'INCONSISTENT'}; ` +
        `mails ${mailsInRun} during the run, ${settled.count} of ${2 * placed} within ${settled.seconds} s`,
    }
    return { row, consistent }
  }
  return { requests, finish }
}

/** The orders in the shop: the list is paged, X-Total-Count counts them all (a base built before paging answers them all). */
async function countOrders(base: string, auth: Record<string, string>): Promise<number> {
  // The connection kept alive since the last call may have been closed by the server while autocannon ran.
  const response = await fetch(`${base}/api/admin/orders?pageSize=1`, { headers: auth }).catch(() =>
    fetch(`${base}/api/admin/orders?pageSize=1`, { headers: auth }),
  )
  if (!response.ok) throw new Error(`GET /api/admin/orders answered ${response.status}`)
  const total = response.headers.get('x-total-count')
  return total === null ? ((await response.json()) as unknown[]).length : Number(total)
}

/**
 * The order count once it stops moving: autocannon stops at the deadline with requests still in flight, which the
 * server goes on to complete. Read the stock after it, so both figures describe the same moment.
 */
async function settledOrderCount(base: string, auth: Record<string, string>): Promise<number> {
  let count = await countOrders(base, auth)
  for (let previous = -1; previous !== count; ) {
    previous = count
    await new Promise((resolve) => setTimeout(resolve, 250))
    count = await countOrders(base, auth)
  }
  return count
}

type OrderRequest = { method: 'POST'; path: string; headers: Record<string, string>; body: string }

/**
 * CONNECTIONS buyers posting `requests` for DURATION_SECONDS. Each connection is a buyer of its own (its own
 * address, as the shop's one proxy reports it: the limit on guessing codes counts per client) and starts at its own
 * place in the list, so every batch mixes the kinds. Answers the rate of orders placed (2xx) and the server's CPU
 * time per order.
 */
async function postAsBuyers(
  server: BenchServer,
  requests: OrderRequest[],
  seconds = DURATION_SECONDS,
): Promise<Figures> {
  let connections = 0
  const started = await coresStart(server)
  const result = await autocannon({
    url: server.base,
    requests,
    connections: CONNECTIONS,
    duration: seconds,
    setupClient: (client) => {
      const k = connections++
      const forwardedFor = `198.51.100.${(k % 254) + 1}`
      client.setRequests(
        requests.map((_, i) => {
          const request = requests[(i + k) % requests.length] as OrderRequest
          return { ...request, headers: { ...request.headers, 'x-forwarded-for': forwardedFor } }
        }),
      )
    },
  })
  // The server's CPU time per order placed while the orders came (their mails wait for a pause in the orders).
  const cpu = (await server.cpuMicros()) - started.server
  return {
    requestsPerSecond: result['2xx'] / seconds,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    serverMicros: result['2xx'] > 0 ? cpu / result['2xx'] : undefined,
    cores: await coresSince(server, started),
  }
}

/**
 * Card orders, for a build that offers card (the base may not): each is placed as any order, then its Checkout
 * Session is made at the Stripe stand-in before the buyer is answered. The stand-in runs in this process, beside
 * the load generator. The orders stay awaiting payment, with their stock taken and no mail sent (a card order
 * mails once it is paid). Consistent: the stock taken, the orders written and the sessions made are equal.
 */
async function measureCardOrders(
  server: BenchServer,
  sample: { id: number },
): Promise<{ row?: Row; consistent: boolean }> {
  const { base } = server
  const auth = await adminHeaders(base)
  type Method = { kind: string; enabled: boolean; instructions: string }
  const settings = await getJsonIfServed<{ methods: Method[]; card?: { available: boolean } }>(
    `${base}/api/admin/settings/payments`,
    { headers: auth },
  )
  if (!settings?.card?.available) return { consistent: true }
  stripeStandIn.setWebhookUrl(`${base}/api/stripe/webhook`)
  await getJson(`${base}/api/admin/settings/payments`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({
      methods: settings.methods.map(({ kind, enabled, instructions }) => ({
        kind,
        enabled: enabled || kind === 'card',
        instructions,
      })),
    }),
  })
  const stockNow = async () =>
    (await getJson<{ stock: number }>(`${base}/api/admin/products/${sample.id}`, { headers: auth })).stock
  const stockBefore = await stockNow()
  const ordersBefore = await countOrders(base, auth)
  const sessionsBefore = stripeStandIn.sessions.length
  const requests: OrderRequest[] = Array.from({ length: 10 }, (_, i) => ({
    method: 'POST',
    path: '/api/orders',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      customerName: `Card Buyer ${i + 1}`,
      customerEmail: `card${i + 1}@example.com`,
      customerAddress: '1 Bench Street, Austin, TX 78701, USA',
      items: [{ productId: sample.id, quantity: 1 }],
      paymentMethod: 'card',
    }),
  }))
  const figures = await postAsBuyers(server, requests)
  const placed = (await settledOrderCount(base, auth)) - ordersBefore
  const taken = stockBefore - (await stockNow())
  const sessions = stripeStandIn.sessions.length - sessionsBefore
  const consistent = taken === placed && sessions === placed && figures.non2xx === 0
  return {
    consistent,
    row: {
      name: 'POST /api/orders, paying by card',
      figures,
      note: `${placed} orders, ${sessions} Checkout Sessions at the stand-in, stock -${taken}: ${consistent ? 'consistent' : 'INCONSISTENT'}`,
    },
  }
}

// Stripe's API for the card orders; each suite points its webhooks at its own shop.
const stripeStandIn = await startStripeStandIn()
// Every suite's shop: its mail configured (each suite has a mail server of its own, which counts them), and behind
// one reverse proxy (TRUST_PROXY=1) that names each buyer's
// address (X-Forwarded-For).
const SHOP_ENV = {
  SMTP_HOST: '127.0.0.1',
  SMTP_SECURE: 'false',
  TRUST_PROXY: '1',
  // Card payments against the Stripe stand-in, for a build that offers them (measureCardOrders).
  STRIPE_SECRET_KEY: stripeStandIn.secretKey,
  STRIPE_WEBHOOK_SECRET: stripeStandIn.webhookSecret,
  STRIPE_API_URL: stripeStandIn.url,
}
// How long the bench waits, after the orders, for their mails to arrive.
const MAIL_WAIT_SECONDS = Number(process.env.BENCH_MAIL_WAIT_SECONDS ?? 30)

/**
 * Waits for the `expected` mails that follow `before`: until they have all come, or none has come for two seconds
 * after the first one did (the sender starts once the orders pause, and its first mail loads the templates), or
 * MAIL_WAIT_SECONDS have passed. Gives how many came.
 */
async function mailsSettled(
  mailSink: SmtpInbox,
  before: number,
  expected: number,
): Promise<{ count: number; seconds: number }> {
  const started = Date.now()
  let last = mailSink.received()
  let quietSince = Date.now()
  const isQuiet = () => last > before && Date.now() - quietSince >= 2000
  while (Date.now() - started < MAIL_WAIT_SECONDS * 1000 && last - before < expected && !isQuiet()) {
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
  const { requestsPerSecond, p99, serverMicros, non2xx, cores } = row.figures
  const cpu = serverMicros === undefined ? '' : `${serverMicros.toFixed(0).padStart(5)} µs CPU`
  const busy = cores ? `cores ${cores.server.toFixed(2)} / ${cores.client.toFixed(2)}` : ''
  return `${requestsPerSecond.toFixed(0).padStart(7)}/s  p99 ${String(p99).padStart(3)} ms ${cpu.padEnd(12)} ${busy.padEnd(18)}  ${row.note}${non2xx ? ` (${non2xx} non-2xx)` : ''}`
}

const baseBuild = prepareBase()
const base: BaseBuild | undefined = 'script' in baseBuild ? baseBuild : undefined
if (!base && 'skipped' in baseBuild) console.log(`No base to compare with: ${baseBuild.skipped}.`)

// BENCH_DATABASES=sqlite or =postgres measures on one of the two (both unless named).
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',')
// openSuite gives each SQLite run a data directory of its own.
const sqlite = databases.includes('sqlite') ? await runPair(async () => ({ env: {}, drop: async () => {} })) : undefined
const postgres = !databases.includes('postgres')
  ? undefined
  : await runPair(async () => {
      const created = await createBenchDatabase()
      return created && { env: { DATABASE_URL: created.url }, drop: created.drop }
    })
await stripeStandIn.close()

console.log(
  `\nBenchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per endpoint, Node ${process.version}, ${os.cpus().length} cores` +
    (base ? `; this build beside ${base.label} (BENCH_BASE), in the same run, the orders in turns` : '') +
    `; reads by ${READS_BY_WRK ? 'wrk (one thread)' : 'autocannon in this process (wrk is not installed: apt-get install wrk)'}, orders by autocannon`,
)
const width = 44
const megabytes = (bytes: number | undefined) => (bytes === undefined ? '?' : `${Math.round(bytes / 1024 / 1024)} MB`)
for (const [database, pair] of [
  ['SQLite file', sqlite],
  ['PostgreSQL', postgres],
] as const) {
  if (!pair) continue
  console.log(`\n${database}: this build (peak RSS ${megabytes(pair.head.peakRss)})`)
  console.log(`${''.padEnd(width)}    rate        p99   server CPU per request  cores: server / load generator`)
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
