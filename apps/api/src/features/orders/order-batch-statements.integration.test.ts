import { KEEP_PREPARED } from '@shop/db/client'
import { rebuildSalesSummary } from '@shop/db/sales-summary'
import type { KyselyPlugin, QueryId, RootOperationNode } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saleShop, summaryOf } from '../../testing/sale-shop'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { type CreateOrderValues, submitOrder } from './order-writer'

/**
 * What one batch of orders (order-writer.ts) asks of the database, statement by statement: on PostgreSQL each one
 * is a round trip, and batches run one after the other, so their count bounds the orders a second. The lists below
 * are every statement a batch makes between its begin and its commit (those two come from the driver, unlisted); a
 * statement more shows up here. The rows the batch writes are checked too: the summary equals a recount of the
 * orders, and every order has its key and mails.
 */

/** Records every statement run through the Db it is plugged into, as its SQL. */
class StatementLog implements KyselyPlugin {
  readonly statements: string[] = []
  readonly #nodes = new WeakMap<QueryId, RootOperationNode>()
  readonly #compile: (node: RootOperationNode, queryId: QueryId) => { sql: string }

  constructor(t: TestApp) {
    const executor = t.db.getExecutor()
    this.#compile = (node, queryId) => executor.compileQuery(node, queryId)
  }

  // A subquery passes through here too; only what reaches the database comes back through transformResult.
  transformQuery: KyselyPlugin['transformQuery'] = (args) => {
    this.#nodes.set(args.queryId, args.node)
    return args.node
  }

