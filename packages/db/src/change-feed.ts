import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import pg from 'pg'
import { type DbOptions, postgresConfig } from './client'
import type { Db } from './database'
import { KEEP_PREPARED } from './dialect'
import { CHANGES_COUNTER } from './orders/orders.table'

/**
 * What a change touched: `stock` when only stock moved (orders placed, cancelled or reopened), so that what holds
 * no stock (the shop's money settings) is kept; `all` for anything else.
 */
export type ChangeScope = 'all' | 'stock'

/** The PostgreSQL channel on which API processes tell each other that the shop's data changed. */
const CHANNEL = 'shop_changes'
// After losing its connection, the listener tries again after this long (and then doubles, up to the maximum).
const RECONNECT_MS = 250
const MAX_RECONNECT_MS = 10_000
// How long a publish waits to hear its own notice back before it gives up waiting (the notice is sent anyway).
const ECHO_TIMEOUT_MS = 1_000

/**
 * How API processes sharing one database keep their caches fresh: after a write, a process publishes; every
 * other process hears it and drops what it cached. On PostgreSQL this is LISTEN/NOTIFY. An SQLite file has one
 * API process, so there is nobody to tell.
 */
export interface ChangeFeed {
  /**
   * Tells the other processes that data changed. Resolves once this process has heard its own notice back:
   * PostgreSQL signals every listener at the same moment, so by then the others have it too, and a client that
   * saw the write's answer and asks another process next finds that process's cache already emptied.
   * Publishes of the same event-loop turn share one NOTIFY, whose scope is the widest of theirs.
   */
  publish(scope?: ChangeScope): Promise<void>
  /**
   * Makes sure every notice sent before this call has been heard: one round trip on the listening connection,
   * whose answer PostgreSQL sends only after the notices already due to it. Calls of the same event-loop turn
   * share the round trip. False when the feed is not listening (reconnecting): nothing may be served from a
   * cache then, as notices are being missed.
   */
  sync(): Promise<boolean>
  /** True when other processes may write (PostgreSQL): their notices must be read before serving from a cache. */
  readonly isShared: boolean
  /** False while the listening connection is lost (notices are being missed). */
  readonly isListening: boolean
  close(): Promise<void>
}

export interface ChangeFeedOptions {
  /**
   * Another process changed data (or the listener reconnected and may have missed a notice: `all`). A notice
   * without a scope (sent by an older build) is `all`.
   */
  onRemoteChange: (scope: ChangeScope) => void
  onError?: (error: unknown) => void
}

/** The count of changes of scope `all` published so far (0 before the first; SQLite publishes none). */
export async function readChangeCount(db: Db): Promise<number> {
  const row = await db.selectFrom('counters').select('value').where('name', '=', CHANGES_COUNTER).executeTakeFirst()
  return Number(row?.value ?? 0)
}

/** The scope a notice's payload (`origin:sequence:scope`) names; anything else is `all`. */
function scopeOf(payload: string | undefined): ChangeScope {
  return payload?.endsWith(':stock') ? 'stock' : 'all'
}

