/**
 * Fills a shop's database with made-up orders, straight into its tables (not through HTTP), for the admin
 * benchmark and for trying the back office at scale: `pnpm db:fill --orders 100000`. Orders are spread over
 * the last year in time order, from about one customer in ten orders, with one to three lines of the shop's
 * own active variants at their prices. The same count always gives the same orders (a seeded generator), apart
 * from the dates, which end now. Every buyer's address ends in `.test`, a name reserved for tests, and the
 * filler refuses a database that holds any order but its own and the demo shop's (at example.com): it never mixes
 * made-up orders into a real shop's.
 */
import { variantLabel } from '@shop/schema/display'
import { sql } from 'kysely'
import { rebuildSalesSummary } from '../dashboard/sales-summary'
import type { Db } from '../database'
import { isPostgres, toDbBool } from '../dialect'
import { takeOrderNumbers } from '../orders/orders.repository'
import { isPubliclyVisible } from '../products/product-rules'

export const FILLER_EMAIL_DOMAIN = 'buyers.test'
const DEMO_EMAIL_DOMAIN = 'example.com'
const ORDERS_PER_BATCH = 1_000
const DAY_MS = 86_400_000

const FIRST_NAMES = (
  'Mary José Zoë Grace Hope Faith Anna Noah Elijah Ruth Miriam Lucía Chloé Søren Ἰωάννης Δανιήλ Thérèse Joseph ' +
  'Sarah Gabriel Naomi Esther Michael Rebekah'
).split(' ')
const LAST_NAMES = (
  "Smith Núñez O'Brien García Müller Kowalski Johnson Brown Rossi Dubois Nguyen Papadopoulos Cohen Levi Andersen " +
  'Martin Walker Young Hill Carter Rivera Lopez'
).split(' ')
/** Most buyers' surnames are their own: made of syllables, with a common surname for about one in four. */
const SYLLABLES =
  'an bel cor dan el far gor han is jor kel lan mar nor ol per quin ros sal tor ul ver wes yor zan'.split(' ')
const STREETS = ['Main St', 'Church Rd', 'Olive Ave', 'Chapel Ln', 'Grace Ct', 'Cedar Way', 'Rue de la Paix']
const CITIES = ['Springfield', 'Bethlehem', 'Nazareth', 'Salem', 'Lourdes', 'Fátima', 'Zion', 'Goshen']

/** A small deterministic generator (mulberry32): the same seed gives the same shop. */
function randomFrom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return {
    next,
    below: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  }
}

interface Sellable {
  productId: number
  variantId: number
  name: string
  sku: string
  label: string | null
  priceCents: number
  imageUrl: string | null
}

async function sellablesOf(db: Db): Promise<Sellable[]> {
  const rows = await db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .select([
      'products.id as product_id',
      'products.name',
      'products.options',
      'product_variants.id',
      'product_variants.sku',
      'product_variants.option_values',
      'product_variants.price_cents',
    ])
    .select((eb) =>
      eb
        .selectFrom('product_images')
        .select('url')
        .whereRef('product_images.product_id', '=', 'products.id')
        .orderBy('position')
        .limit(1)
        .as('image_url'),
    )
    .where(isPubliclyVisible)
    .where('product_variants.active', '=', toDbBool(true))
    .orderBy('product_variants.id')
    .execute()
  return rows.map((row) => {
    const options = JSON.parse(row.options) as Array<{ name: string }>
    const values = JSON.parse(row.option_values) as string[]
    return {
      productId: row.product_id,
      variantId: row.id,
      name: row.name,
      sku: row.sku,
      label:
        options.length > 0
          ? variantLabel(
              options.map((option) => option.name),
              values,
            )
          : null,
      priceCents: row.price_cents,
      imageUrl: row.image_url,
    }
  })
}

/** Raised instead of filling a database that holds real orders, or a shop with nothing to sell. */
export class FillRefusedError extends Error {}

/** Throws unless every order in the database was made by the filler or the demo seed (or there is none). */
async function assertOnlyMadeUpOrders(db: Db): Promise<void> {
  const foreign = await db
    .selectFrom('orders')
    .select('order_number')
    .where('customer_email', 'not like', `%@${FILLER_EMAIL_DOMAIN}`)
    .where('customer_email', 'not like', `%@${DEMO_EMAIL_DOMAIN}`)
    .limit(1)
    .executeTakeFirst()
  if (foreign) {
    throw new FillRefusedError(
      `This database holds real orders (${foreign.order_number}); made-up orders go only into a demo or benchmark shop.`,
    )
  }
}

