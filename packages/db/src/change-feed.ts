import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import pg from 'pg'
import { type DbOptions, postgresConfig } from './client'
import type { Db } from './database'

/** The PostgreSQL channel on which API processes tell each other that the shop's data changed. */
const CHANNEL = 'shop_changes'
// After losing its connection, the listener tries again after this long (and then doubles, up to the maximum).
const RECONNECT_MS = 250
const MAX_RECONNECT_MS = 10_000

/**
 * How API processes sharing one database keep their caches fresh: after a write, a process publishes; every
 * other process hears it and drops what it cached. On PostgreSQL this is LISTEN/NOTIFY. An SQLite file has one
 * API process, so there is nobody to tell.
 */
export interface ChangeFeed {
  /**
   * Tells the other processes that data changed. Resolves once the server has queued the notice for them (a
   * NOTIFY outside a transaction is sent at once), so a process answers a write only after the others are told.
   * Publishes of the same event-loop turn share one NOTIFY.
   */
  publish(): Promise<void>
  close(): Promise<void>
}

export interface ChangeFeedOptions {
  /** Another process changed data (or the listener reconnected and may have missed a notice). */
  onRemoteChange: () => void
  onError?: (error: unknown) => void
}

export async function openChangeFeed(db: Db, options: DbOptions, feedOptions: ChangeFeedOptions): Promise<ChangeFeed> {
  if (!('postgresUrl' in options)) return { publish: async () => undefined, close: async () => undefined }
  const origin = randomUUID()
  const { onRemoteChange, onError = () => undefined } = feedOptions
  let client: pg.Client | undefined
  let closed = false
  let retryMs = RECONNECT_MS
  let retryTimer: NodeJS.Timeout | undefined

  const connect = async (): Promise<void> => {
    const next = new pg.Client(postgresConfig(options.postgresUrl))
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload !== origin) onRemoteChange()
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
        () => onRemoteChange(),
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
  return {
    publish() {
      pending ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        pending = undefined
        await sql`select pg_notify(${CHANNEL}, ${origin})`.execute(db)
      })
      return pending
    },
    async close() {
      closed = true
      clearTimeout(retryTimer)
      await client?.end()
    },
  }
}
