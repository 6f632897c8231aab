import { hashToken } from '../../lib/crypto'
import { checkRequest, countRequest, DISCOUNT_CODE_LIMIT, type RateLimitStore } from '../../lib/rate-limit'

/**
 * The limit on guessing discount codes. The quote and the order answer a code the shop does not have differently
 * from one it has (even one that does not apply yet), so each request that names a code is a guess: a client may
 * try DISCOUNT_CODE_LIMIT unknown codes per window, in the shared store (database, or Redis), so all API processes
 * count together.
 *
 * - A request without a code never comes here: it costs nothing and is never refused.
 * - A code the shop has is never counted: it costs one read of the client's count (for an order, before it joins
 *   a batch), never a write. That keeps the orders of a sale, which all name the sale's code, from adding a write
 *   of their own beside the group commit (order-writer.ts).
 * - Past the limit every request that names a code is refused (429) before the code is looked at, a right one too:
 *   answering right codes while refusing wrong ones would tell them apart as well as the messages do.
 * - An unknown code counts once per client and window however often it is sent again: the checkout prices the
 *   cart again with the applied code after each change of the address, which tells a guesser nothing new.
 */

/** Per store (one per app), per client: the requests naming a code that this process is still deciding. */
const pendingByStore = new WeakMap<RateLimitStore, Map<string, number>>()

function pendingOf(store: RateLimitStore): Map<string, number> {
  let pending = pendingByStore.get(store)
  if (!pending) {
    pending = new Map()
    pendingByStore.set(store, pending)
  }
  return pending
}

/**
 * Counts an unknown code against the client, unless the client has sent it already in this window; throws 429
 * (rather than the code's answer) when the client is past the limit, which requests sent through other processes
 * at the same moment can bring about.
 */
async function countUnknownCode(store: RateLimitStore, client: string, code: string): Promise<void> {
  // The code as a hash: the store keeps no text a client typed.
  const codeKey = `discount-code-tried:${client}:${hashToken(code).slice(0, 32)}`
  const tried = await store.hit(codeKey, Date.now(), DISCOUNT_CODE_LIMIT.windowMs)
  if (tried.count > 1) return
  try {
    await countRequest(store, DISCOUNT_CODE_LIMIT, client)
  } catch (error) {
    // Refused, the client learnt nothing of this code: sent again later, it must count then.
    await store.giveBack(codeKey, Date.now())
    throw error
  }
}

/**
 * Runs `attempt`, a request of `client` that names `code`, under the limit. `attempt` calls `countUnknown` once
 * it knows the shop has no such code, before it answers; that throws 429 instead when the client is past the limit.
 *
 * Requests of the client still being decided in this process count as unknown codes until they are: otherwise 50
 * codes sent at once would all be looked up while the count still says 0, a right one among them. Each is
 * released only after its unknown code is counted in the store, so a later request always sees it in one or the
 * other. Another process's undecided requests are not seen here, so a burst spread over N processes may have up to
 * N times the limit looked up; every unknown one past the limit is still answered 429 by the store's count.
 */
export async function tryDiscountCode<T>(
  store: RateLimitStore,
  client: string,
  code: string,
  attempt: (countUnknown: () => Promise<void>) => Promise<T>,
): Promise<T> {
  const pending = pendingOf(store)
  const before = pending.get(client) ?? 0
  pending.set(client, before + 1)
  try {
    await checkRequest(store, DISCOUNT_CODE_LIMIT, client, before + 1)
    return await attempt(() => countUnknownCode(store, client, code))
  } finally {
    const left = (pending.get(client) ?? 1) - 1
    if (left > 0) pending.set(client, left)
    else pending.delete(client)
  }
}