/** Customer number n's name and e-mail: always the same for the same n. */
export function customerOf(n: number): { name: string; email: string } {
  const random = randomFrom(n + 1)
  const first = random.pick(FIRST_NAMES)
  const last =
    random.next() < 0.25
      ? random.pick(LAST_NAMES)
      : Array.from({ length: 2 + random.below(2) }, () => random.pick(SYLLABLES))
          .join('')
          .replace(/^./, (letter) => letter.toUpperCase())
  const ascii = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[^a-z]/gi, '')
      .toLowerCase()
  return { name: `${first} ${last}`, email: `${ascii(first) || 'buyer'}.${ascii(last)}${n}@${FILLER_EMAIL_DOMAIN}` }
}

export interface FillOptions {
  count: number
  /** The orders end now and start this many days ago. */
  days?: number
  onProgress?: (done: number) => void
}

/**
 * Inserts `count` orders and their lines in batches of 1,000 (one statement each), then recounts the dashboard's
 * summary and refreshes statistics.
 */
export async function fillOrders(db: Db, { count, days = 365, onProgress }: FillOptions): Promise<void> {
  await assertOnlyMadeUpOrders(db)
  const sellables = await sellablesOf(db)
  if (sellables.length === 0) throw new FillRefusedError('The shop has no active product to order.')
  const random = randomFrom(count)
  const customers = Math.max(1, Math.round(count / 10))
  const end = Date.now()
  const start = end - days * DAY_MS
  for (let done = 0; done < count; done += ORDERS_PER_BATCH) {
    const size = Math.min(ORDERS_PER_BATCH, count - done)
    await db.transaction().execute(async (trx) => {
      const numbers = await takeOrderNumbers(trx, size)
      const orders = numbers.map((orderNumber, i) => {
        const at = new Date(start + ((done + i + random.next()) / count) * (end - start)).toISOString()
        const customer = random.below(customers)
        const { name, email } = customerOf(customer)
        const lines = Array.from({ length: 1 + random.below(3) }, () => ({
          sellable: random.pick(sellables),
          quantity: 1 + random.below(2),
        }))
        const age = (end - Date.parse(at)) / DAY_MS
        const roll = random.next()
        const status =
          roll < 0.08 ? 'cancelled' : age > 14 || roll > 0.7 ? 'completed' : roll > 0.4 ? 'processing' : 'pending'
        return {
          lines,
          row: {
            order_number: orderNumber,
            customer_name: name,
            customer_email: email,
            customer_address: `${1 + (customer % 400)} ${random.pick(STREETS)}, ${random.pick(CITIES)}`,
            notes: random.next() < 0.1 ? 'Gift wrap, please' : null,
            status,
            total_cents: lines.reduce((sum, line) => sum + line.sellable.priceCents * line.quantity, 0),
            created_at: at,
            updated_at: at,
          },
        }
      })
      const inserted = await trx
        .insertInto('orders')
        .values(orders.map((order) => order.row))
        .returning(['id', 'order_number'])
        .execute()
      const idOf = new Map(inserted.map((row) => [row.order_number, row.id]))
      const items = orders.flatMap((order) =>
        order.lines.map(({ sellable, quantity }) => ({
          order_id: idOf.get(order.row.order_number) as number,
          product_id: sellable.productId,
          variant_id: sellable.variantId,
          variant_label: sellable.label,
          name: sellable.name,
          sku: sellable.sku,
          price_cents: sellable.priceCents,
          quantity,
          image_url: sellable.imageUrl,
        })),
      )
      await trx.insertInto('order_items').values(items).execute()
    })
    onProgress?.(done + size)
  }
  // The orders went in past the repository: the dashboard's summary is counted again from them.
  await rebuildSalesSummary(db)
  // Fresh statistics for the planner; on PostgreSQL also the visibility map, without which no index answers alone.
  await sql`${sql.raw(isPostgres(db) ? 'vacuum analyze' : 'analyze')}`.execute(db)
}
