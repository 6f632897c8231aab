/**
 * Several API processes, one shop: two real server processes on one PostgreSQL database (a fresh schema), as
 * behind a load balancer. Runs in the postgres test project only; an SQLite file has one process.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import net from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createTestDatabase, type TestDatabase } from '@shop/db/testing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ADMIN = { username: 'owner', password: 'Two-Processes-1', email: 'owner@example.com' }
const customer = {
  customerName: 'Ruth Miller',
  customerEmail: 'ruth@example.com',
  customerAddress: '4 Vine Street, Dayton, OH 45402, USA',
}
const apiDir = path.resolve(import.meta.dirname, '..')
// tsx runs the server's TypeScript as it is, so the test needs no build; resolved here, as the cwd is a temp dir.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

interface Server {
  url: string
  child: ChildProcess
  output: string[]
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

/** Starts src/server.ts in its own Node process (through tsx) and waits until it answers its health check. */
async function startServer(database: TestDatabase, name: string): Promise<Server> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', tsxLoader, path.join(apiDir, 'src/server.ts')], {
    cwd: database.dir,
    env: {
      PATH: process.env.PATH,
      // Development mode without SMTP hands the reset link back in the answer (the spec's fallback), which the
      // password reset test below uses to carry a link from one process to the other.
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: database.dir,
      DATABASE_URL: database.databaseUrl,
      DATABASE_POOL_SIZE: '5',
      WEB_DIST: path.join(database.dir, 'no-web'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_EMAIL: ADMIN.email,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  child.stdout?.on('data', (chunk: Buffer) => output.push(`[${name}] ${chunk}`))
  child.stderr?.on('data', (chunk: Buffer) => output.push(`[${name}] ${chunk}`))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 45_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output.join('')}`)
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) return { url, child, output }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill()
  throw new Error(`${name} did not start within 45 s:\n${output.join('')}`)
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return
  const exited = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.kill('SIGTERM')
  await exited
}

interface Call {
  method?: string
  token?: string
  json?: unknown
}

async function call(server: Server, url: string, { method = 'GET', token, json }: Call = {}) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers }
}

describe('two API processes on one PostgreSQL database', () => {
  let database: TestDatabase
  let a: Server
  let b: Server
  let token: string

  beforeAll(async () => {
    database = await createTestDatabase()
    // The first process migrates and seeds; the second finds the database ready.
    a = await startServer(database, 'A')
    b = await startServer(database, 'B')
    const login = await call(a, '/api/auth/login', {
      method: 'POST',
      json: { username: ADMIN.username, password: ADMIN.password },
    })
    expect(login.status).toBe(200)
    token = login.body.token
  }, 120_000)

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)])
    await database?.drop()
  })

  it('both serve the same seeded shop', async () => {
    const [fromA, fromB] = await Promise.all([call(a, '/api/products'), call(b, '/api/products')])
    expect(fromA.status).toBe(200)
    expect(fromA.body.length).toBeGreaterThanOrEqual(16)
    expect(fromB.body).toEqual(fromA.body)
  })

  it('accepts on one process a session started on the other, and ends it on both', async () => {
    const login = await call(b, '/api/auth/login', {
      method: 'POST',
      json: { username: ADMIN.username, password: ADMIN.password },
    })
    const session = login.body.token as string
    expect((await call(a, '/api/auth/me', { token: session })).body).toMatchObject({ username: ADMIN.username })
    expect((await call(a, '/api/auth/logout', { method: 'POST', token: session })).status).toBe(200)
    const after = await call(b, '/api/auth/me', { token: session })
    expect(after.status).toBe(401)
  })

  it('lists sessions started on either process, and a session signed out or an admin disabled on one is refused by the other at once', async () => {
    const login = (server: Server) =>
      call(server, '/api/auth/login', { method: 'POST', json: { username: ADMIN.username, password: ADMIN.password } })
    const onA = (await login(a)).body.token as string
    const onB = (await login(b)).body.token as string
    const sessions = await call(b, '/api/auth/sessions', { token: onA })
    expect(sessions.status).toBe(200)
    const current = sessions.body.find((session: { current: boolean }) => session.current)
    expect(current).toMatchObject({ ip: expect.any(String), device: expect.any(String) })
    const others = sessions.body.filter((session: { current: boolean }) => !session.current)
    expect(others.length).toBeGreaterThanOrEqual(1)
    // A signs out B's session: B refuses it at its next request.
    const onBId = (await call(b, '/api/auth/sessions', { token: onB })).body.find(
      (session: { current: boolean }) => session.current,
    ).id
    expect((await call(a, `/api/auth/sessions/${onBId}`, { method: 'DELETE', token: onA })).status).toBe(200)
    expect((await call(b, '/api/admin/products', { token: onB })).status).toBe(401)
    // An owner disables a staff member on A; B refuses the staff member's session at once.
    const invite = await call(a, '/api/admin/admins', {
      method: 'POST',
      token: onA,
      json: { username: 'pat', email: 'pat@example.com', name: 'Pat', role: 'staff' },
    })
    expect(invite.status).toBe(201)
    const resetToken = new URL(invite.body.setPasswordLink).searchParams.get('token')
    const password = 'Pat-Password-1'
    expect(
      (
        await call(b, '/api/auth/reset-password', {
          method: 'POST',
          json: { token: resetToken, password, confirmPassword: password },
        })
      ).status,
    ).toBe(200)
    const pat = (await call(b, '/api/auth/login', { method: 'POST', json: { username: 'pat', password } })).body
      .token as string
    expect((await call(b, '/api/admin/orders', { token: pat })).status).toBe(200)
    expect((await call(b, '/api/admin/settings', { token: pat })).status).toBe(403)
    const disabled = await call(a, `/api/admin/admins/${invite.body.admin.id}`, {
      method: 'PATCH',
      token: onA,
      json: { disabled: true },
    })
    expect(disabled.status).toBe(200)
    expect((await call(b, '/api/admin/orders', { token: pat })).status).toBe(401)
    // Signing out every other session from B leaves only the current one.
    expect((await call(b, '/api/auth/sessions/revoke-others', { method: 'POST', token: onA })).status).toBe(200)
    const left = await call(a, '/api/auth/sessions', { token: onA })
    expect(left.body).toHaveLength(1)
    expect((await call(a, '/api/auth/me', { token })).status).toBe(401)
    token = (await login(a)).body.token
  })

  it('shows an admin price change made on one process at once on the other, every time', async () => {
    const products = (await call(b, '/api/products')).body as Array<{ id: number }>
    const id = products[0]?.id as number
    const product = (await call(a, `/api/admin/products/${id}`, { token })).body
    for (const price of ['41.00', '42.50', '43.75', '44.00', '45.25']) {
      // B has the product cached from its previous answer.
      await call(b, `/api/products/${id}`)
      const saved = await call(a, `/api/admin/products/${id}`, { method: 'PUT', token, json: { ...product, price } })
      expect(saved.status).toBe(200)
      expect((await call(b, `/api/products/${id}`)).body.price).toBe(price)
      expect((await call(b, '/api/products')).body.find((p: { id: number }) => p.id === id).price).toBe(price)
    }
  })

  it('prices an order on one process by a tax rate changed on the other a moment before, every time', async () => {
    const products = (await call(b, '/api/products')).body as Array<{ id: number }>
    const items = [{ productId: products[3]?.id as number, quantity: 2 }]
    const address = { country: 'US', region: 'OH' }
    const created = await call(a, '/api/admin/tax-rates', {
      method: 'POST',
      token,
      json: { name: 'Ohio tax', ...address, rate: '5' },
    })
    expect(created.status).toBe(201)
    try {
      let previousTotal = ''
      for (const rate of ['6', '7.25', '8', '9.5', '4.75']) {
        // B has the rules in memory from its previous order.
        const changed = await call(a, `/api/admin/tax-rates/${created.body.id}`, {
          method: 'PUT',
          token,
          json: { name: 'Ohio tax', ...address, rate },
        })
        expect(changed.status).toBe(200)
        const quote = (await call(a, '/api/orders/quote', { method: 'POST', json: { items, ...address } })).body
        const order = await call(b, '/api/orders', { method: 'POST', json: { ...customer, items, ...address } })
        expect(order.status).toBe(201)
        expect(order.body.total).toBe(quote.total)
        expect(order.body.total).not.toBe(previousTotal)
        previousTotal = order.body.total
      }
    } finally {
      await call(a, `/api/admin/tax-rates/${created.body.id}`, { method: 'DELETE', token })
    }
  })

  it("keeps caches fresh after the database cuts the processes' listening connections", async () => {
    const products = (await call(b, '/api/products')).body as Array<{ id: number }>
    const id = products[2]?.id as number
    const product = (await call(a, `/api/admin/products/${id}`, { token })).body
    await call(b, `/api/products/${id}`)
    // The test database's connections carry its name (createTestDatabase); other test files have their own.
    const applicationName = new URL(database.databaseUrl as string).searchParams.get('application_name')
    const server = new pg.Client({ connectionString: database.databaseUrl })
    await server.connect()
    try {
      const listeners = async () =>
        (
          await server.query<{ pid: number }>(
            // A listening connection's last query is its LISTEN, or a cache read's sync (change-feed.ts).
            `select pid from pg_stat_activity where query in ('listen shop_changes', 'select 1 as shop_changes_sync')
             and state = 'idle' and application_name = $1`,
            [applicationName],
          )
        ).rows.map((row) => row.pid)
      // What a database restart or a network cut does to every process's LISTEN connection.
      const cut = await listeners()
      expect(cut).toHaveLength(2)
      await server.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [cut])
      await expect
        .poll(async () => (await listeners()).filter((pid) => cut.includes(pid)), { timeout: 5_000 })
        .toEqual([])
      // Before B listens again (it waits a moment before reconnecting), A changes the price: B misses the notice,
      // and must still not keep serving the old price once it is back.
      const saved = await call(a, `/api/admin/products/${id}`, {
        method: 'PUT',
        token,
        json: { ...product, price: '52.00' },
      })
      expect(saved.status).toBe(200)
      await expect.poll(async () => (await call(b, `/api/products/${id}`)).body.price, { timeout: 5_000 }).toBe('52.00')
      // Both listen again on new connections, and the next change reaches B at once.
      await expect
        .poll(async () => (await listeners()).filter((pid) => !cut.includes(pid)).length, { timeout: 5_000 })
        .toBe(2)
      await call(b, `/api/products/${id}`)
      await call(a, `/api/admin/products/${id}`, { method: 'PUT', token, json: { ...product, price: '53.00' } })
      expect((await call(b, `/api/products/${id}`)).body.price).toBe('53.00')
    } finally {
      await server.end()
    }
  })

  it('tells the other process of a catalog write, and not of a login, logout or password reset request', async () => {
    // Other test files use the same database server, and the channel is the server's: only notices sent by this
    // test's processes count (a notice carries the backend pid of the connection that sent it).
    const applicationName = new URL(database.databaseUrl as string).searchParams.get('application_name')
    const listener = new pg.Client({ connectionString: database.databaseUrl })
    await listener.connect()
    try {
      const notices: number[] = []
      listener.on('notification', (notice) => notices.push(notice.processId))
      await listener.query('listen shop_changes')
      // The notices of the two servers' connections (the pool's, which send them; pg-pool keeps an idle one 10 s).
      const fromServers = async () => {
        const { rows } = await listener.query<{ pid: number }>(
          'select pid from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
          [applicationName],
        )
        const pids = rows.map((row) => row.pid)
        return notices.filter((pid) => pids.includes(pid))
      }

      const login = await call(a, '/api/auth/login', {
        method: 'POST',
        json: { username: ADMIN.username, password: ADMIN.password },
      })
      expect(login.status).toBe(200)
      expect((await call(b, '/api/auth/logout', { method: 'POST', token: login.body.token })).status).toBe(200)
      const forgot = await call(a, '/api/auth/forgot-password', {
        method: 'POST',
        json: { email: 'nobody@example.com' },
      })
      expect(forgot.status).toBe(200)
      // Then a catalog write: its notice is the first this test's processes send.
      const products = (await call(b, '/api/products')).body as Array<{ id: number }>
      const id = products[3]?.id as number
      const product = (await call(a, `/api/admin/products/${id}`, { token })).body
      const saved = await call(a, `/api/admin/products/${id}`, { method: 'PUT', token, json: product })
      expect(saved.status).toBe(200)
      // Notices arrive in the order they were sent: once the write's is in, any sent before it would be too.
      await expect.poll(async () => (await fromServers()).length).toBeGreaterThan(0)
      expect(await fromServers()).toHaveLength(1)
    } finally {
      await listener.end()
    }
  })

  it('never oversells when orders for the last units arrive through both processes at once', async () => {
    const products = (await call(a, '/api/products')).body as Array<{ id: number }>
    const id = products[1]?.id as number
    const product = (await call(a, `/api/admin/products/${id}`, { token })).body
    expect(
      (await call(a, `/api/admin/products/${id}`, { method: 'PUT', token, json: { ...product, stock: 25 } })).status,
    ).toBe(200)
    // A paged list: X-Total-Count counts every order.
    const orderCount = async (server: Server) =>
      Number((await call(server, '/api/admin/orders', { token })).headers.get('x-total-count'))
    const ordersBefore = await orderCount(a)

    const attempts = Array.from({ length: 80 }, (_, i) =>
      call(i % 2 === 0 ? a : b, '/api/orders', {
        method: 'POST',
        json: { ...customer, items: [{ productId: id, quantity: 1 }] },
      }),
    )
    const results = await Promise.all(attempts)
    const placed = results.filter((r) => r.status === 201)
    const refused = results.filter((r) => r.status === 409)
    expect(placed).toHaveLength(25)
    expect(refused).toHaveLength(55)
    expect(refused[0]?.body.message).toBe(`'${product.name}' is out of stock`)
    // Which process sells the last units is up to scheduling: on a busy machine one of them can take all 25 before
    // the other decides any order, which then refuses all of its own from the stock in the database.
    expect(refused.every((r) => r.body.message === `'${product.name}' is out of stock`)).toBe(true)
    // Unique order numbers, stock at zero on both, and the orders all in the database.
    expect(new Set(placed.map((r) => r.body.orderNumber)).size).toBe(25)
    expect((await call(a, `/api/products/${id}`)).body.stock).toBe(0)
    expect((await call(b, `/api/products/${id}`)).body.stock).toBe(0)
    expect(await orderCount(b)).toBe(ordersBefore + 25)
  })

  it('sells the last units of one ring size once through both processes, and hides a size switched off on one at once on the other', async () => {
    const products = (await call(a, '/api/products?q=hammered')).body as Array<{ id: number }>
    const id = products[0]?.id as number
    const ring = (await call(a, `/api/admin/products/${id}`, { token })).body
    const size7 = ring.variants.find((v: { options: string[] }) => v.options[0] === '7')
    const stocked = ring.variants.map((v: { id: number; stock: number }) => ({
      ...v,
      stock: v.id === size7.id ? 6 : v.stock,
    }))
    const save = (variants: unknown[]) =>
      call(a, `/api/admin/products/${id}`, { method: 'PUT', token, json: { ...ring, variants } })
    expect((await save(stocked)).status).toBe(200)

    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(i % 2 === 0 ? a : b, '/api/orders', {
          method: 'POST',
          json: { ...customer, items: [{ productId: id, variantId: size7.id, quantity: 1 }] },
        }),
      ),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(6)
    expect(results.filter((r) => r.status === 409)[0]?.body.message).toBe(
      "'Hammered Gold Band Ring (Size 7)' is out of stock",
    )
    const sizeOn = async (server: Server) =>
      ((await call(server, `/api/products/${id}`)).body.variants as Array<{ id: number; stock: number }>).find(
        (v) => v.id === size7.id,
      )
    expect((await sizeOn(a))?.stock).toBe(0)
    expect((await sizeOn(b))?.stock).toBe(0)

    // Switched off on one process: the other no longer offers it, and refuses it.
    expect((await save(stocked.map((v: { id: number }) => ({ ...v, active: v.id !== size7.id })))).status).toBe(200)
    expect(await sizeOn(b)).toBeUndefined()
    const refused = await call(b, '/api/orders', {
      method: 'POST',
      json: { ...customer, items: [{ productId: id, variantId: size7.id, quantity: 1 }] },
    })
    expect(refused.status).toBe(400)
  })

  it("keeps the dashboard's figures right when orders, cancels and deletes arrive through both processes at once", async () => {
    const products = (await call(a, '/api/products')).body as Array<{ id: number }>
    const id = products[4]?.id as number
    const product = (await call(a, `/api/admin/products/${id}`, { token })).body
    expect(
      (await call(a, `/api/admin/products/${id}`, { method: 'PUT', token, json: { ...product, stock: 500 } })).status,
    ).toBe(200)
    // An order's total is what the shop quotes for it: the price, plus the demo's shipping and tax.
    const quoted = await call(a, '/api/orders/quote', {
      method: 'POST',
      json: { items: [{ productId: id, quantity: 1 }] },
    })
    const cents = Math.round(Number(quoted.body.total) * 100)
    const stats = async () => (await call(b, '/api/admin/dashboard/stats', { token })).body
    const today = async () => (await call(a, '/api/admin/dashboard/sales?days=30', { token })).body.buckets.at(-1)
    const before = { stats: await stats(), today: await today() }

    // 40 orders of 10 new buyers (4 each, their e-mails written two ways), half through each process.
    const placed = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(i % 2 === 0 ? a : b, '/api/orders', {
          method: 'POST',
          json: {
            ...customer,
            customerEmail: i < 20 ? `summary.buyer${i % 10}@example.com` : `Summary.Buyer${i % 10}@Example.com`,
            items: [{ productId: id, quantity: 1 }],
          },
        }),
      ),
    )
    expect(placed.map((r) => r.status)).toEqual(Array(40).fill(201))
    const ids = placed.map((r) => r.body.id as number)
    // Then 5 cancelled through A while 5 others are deleted through B.
    const changes = await Promise.all([
      ...ids
        .slice(0, 5)
        .map((order) =>
          call(a, `/api/admin/orders/${order}/status`, { method: 'PATCH', token, json: { status: 'cancelled' } }),
        ),
      ...ids.slice(5, 10).map((order) => call(b, `/api/admin/orders/${order}`, { method: 'DELETE', token })),
    ])
    expect(changes.map((r) => r.status)).toEqual(Array(10).fill(200))
    // And 10 of the others paid in full, half through each process (the revenue card counts payments).
    const paid = await Promise.all(
      ids.slice(10, 20).map((order, i) =>
        call(i % 2 === 0 ? a : b, `/api/admin/orders/${order}/payments`, {
          method: 'POST',
          token,
          json: { kind: 'payment', amount: quoted.body.total },
        }),
      ),
    )
    expect(paid.map((r) => r.status)).toEqual(Array(10).fill(201))

    const after = await stats()
    expect(after.orderCount).toBe(before.stats.orderCount + 35)
    expect(after.customerCount).toBe(before.stats.customerCount + 10)
    expect(Math.round(Number(after.totalRevenue) * 100)).toBe(
      Math.round(Number(before.stats.totalRevenue) * 100) + 10 * cents,
    )
    const day = await today()
    expect(day.orders).toBe(before.today.orders + 30)
    expect(Math.round(Number(day.revenue) * 100)).toBe(Math.round(Number(before.today.revenue) * 100) + 30 * cents)
    // And the figures are what counting the orders themselves gives.
    const counter = new pg.Client({ connectionString: database.databaseUrl })
    await counter.connect()
    try {
      const { rows } = await counter.query<{ orders: string; customers: string; revenue: string }>(
        `select count(*) as orders, count(distinct lower(customer_email)) as customers,
           sum(paid_cents - refunded_cents) as revenue from orders`,
      )
      expect(after).toMatchObject({
        orderCount: Number(rows[0]?.orders),
        customerCount: Number(rows[0]?.customers),
        totalRevenue: (Number(rows[0]?.revenue) / 100).toFixed(2),
      })
    } finally {
      await counter.end()
    }
  })

  it('counts failed logins across both processes', async () => {
    const wrong = { username: ADMIN.username, password: 'not-the-password' }
    for (let i = 0; i < 10; i++) {
      const response = await call(i % 2 === 0 ? a : b, '/api/auth/login', { method: 'POST', json: wrong })
      expect(response.status).toBe(401)
    }
    const limited = await call(a, '/api/auth/login', { method: 'POST', json: wrong })
    expect(limited.status).toBe(429)
    expect((await call(b, '/api/auth/login', { method: 'POST', json: wrong })).status).toBe(429)
  })

  it('resets the password on one process with the link sent by the other', async () => {
    const forgot = await call(a, '/api/auth/forgot-password', { method: 'POST', json: { email: ADMIN.email } })
    expect(forgot.status).toBe(200)
    const resetToken = forgot.body.token as string
    const password = 'Brand-New-Pass-2'
    const reset = await call(b, '/api/auth/reset-password', {
      method: 'POST',
      json: { token: resetToken, password, confirmPassword: password },
    })
    expect(reset.status).toBe(200)
    // The old session ended everywhere.
    expect((await call(a, '/api/auth/me', { token })).status).toBe(401)
  })
})
