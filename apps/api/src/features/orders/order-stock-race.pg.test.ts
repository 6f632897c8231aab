/**
 * An order batch reads the stock, decides its orders, then takes the stock with a conditional update. On
 * PostgreSQL another transaction (an admin changing the stock) can commit in between. Runs in the postgres test
 * project only: on an SQLite file every write goes through the one connection, so there is no in between.
 */
import { insertProduct } from '@shop/db/testing/factories'
import type { KyselyPlugin, QueryId, RootOperationNode } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { submitOrder } from './order-writer'

const customer = {
  customerName: 'Hannah Lee',
  customerEmail: 'hannah@example.com',
  customerAddress: '8 Cedar Lane, Boise, ID 83702, USA',
}

describe('an order batch whose stock changes after it was read', () => {
  let t: TestApp
  let token: string
  let databaseUrl: string
  beforeAll(async () => {
    t = await createTestApp()
    token = await t.login()
    if (!('postgresUrl' in t.config.database)) throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL)')
    databaseUrl = t.config.database.postgresUrl
  })
  afterAll(() => t.close())

  /** A second connection, as another process or an admin's transaction would hold. */
  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    return client
  }

  /** Waits until a connection of this test's schema waits for a row lock. */
  async function waitForLockWaiter(watcher: pg.Client): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const { rows } = await watcher.query(
        `select count(*)::int as n from pg_stat_activity
         where application_name = current_setting('application_name') and wait_event_type = 'Lock'`,
      )
      if (rows[0].n > 0) return
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error('no order batch started waiting for the product row')
  }

  it('runs again on the new stock, so nothing is oversold and the refusal names what is left', async () => {
    const pendant = await insertProduct(t.db, { name: 'Mustard Seed Pendant', stock: 5 })
    const admin = await connect()
    const watcher = await connect()
    try {
      // Another transaction lowers the stock to 1 and holds the row until it commits.
      await admin.query('begin')
      await admin.query('update product_variants set stock = 1 where product_id = $1', [pendant.id])
      await admin.query('update products set stock = 1 where id = $1', [pendant.id])
      // The batch reads the committed 5, accepts both orders (2 + 2), and waits on the variant's row to take 4.
      const pending = Promise.all(
        [2, 2].map((quantity) =>
          t.request({
            method: 'POST',
            url: '/api/orders',
            json: { ...customer, items: [{ productId: pendant.id, quantity }] },
          }),
        ),
      )
      await waitForLockWaiter(watcher)
      await admin.query('commit')
      const responses = await pending
      // 1 is less than 4: the batch rolled back and ran again on the stock of 1, where neither order fits.
      expect(responses.map((response) => response.statusCode)).toEqual([409, 409])
      for (const response of responses) {
        expect(response.json().message).toBe("Only 1 of 'Mustard Seed Pendant' is left in stock")
      }
    } finally {
      await admin.end()
      await watcher.end()
    }
    const product = (await t.request({ method: 'GET', url: `/api/admin/products/${pendant.id}`, token })).json()
    expect(product.stock).toBe(1)
    expect((await t.request({ method: 'GET', url: '/api/admin/orders', token })).json()).toEqual([])
    // The rolled-back batch gave its numbers back.
    const next = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: { ...customer, items: [{ productId: pendant.id, quantity: 1 }] },
    })
    expect(next.statusCode).toBe(201)
    expect(next.json().orderNumber).toBe('ORD-1001')
    expect((await t.request({ method: 'GET', url: `/api/admin/products/${pendant.id}`, token })).json().stock).toBe(0)
  })

  it('reads again, once, when another process placed orders while this batch waited for the order numbers', async () => {
    const pendant = await insertProduct(t.db, { name: 'Olive Wood Cross', stock: 5 })
    // Places one order first, so the order number counter exists.
    const first = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: { ...customer, items: [{ productId: pendant.id, quantity: 1 }] },
    })
    expect(first.statusCode).toBe(201)
    const other = await connect()
    const watcher = await connect()
    const statements: string[] = []
    const nodes = new WeakMap<QueryId, RootOperationNode>()
    const executor = t.db.getExecutor()
    const log: KyselyPlugin = {
      transformQuery: (args) => {
        nodes.set(args.queryId, args.node)
        return args.node
      },
      transformResult: async (args) => {
        const node = nodes.get(args.queryId)
        if (node) statements.push(executor.compileQuery(node, args.queryId).sql)
        return args.result
      },
    }
    try {
      // Another process's batch takes two numbers and three of the four units left, and holds the counter row.
      await other.query('begin')
      await other.query(`update counters set value = value + 2 where name = 'order_number'`)
      await other.query('update product_variants set stock = stock - 3 where product_id = $1', [pendant.id])
      await other.query('update products set stock = stock - 3 where id = $1', [pendant.id])
      // This batch (2 + 2 units) begins while the other is uncommitted, and waits for the counter row.
      const db = t.db.withPlugin(log)
      const pending = Promise.allSettled(
        [2, 2].map((quantity) =>
          submitOrder(db, { ...customer, notes: null, items: [{ productId: pendant.id, quantity }] }),
        ),
      )
      await waitForLockWaiter(watcher)
      await other.query('commit')
      const [a, b] = await pending
      // Decided on the 1 unit the other left, not on the 4 it saw when it began: refused, and not run twice.
      for (const result of [a, b]) {
        expect(result?.status).toBe('rejected')
        if (result?.status === 'rejected') {
          expect(result.reason.message).toBe("Only 1 of 'Olive Wood Cross' is left in stock")
        }
      }
      expect(statements.filter((text) => /update counters set value = value \+/.test(text))).toHaveLength(1)
    } finally {
      await other.end()
      await watcher.end()
    }
    const next = await t.request({
      method: 'POST',
      url: '/api/orders',
      json: { ...customer, items: [{ productId: pendant.id, quantity: 1 }] },
    })
    expect(next.statusCode).toBe(201)
    // ORD-1002 and ORD-1003 went to the other process; the refused batch gave its numbers back.
    expect(next.json().orderNumber).toBe(`ORD-${Number(first.json().orderNumber.slice(4)) + 3}`)
    expect((await t.request({ method: 'GET', url: `/api/admin/products/${pendant.id}`, token })).json().stock).toBe(0)
  })
})
