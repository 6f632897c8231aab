import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, sql, type Transaction } from 'kysely'
import pg from 'pg'
import type { Database, Db, Executor } from './database'
import { KEEP_PREPARED } from './dialect'
import { CachedSqliteDialect } from './sqlite-dialect'

export type { Db, Executor } from './database'
export { isPostgres, KEEP_PREPARED } from './dialect'

export type DbOptions =
  | {
      /** Path of the SQLite database file; its folder is created when missing. */
      sqliteFile: string
    }
  | {
      /** postgres://user:password@host:port/database (`?options=-c search_path=name` picks a schema) */
      postgresUrl: string
      /** Connections per process; several processes share the server's max_connections. */
      poolSize?: number
    }

/** The pool size of one API process unless told otherwise: enough for bursts, small enough for many processes. */
const DEFAULT_POOL_SIZE = 10

/** Connection settings of pg for a URL; the change listener opens its client with the same. */
export function postgresConfig(url: string): pg.ClientConfig {
  return {
    connectionString: url,
    // Read COUNT/SUM's bigint as a number, as SQLite gives it; a shop's counts stay far below 2^53.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  }
}

export type PoolErrorListener = (error: Error) => void

/** Who hears of the errors of each PostgreSQL pool createDb made, by the Db it returned. */
const poolErrorListeners = new WeakMap<Db, Set<PoolErrorListener>>()

/**
 * Opens the shop's database: PostgreSQL for a postgres URL, else the SQLite file. Only this file knows the
 * drivers; migrations and repositories use portable Kysely queries, and the few differences they meet live in
 * dialect.ts and errors.ts.
 */
export function createDb(options: DbOptions): Db {
  if ('postgresUrl' in options) {
    const pool = new pg.Pool({
      ...postgresConfig(options.postgresUrl),
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
    })
    const listeners = new Set<PoolErrorListener>()
    const report = (error: Error) => {
      if (listeners.size === 0) process.emitWarning(error)
      for (const listener of listeners) listener(error)
    }
    // A connection that loses its server (restart, network, pg_terminate_backend) emits 'error', idle in the pool
    // or lent out to a query. pg-pool listens only while it is idle, and an 'error' nobody listens to ends the
    // process, so every connection gets a listener of its own for as long as it lives. It must not go unnoticed
    // either: whoever holds the Db hears of it (the API logs it), or Node prints a warning. pg emits a second
    // error for the same loss ("terminating connection", then "Connection terminated"): the first one says it all.
    pool.on('connect', (client) => {
      let isReported = false
      client.on('error', (error) => {
        if (isReported) return
        isReported = true
        report(error)
      })
    })
    // The pool drops an idle connection that failed and opens a new one when asked; the connection's own listener
    // has reported the error already.
    pool.on('error', () => undefined)
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) })
    poolErrorListeners.set(db, listeners)
    return db
  }
  fs.mkdirSync(path.dirname(path.resolve(options.sqliteFile)), { recursive: true })
  const sqlite = new SQLite(options.sqliteFile)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  // Wait for a concurrent writer (another process, the backup) instead of failing with SQLITE_BUSY at once.
  sqlite.pragma('busy_timeout = 5000')
  // With WAL, NORMAL stays consistent after a crash and only risks the last commits on power loss.
  sqlite.pragma('synchronous = NORMAL')
  return new Kysely<Database>({ dialect: new CachedSqliteDialect(sqlite) })
}

// A connection keeps at most this many statements prepared (past it, a marked statement runs unnamed, as any
// other), and the pool remembers the names of as many texts.
const PREPARED_PER_CONNECTION = 32

type PlanMode = 'default' | 'generic'

/** What the pool knows of one connection: its prepared statements' names, and its plan_cache_mode (undefined: unsure). */
interface ConnectionState {
  prepared: Set<string>
  planMode: PlanMode | undefined
}