  transformResult: KyselyPlugin['transformResult'] = async (args) => {
    const node = this.#nodes.get(args.queryId)
    if (node) this.statements.push(this.#compile(node, args.queryId).sql)
    return args.result
  }

  /**
   * Each statement as the tables it writes ("write orders", "write order_keys + outbox") or, when it writes none,
   * those it reads ("read shop_settings"); a statement that does both, as both ("write counters; read products").
   */
  summary(): string[] {
    return this.statements.map((text) => {
      const tables = (pattern: RegExp) =>
        [
          ...new Set(
            [...text.matchAll(pattern)]
              .map((match) => match[1])
              .filter(
                (table) =>
                  table !== 'set' && table !== 'unnest' && table !== 'json_each' && table !== 'json_to_recordset',
              ),
          ),
        ].join(' + ')
      const written = tables(/\b(?:insert into|update|delete from)\s+"?(\w+)"?/g)
      if (!written) return `read ${tables(/\bfrom\s+"?(\w+)"?/g)}`
      // Tables a writing statement also reads, but for those it writes and the parts of its WITH.
      const own = new Set([
        ...written.split(' + '),
        ...[...text.matchAll(/"?(\w+)"?\s+(?:\([^)]*\)\s+)?as\s+\(/g)].map((m) => m[1]),
      ])
      const read = tables(/\bfrom\s+"?(\w+)"?/g)
        .split(' + ')
        .filter((table) => table && !own.has(table))
        .join(' + ')
      return read ? `write ${written}; read ${read}` : `write ${written}`
    })
  }
}

const CODE = 'COUNT10'

/**
 * PostgreSQL's batch, whatever its orders: the numbers with everything the orders are decided on (products, codes,
 * once-per-e-mail uses, settings), then one statement that takes (stock, code uses, once-per-e-mail uses, numbers
 * given back) and writes (the products' totals, orders, summary, lines, keys and mails).
 */
const PG_BATCH = [
  'write counters; read product_variants + product_images + products + discount_codes + discount_email_uses + shop_settings',
  'write product_variants + discount_codes + discount_email_uses + counters + products + orders + sales_days + product_sales_days + order_status_days + customers + order_items + order_keys + outbox',
]

function buyer(i: number): Pick<CreateOrderValues, 'customerName' | 'customerEmail' | 'customerAddress' | 'notes'> {
  return {
    customerName: `Count Buyer ${i}`,
    customerEmail: `count-${i}@example.com`,
    customerAddress: '1 Count Street, Austin, TX 78701',
    notes: null,
  }
}

describe('the statements of one batch of orders', () => {
  let t: TestApp
  let pendant: { id: number }
  let ring: { id: number; variants: Array<{ id: number }> }
  let express: number
  let isPostgres: boolean

  beforeAll(async () => {
    t = await createTestApp()
    isPostgres = 'postgresUrl' in t.config.database
    const token = await t.login()
    const sale = await saleShop(t, token, CODE)
    pendant = sale.pendant
    ring = sale.ring
    express = sale.express
    // The shop's first order also creates the order number counter: a statement the batches below do not make.
    await submitOrder(t.db, { ...buyer(0), items: [{ productId: pendant.id, quantity: 1 }] })
  })

  afterAll(async () => {
    await t.close()
  })

  /** Places the orders together, through a Db of their own (so a writer of their own): one batch. */
  async function placeBatch(inputs: CreateOrderValues[]) {
    const log = new StatementLog(t)
    const db = t.db.withPlugin(log)
    const { moneyRules } = t.app.deps
    const rules = { kept: await moneyRules.getKept(t.db), read: moneyRules.read }
    const placed = await Promise.all(inputs.map((input) => submitOrder(db, input, rules)))
    return { placed, log }
  }

  /** Each order's key and mails are there once, and the summary is what a recount of every order gives. */
  async function expectRowsOf(placed: Array<{ id: number; customerEmail: string }>) {
    const ids = placed.map((order) => order.id)
    const keys = await t.db.selectFrom('order_keys').select('order_id').where('order_id', 'in', ids).execute()
    expect(keys.map((key) => key.order_id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b))
    const owner = (await t.db.selectFrom('shop_settings').select('email').executeTakeFirstOrThrow()).email
    const mails = await t.db
      .selectFrom('outbox')
      .select(['order_id', 'kind', 'recipient'])
      .where('order_id', 'in', ids)
      .execute()
    for (const order of placed) {
      const own = mails
        .filter((mail) => mail.order_id === order.id)
        .map((mail) => [mail.kind, mail.recipient])
        .sort()
      expect(own).toEqual([
        ['order_placed', order.customerEmail],
        ['order_received', owner],
      ])
    }
    // A product's stock is the sum of its active variants' (the ring's batch takes from one of two, or both).
    const products = await t.db.selectFrom('products').select(['id', 'stock']).execute()
    const variants = await t.db.selectFrom('product_variants').select(['product_id', 'stock', 'active']).execute()
    for (const product of products) {
      const own = variants.filter((variant) => variant.product_id === product.id && Boolean(variant.active))
      expect(product.stock).toBe(own.reduce((sum, variant) => sum + variant.stock, 0))
    }
    const kept = await summaryOf(t)
    const emails = await t.db.selectFrom('orders').select('customer_email').execute()
    const customers = new Set(emails.map((row) => row.customer_email.toLowerCase())).size
    expect(kept.counters.map((row) => Number(row.value))).toEqual([customers])
    await rebuildSalesSummary(t.db)
    expect(await summaryOf(t)).toEqual(kept)
  }

  it('writes a batch of plain orders in a fixed handful of statements', async () => {
    const { placed, log } = await placeBatch(
      Array.from({ length: 8 }, (_, i) => ({ ...buyer(i), items: [{ productId: pendant.id, quantity: 1 }] })),
    )
    expect(new Set(placed.map((order) => order.orderNumber)).size).toBe(8)
    expect(log.summary()).toEqual(
      isPostgres
        ? PG_BATCH
        : [
            'write counters',
            'read product_variants + product_images + products',
            'read product_variants',
            'read shop_settings',
            'write product_variants',
            'write products; read product_variants',
            'write orders',
            'write sales_days',
            'write product_sales_days',
            'write order_status_days',
            'write customers',
            'write counters',
            'write order_items',
            'write order_keys',
            'write outbox',
          ],
    )
    await expectRowsOf(placed)
  })

  it('writes a batch with a code, a shipping method, variants and returning buyers in a few more', async () => {
    const { placed, log } = await placeBatch(
      Array.from({ length: 12 }, (_, i) => {
        const variant = i % 3 === 1 ? ring.variants[i % 2] : undefined
        // Buyers 4 to 7 ordered in the first batch; 8 to 11 are new and order twice, the second time in capitals.
        const who = buyer(i < 8 ? i + 4 : i)
        return {
          ...who,
          customerEmail: i >= 8 ? who.customerEmail.toUpperCase() : who.customerEmail,
          items: [
            variant
              ? { productId: ring.id, variantId: variant.id, quantity: 1 + (i % 2) }
              : { productId: pendant.id, quantity: 1 },
          ],
          ...(i % 4 === 2 ? { discountCode: CODE } : {}),
          ...(i % 5 === 3 ? { country: 'US', region: 'TX', shippingMethodId: express } : {}),
        }
      }),
    )
    expect(new Set(placed.map((order) => order.orderNumber)).size).toBe(12)
    // Besides the plain batch's on SQLite: the codes read, and the code's uses taken.
    expect(log.summary()).toEqual(
      isPostgres
        ? PG_BATCH
        : [
            'write counters',
            'read product_variants + product_images + products',
            'read product_variants',
            'read discount_codes',
            'read shop_settings',
            'write product_variants',
            'write discount_codes',
            'write products; read product_variants',
            'write orders',
            'write sales_days',
            'write product_sales_days',
            'write order_status_days',
            'write customers',
            'write counters',
            'write order_items',
            'write order_keys',
            'write outbox',
          ],
    )
    await expectRowsOf(placed)
  })

  it('makes the same two statement texts on PostgreSQL whatever the batch, each kept prepared', async () => {
    if (!isPostgres) return
    const one = await placeBatch([{ ...buyer(20), items: [{ productId: pendant.id, quantity: 1 }] }])
    const many = await placeBatch(
      Array.from({ length: 5 }, (_, i) => ({
        ...buyer(21 + i),
        items: [
          { productId: pendant.id, quantity: 1 },
          { productId: ring.id, variantId: ring.variants[i % 2]?.id, quantity: 1 },
        ],
        ...(i % 2 === 0 ? { discountCode: CODE } : {}),
      })),
    )
    expect(many.log.summary()).toEqual(PG_BATCH)
    // One text per statement: each is prepared once per connection and PostgreSQL may keep its plan.
    expect(many.log.statements).toEqual(one.log.statements)
    for (const text of many.log.statements) expect(text.endsWith(KEEP_PREPARED)).toBe(true)
    await expectRowsOf([...one.placed, ...many.placed])
  })
})
