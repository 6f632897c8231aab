/**
 * pnpm bench: starts the built API on a freshly seeded SQLite database in a child process and measures it with
 * autocannon from this one, so the two share the 2 cores as a server and its clients would. Each catalog read is
 * printed next to a bare Fastify route in the same server (ratio = endpoint / bare); then orders per second.
 */
import { fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50
const PORT = 3900 + Math.floor(Math.random() * 90)
const base = `http://127.0.0.1:${PORT}`

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

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'))
const server = fork(path.join(import.meta.dirname, 'bench-server.js'), [], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(PORT),
    ADMIN_PASSWORD: 'Bench-Password-1',
    LOG_LEVEL: 'silent',
  },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
})
await new Promise<void>((resolve, reject) => {
  server.once('message', () => resolve())
  server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
})

try {
  const products = await getJson<Array<{ id: number; stock: number; categorySlug: string | null }>>(
    `${base}/api/products`,
  )
  const sample = products.find((product) => product.categorySlug) ?? products[0]
  if (!sample?.categorySlug) throw new Error('the seeded shop has no product in a category')

  // Warm up the JIT and caches before measuring.
  await measure(`${base}/bench/bare`, { duration: 2 })
  const bare = await measure(`${base}/bench/bare`)
  const endpoints = [
    '/api/featured-products',
    `/api/categories/${sample.categorySlug}/products`,
    `/api/products/${sample.id}`,
  ]
  const rows: string[] = []
  const line = (name: string, f: Figures, ratio: string) =>
    `${name.padEnd(40)} ${f.requestsPerSecond.toFixed(0).padStart(8)} req/s   p99 ${String(f.p99).padStart(3)} ms   ${ratio}${f.non2xx ? `   (${f.non2xx} non-2xx/errors)` : ''}`
  rows.push(line('bare Fastify route (baseline)', bare, 'ratio 1.00'))
  for (const endpoint of endpoints) {
    await measure(`${base}${endpoint}`, { duration: 1 })
    const figures = await measure(`${base}${endpoint}`)
    rows.push(
      line(`GET ${endpoint}`, figures, `ratio ${(figures.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}`),
    )
  }

  // Orders: one product with plenty of stock, ordered one unit at a time by 50 connections.
  const login = await getJson<{ token: string }>(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Bench-Password-1' }),
  })
  const auth = { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' }
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
  const ordersBefore = (await getJson<unknown[]>(`${base}/api/admin/orders`, { headers: auth })).length
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
  const after = await getJson<{ stock: number }>(`${base}/api/admin/products/${target.id}`, { headers: auth })
  const placed = (await getJson<unknown[]>(`${base}/api/admin/orders`, { headers: auth })).length - ordersBefore
  // Every order written took exactly one unit: the stock taken equals the orders in the database.
  const consistent = initialStock - after.stock === placed && orders.non2xx === 0 && orders.errors === 0
  rows.push(
    `${'POST /api/orders (SQLite file)'.padEnd(40)} ${(orders['2xx'] / DURATION_SECONDS).toFixed(0).padStart(8)} orders/s   p99 ${String(orders.latency.p99).padStart(3)} ms   ` +
      `stock ${initialStock} -> ${after.stock}, ${placed} orders written: ${consistent ? 'consistent, no oversell' : 'INCONSISTENT'}`,
  )

  console.log(
    `\nBenchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per endpoint, Node ${process.version}, ${os.cpus().length} cores\n`,
  )
  console.log(rows.join('\n'))
  console.log('')
  if (!consistent) process.exitCode = 1
} finally {
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  fs.rmSync(dataDir, { recursive: true, force: true })
}