/**
 * The pool as Kysely's driver sees it, but that a statement ending in KEEP_PREPARED runs as a named prepared
 * statement (node-postgres's `name`): each connection parses it once, and plans it once. The name is derived from
 * the text, so two texts never share one.
 *
 * Planned once: PostgreSQL's own choice (plan_cache_mode `auto`) planned the batch of orders' statements afresh on
 * every run, a millisecond or more of each batch, while the order number counter's lock is held: it never found the
 * generic plan cheap enough, its estimate knowing nothing of the arrays' lengths. These texts are written so their
 * plan does not depend on their values (lists as arrays, rows as JSON), so the connection runs them with
 * `force_generic_plan`, and goes back to the server's own setting before any other statement with parameters, whose
 * best plan may depend on them (an admin's list by date, a search). The mode is the connection's: set when it must
 * change, and set again after a rollback, which undoes a SET made in its transaction.
 */
function preparingPool(pool: pg.Pool): PostgresPool {
  const namesByText = new Map<string, string>()
  const nameOf = (text: string): string => {
    let name = namesByText.get(text)
    if (name === undefined) {
      name = `shop_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`
      if (namesByText.size < PREPARED_PER_CONNECTION) namesByText.set(text, name)
    }
    return name
  }
  const stateByClient = new WeakMap<pg.PoolClient, ConnectionState>()
  return {
    connect: async () => {
      const client = await pool.connect()
      let known = stateByClient.get(client)
      if (!known) {
        known = { prepared: new Set(), planMode: 'default' }
        stateByClient.set(client, known)
      }
      const state = known
      const inPlanMode = async (mode: PlanMode) => {
        if (state.planMode === mode) return
        await client.query(mode === 'generic' ? 'set plan_cache_mode = force_generic_plan' : 'reset plan_cache_mode')
        state.planMode = mode
      }
      return {
        query: async (text: string, parameters: ReadonlyArray<unknown>) => {
          const values = [...parameters]
          if (!text.endsWith(KEEP_PREPARED)) {
            if (values.length > 0) await inPlanMode('default')
            const result = await client.query(text, values)
            if (/^\s*rollback\b/i.test(text)) state.planMode = undefined
            return result
          }
          const name = nameOf(text)
          if (!state.prepared.has(name)) {
            if (state.prepared.size >= PREPARED_PER_CONNECTION) return client.query(text, values)
            state.prepared.add(name)
          }
          await inPlanMode('generic')
          return client.query({ name, text, values })
        },
        release: () => client.release(),
        // pg's result is the one Kysely reads (its `command` typed as any string); Kysely's cursor form is not used.
      } as unknown as PostgresPoolClient
    },
    end: () => pool.end(),
  }
}

/**
 * Calls `listener` with every error of an idle PostgreSQL connection of `db` (a Db from createDb): the server
 * restarted or went away, or someone ended the connection. Queries that fail reject as usual; this is the rest,
 * which nobody would see. Gives the function that stops listening. An SQLite database has no pool: nothing to hear.
 */
export function onPoolError(db: Db, listener: PoolErrorListener): () => void {
  const listeners = poolErrorListeners.get(db)
  if (!listeners) return () => undefined
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\/\S+$/.test(url)
}

/** How a database is named to people: the SQLite file, or the PostgreSQL URL without its password. */
export function describeDatabase(options: DbOptions): string {
  if ('sqliteFile' in options) return options.sqliteFile
  const url = new URL(options.postgresUrl)
  if (url.password) url.password = '***'
  return url.toString()
}

/** Resolves when the database answers a trivial query. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db)
}

/**
 * Runs `work` in a transaction: the caller's when `db` is one already (an admin write and its audit entry are one
 * unit, features/accounts/audit-writes.ts), else a new one. Kysely has no nested transactions.
 */
export function inTransaction<T>(db: Executor, work: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work)
}

/**
 * The transaction as an executor that code written for a Db can be given: its `transaction().execute(work)` runs
 * `work` in this same transaction (Kysely's own refuses to nest), so a service that opens its own transaction
 * joins the caller's, and all of it commits or rolls back together. Everything else is the transaction itself.
 */
export function joinable(tx: Transaction<Database>): Transaction<Database> {
  const joined: Transaction<Database> = new Proxy(tx, {
    get(target, property) {
      if (property === 'transaction') {
        const builder = {
          setIsolationLevel: () => builder,
          setAccessMode: () => builder,
          execute: <T>(work: (tx: Transaction<Database>) => Promise<T>) => work(joined),
        }
        return () => builder
      }
      // Kysely's classes keep their state in private fields: their methods and getters run on the transaction.
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return joined
}