export async function openChangeFeed(db: Db, options: DbOptions, feedOptions: ChangeFeedOptions): Promise<ChangeFeed> {
  if (!('postgresUrl' in options)) {
    return {
      publish: async () => undefined,
      sync: async () => true,
      isShared: false,
      isListening: true,
      close: async () => undefined,
    }
  }
  const origin = randomUUID()
  // Each publish sends `origin:sequence`; a waiter per sequence resolves when the listener hears it.
  let sequence = 0
  const echoes = new Map<string, () => void>()
  const { onRemoteChange, onError = () => undefined } = feedOptions
  let client: pg.Client | undefined
  let closed = false
  let retryMs = RECONNECT_MS
  let retryTimer: NodeJS.Timeout | undefined
  // The connection attempt under way, if any: the server may already count it as listening before this process
  // has read the answer to LISTEN, so a publish meanwhile waits for it rather than skip hearing its echo.
  let connecting: Promise<void> | undefined

  const connect = (): Promise<void> => {
    const attempt = open().finally(() => {
      if (connecting === attempt) connecting = undefined
    })
    connecting = attempt
    return attempt
  }

  const open = async (): Promise<void> => {
    const next = new pg.Client(postgresConfig(options.postgresUrl))
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL) return
      const echo = message.payload === undefined ? undefined : echoes.get(message.payload)
      if (echo) echo()
      else if (!message.payload?.startsWith(`${origin}:`)) onRemoteChange(scopeOf(message.payload))
    })
    next.on('error', (error) => {
      onError(error)
      void next.end().catch(() => undefined)
    })
    next.on('end', () => {
      if (client === next) client = undefined
      if (!closed) scheduleReconnect()
    })
    await next.connect()
    await next.query(`listen ${CHANNEL}`)
    client = next
    retryMs = RECONNECT_MS
  }

  const scheduleReconnect = () => {
    if (retryTimer || closed) return
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      connect().then(
        // Notices sent while this process was not listening are lost: assume the worst.
        () => onRemoteChange('all'),
        (error: unknown) => {
          onError(error)
          retryMs = Math.min(retryMs * 2, MAX_RECONNECT_MS)
          scheduleReconnect()
        },
      )
    }, retryMs)
    retryTimer.unref()
  }

  try {
    await connect()
  } catch (error) {
    closed = true
    clearTimeout(retryTimer)
    throw error
  }

  let pending: Promise<void> | undefined
  let pendingScope: ChangeScope = 'stock'
  const notifyAndHear = async (): Promise<void> => {
    pending = undefined
    const scope = pendingScope
    const payload = `${origin}:${++sequence}:${scope}`
    pendingScope = 'stock'
    let timer: NodeJS.Timeout | undefined
    if (!client && connecting) {
      await Promise.race([
        connecting.catch(() => undefined),
        new Promise((resolve) => {
          timer = setTimeout(resolve, ECHO_TIMEOUT_MS)
        }),
      ])
      clearTimeout(timer)
    }
    // Not listening right now (reconnecting): nothing to wait for; the others empty their caches on reconnect.
    const heard = client
      ? new Promise<void>((resolve) => {
          echoes.set(payload, resolve)
          timer = setTimeout(resolve, ECHO_TIMEOUT_MS)
        })
      : Promise.resolve()
    try {
      if (scope === 'all') {
        await sql`with counted as (
            insert into counters (name, value) values (${CHANGES_COUNTER}, 1)
            on conflict (name) do update set value = counters.value + 1
            returning value)
          select pg_notify(${CHANNEL}, ${payload}) from counted`.execute(db)
      } else {
        await sql`select pg_notify(${CHANNEL}, ${payload}) ${sql.raw(KEEP_PREPARED)}`.execute(db)
      }
      await heard
    } finally {
      clearTimeout(timer)
      echoes.delete(payload)
    }
  }
  // Syncs asked for in this turn share one round trip, sent after the turn; one asked for while a round trip is
  // under way waits for the next, since the one under way may have left before the notice it must see was sent.
  // Round trips run one after another on the connection (pg queues a query sent during another).
  let nextSync: Promise<boolean> | undefined
  let inFlight: Promise<unknown> = Promise.resolve()
  const roundTrip = async (): Promise<boolean> => {
    nextSync = undefined
    const listening = client
    if (!listening) return false
    try {
      await listening.query('select 1 as shop_changes_sync')
      return client === listening
    } catch {
      return false
    }
  }
  return {
    isShared: true,
    get isListening() {
      return client !== undefined
    },
    sync() {
      if (!nextSync) {
        const turnEnded = new Promise<void>((resolve) => setImmediate(resolve))
        const previous = inFlight
        // The round trip starts once this turn ended and the previous one answered; until it starts, later calls
        // join it.
        const next = Promise.all([turnEnded, previous]).then(roundTrip)
        nextSync = next
        inFlight = next
      }
      return nextSync
    },
    publish(scope = 'all') {
      if (scope === 'all') pendingScope = 'all'
      pending ??= new Promise<void>((resolve) => setImmediate(resolve)).then(notifyAndHear)
      return pending
    },
    async close() {
      closed = true
      clearTimeout(retryTimer)
      for (const echo of echoes.values()) echo()
      await client?.end()
    },
  }
}
