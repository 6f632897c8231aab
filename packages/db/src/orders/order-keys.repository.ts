import type { Executor } from '../database'
import { nowIso } from '../dialect'
import { chunks } from '../statement-chunks'

// 3 columns a row.
const ROWS_PER_INSERT = 1000

/** Stores keys (their hashes) to orders' guest pages; called in the order's transaction. */
export async function insertMany(db: Executor, keys: Array<{ orderId: number; keyHash: string }>): Promise<void> {
  for (const insert of insertQueries(db, keys)) await insert.execute()
}

/** The inserts that store these keys, one per 1,000, to run or to send along with another write (outbox enqueue). */
export function insertQueries(db: Executor, keys: Array<{ orderId: number; keyHash: string }>) {
  const now = nowIso()
  return chunks(keys, ROWS_PER_INSERT).map((chunk) =>
    db
      .insertInto('order_keys')
      .values(chunk.map((key) => ({ key_hash: key.keyHash, order_id: key.orderId, created_at: now }))),
  )
}

/**
 * The id of the order with this number, when the key is one of its own; undefined for an unknown number, an
 * unknown key and another order's key alike.
 */
export async function findOrderId(db: Executor, orderNumber: string, keyHash: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('order_keys')
    .innerJoin('orders', 'orders.id', 'order_keys.order_id')
    .select('orders.id')
    .where('order_keys.key_hash', '=', keyHash)
    .where('orders.order_number', '=', orderNumber)
    .executeTakeFirst()
  return row?.id
}
