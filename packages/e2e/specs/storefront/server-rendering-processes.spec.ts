import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { createTestDatabase, type TestDatabase } from '@shop/db/testing'
import type { Product, ProductInput } from '@shop/schema/products'
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../../fixtures/constants'
import { prepareRunDir, SERVER_SCRIPT, serverEnv } from '../../fixtures/server'
import { expect, test } from '../../fixtures/test'

/**
 * A growing shop: two server processes on one PostgreSQL database, as behind a load balancer. A page one process
 * keeps rendered must change at once when the other process changes the catalog (the change feed empties every
 * process's pages with its catalog cache).
 */
const POSTGRES_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const packageDir = path.resolve(import.meta.dirname, '../..')

interface Server {
  base: string
  child: ChildProcess
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

async function startServer(databaseUrl: string, runDir: string): Promise<Server> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [SERVER_SCRIPT], {
    cwd: packageDir,
    env: { ...process.env, ...serverEnv(port, runDir), DATABASE_URL: databaseUrl, SMTP_HOST: '' },
    stdio: 'ignore',
  })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server on ${base} exited with ${child.exitCode}`)
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) return { base, child }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill()
  throw new Error(`the server on ${base} did not start within 60 s`)
}

async function pageText(base: string, pagePath: string): Promise<string> {
  const response = await fetch(`${base}${pagePath}`, { headers: { accept: 'text/html' } })
  expect(response.status).toBe(200)
  return response.text()
}

test.describe('two server processes on PostgreSQL', () => {
  let database: TestDatabase
  const servers: Server[] = []

  test.beforeAll(async () => {
    process.env.TEST_DATABASE_URL ??= POSTGRES_URL
    database = await createTestDatabase()
    const runDir = prepareRunDir('shop-e2e-pg-')
    // One after the other: the first creates the tables and seeds the demo shop.
    servers.push(await startServer(database.databaseUrl ?? '', runDir))
    servers.push(await startServer(database.databaseUrl ?? '', runDir))
  })

  test.afterAll(async () => {
    for (const server of servers) server.child.kill()
    await Promise.all(servers.map((server) => new Promise((resolve) => server.child.once('exit', resolve))))
    await database?.drop()
  })

  test('a price changed through one process is in the other process’s page at once', async () => {
    const [first, second] = servers as [Server, Server]
    const products = (await (await fetch(`${first.base}/api/products`)).json()) as Product[]
    const productId = products.find((p) => p.options.length === 0)?.id
    const login = await fetch(`${first.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
    })
    const { token } = (await login.json()) as { token: string }
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const product = (await (
      await fetch(`${first.base}/api/admin/products/${productId}`, { headers: auth })
    ).json()) as Product

    // Both processes render the page and keep it.
    for (const server of servers) {
      expect(await pageText(server.base, `/product/${productId}`)).toContain(`content="${product.price}"`)
      expect(await pageText(server.base, `/product/${productId}`)).toContain(`content="${product.price}"`)
    }

    const newPrice = (Number(product.price) + 11).toFixed(2)
    const update = await fetch(`${first.base}/api/admin/products/${productId}`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({
        name: product.name,
        description: product.description,
        price: newPrice,
        categoryId: product.categoryId ?? 0,
        imageUrls: product.imageUrls,
        sku: product.sku,
        stock: product.stock,
        minStock: product.minStock,
        featured: product.featured,
        active: product.active,
      } satisfies ProductInput),
    })
    expect(update.status).toBe(200)

    const fromSecond = await pageText(second.base, `/product/${productId}`)
    expect(fromSecond).toContain(`<meta data-page-head property="product:price:amount" content="${newPrice}">`)
    const fromFirst = await pageText(first.base, `/product/${productId}`)
    expect(fromFirst).toContain(`<meta data-page-head property="product:price:amount" content="${newPrice}">`)
  })
})
