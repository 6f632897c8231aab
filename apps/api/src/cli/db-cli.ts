/**
 * Moves and backs up the shop's database from the terminal:
 *   pnpm db:copy --from data/shop.db --to postgres://user:password@host:5432/shop
 *   pnpm db:backup --to backups/shop-2026-11-22.db [--from data/shop.db]
 *   pnpm db:prune
 *   pnpm db:fill --orders 100000
 * copy takes every table, ids included, into a new, empty database (SQLite file or PostgreSQL, either way).
 * backup writes a consistent copy of the SQLite file while the shop serves; without --from it backs up the
 * database the server would use (same env / .env). PostgreSQL is backed up with pg_dump.
 * prune deletes expired sessions, spent reset tokens and passed rate-limit windows of the database the server
 * would use, as the server itself does every hour; for a shop that was down long, or before a copy.
 * fill adds made-up orders to the database the server would use, to try the back office at scale; it refuses a
 * database that holds real orders (see fillOrders).
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { BackupRefusedError, backupSqlite } from '@shop/db/backup'
import { createDb, type DbOptions, describeDatabase, isPostgresUrl } from '@shop/db/client'
import { CopyRefusedError, copyDatabase } from '@shop/db/copy'
import { FillRefusedError, fillOrders } from '@shop/db/fill-orders'
import { tryPruneExpired } from '@shop/db/housekeeping'
import { loadConfig } from '../env'

const usage = `Usage:
  pnpm db:copy --from <sqlite file | postgres url> --to <postgres url | sqlite file>
  pnpm db:backup --to <new file> [--from <sqlite file>]
  pnpm db:prune
  pnpm db:fill --orders <count>`

/** A mistake of the user's: printed as one line, without a stack trace. */
class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message)
  }
}

const PG_DUMP_HINT =
  'The shop uses PostgreSQL: back it up with pg_dump, e.g. pg_dump --format=custom --file=shop.dump "$DATABASE_URL".'

function databaseOf(spec: string): DbOptions {
  if (isPostgresUrl(spec)) return { postgresUrl: spec, poolSize: 2 }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(spec)) {
    throw new UsageError(`Unsupported database URL: ${spec} (use a postgres:// URL or an SQLite file).`, 2)
  }
  return { sqliteFile: path.resolve(spec) }
}

/** A file as the user would name it: relative to the working directory when inside it. */
function shortPath(file: string): string {
  const relative = path.relative(process.cwd(), file)
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file
}

/** How a database is named in messages, without its password. */
function describe(options: DbOptions): string {
  return 'sqliteFile' in options ? shortPath(options.sqliteFile) : describeDatabase(options)
}

function requireExistingSqlite(options: DbOptions): void {
  if ('sqliteFile' in options && !fs.existsSync(options.sqliteFile)) {
    throw new UsageError(`No SQLite database at ${options.sqliteFile}.`)
  }
}

function removeSqliteFile(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true })
}

/** Where the CLI writes: the terminal, or a test's buffers. */
export interface Output {
  log: (line: string) => void
  error: (line: string) => void
}

async function copy(out: Output, from: string | undefined, to: string | undefined): Promise<void> {
  if (!from || !to) throw new UsageError(`copy needs --from and --to\n${usage}`, 2)
  const sourceOptions = databaseOf(from)
  const targetOptions = databaseOf(to)
  if (JSON.stringify(sourceOptions) === JSON.stringify(targetOptions)) {
    throw new UsageError('--from and --to name the same database.', 2)
  }
  requireExistingSqlite(sourceOptions)
  // A new SQLite target that the copy did not fill is removed again, so a failed copy leaves nothing behind.
  const newSqliteTarget =
    'sqliteFile' in targetOptions && !fs.existsSync(targetOptions.sqliteFile) ? targetOptions.sqliteFile : undefined
  const source = createDb(sourceOptions)
  const target = createDb(targetOptions)
  let isCopied = false
  try {
    const { tables } = await copyDatabase(source, target)
    isCopied = true
    const width = Math.max(...tables.map(({ table }) => table.length))
    out.log(`Copied ${describe(sourceOptions)} to ${describe(targetOptions)}, ids included:`)
    for (const { table, rows } of tables) out.log(`  ${table.padEnd(width)}  ${rows}`)
    out.log(`  ${'total'.padEnd(width)}  ${tables.reduce((sum, { rows }) => sum + rows, 0)}`)
  } finally {
    await source.destroy()
    await target.destroy()
    if (!isCopied && newSqliteTarget) removeSqliteFile(newSqliteTarget)
  }
}

async function backup(out: Output, from: string | undefined, to: string | undefined): Promise<void> {
  if (!to) throw new UsageError(`backup needs --to <new file>\n${usage}`, 2)
  const options = from ? databaseOf(from) : loadConfig().database
  if ('postgresUrl' in options) throw new UsageError(PG_DUMP_HINT)
  requireExistingSqlite(options)
  const db = createDb(options)
  try {
    const { file, bytes } = await backupSqlite(db, to)
    const megabytes = (bytes / 1024 / 1024).toFixed(1)
    out.log(`Backed up ${describe(options)} to ${shortPath(file)} (${megabytes} MB).`)
    out.log('To restore: stop the shop, put this file in place of shop.db (remove shop.db-wal and shop.db-shm).')
  } finally {
    await db.destroy()
  }
}

async function prune(out: Output, from: string | undefined, to: string | undefined): Promise<void> {
  if (from || to) throw new UsageError('prune takes no --from or --to: it prunes the database the server uses.', 2)
  const config = loadConfig()
  const options = config.database
  requireExistingSqlite(options)
  const db = createDb(options)
  try {
    const deleted = await tryPruneExpired(db, new Date().toISOString(), {
      auditRetentionDays: config.auditRetentionDays,
    })
    if (!deleted) {
      out.log(`Another process is pruning ${describe(options)} right now; nothing done.`)
      return
    }
    const width = Math.max(...Object.keys(deleted).map((table) => table.length))
    out.log(`Pruned ${describe(options)}, rows deleted:`)
    for (const [table, rows] of Object.entries(deleted)) out.log(`  ${table.padEnd(width)}  ${rows}`)
  } finally {
    await db.destroy()
  }
}

const MAX_FILL = 10_000_000

async function fill(out: Output, count: string | undefined): Promise<void> {
  const orders = Number(count)
  if (!count || !Number.isInteger(orders) || orders < 1 || orders > MAX_FILL) {
    throw new UsageError(
      `fill needs --orders, a whole number from 1 to ${MAX_FILL.toLocaleString('en-US')}\n${usage}`,
      2,
    )
  }
  const options = loadConfig().database
  if ('sqliteFile' in options && !fs.existsSync(options.sqliteFile)) {
    throw new UsageError(`No SQLite database at ${options.sqliteFile}: start the shop once (pnpm start), then fill it.`)
  }
  const db = createDb(options)
  const started = performance.now()
  try {
    let reported = 0
    await fillOrders(db, {
      count: orders,
      onProgress: (done) => {
        if (done - reported >= 100_000 || done === orders) {
          reported = done
          out.log(`  ${done.toLocaleString('en-US')} orders`)
        }
      },
    })
    const seconds = (performance.now() - started) / 1000
    out.log(
      `Added ${orders.toLocaleString('en-US')} made-up orders to ${describe(options)} in ${seconds.toFixed(1)} s.`,
    )
  } finally {
    await db.destroy()
  }
}

/** pg reports a refused connection to several addresses as an AggregateError with an empty message. */
function messageOf(error: unknown): string {
  if (error instanceof AggregateError && !error.message) return messageOf(error.errors[0])
  return error instanceof Error ? error.message : String(error)
}

/** Runs the command of `args` (the arguments after the script) and gives the exit code. */
export async function runDbCli(args: string[], out: Output = console): Promise<number> {
  try {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { from: { type: 'string' }, to: { type: 'string' }, orders: { type: 'string' } },
    })
    const [command, ...rest] = positionals
    if (rest.length > 0) throw new UsageError(`Unexpected argument: ${rest.join(' ')}\n${usage}`, 2)
    if (command === 'copy') await copy(out, values.from, values.to)
    else if (command === 'backup') await backup(out, values.from, values.to)
    else if (command === 'prune') await prune(out, values.from, values.to)
    else if (command === 'fill') await fill(out, values.orders)
    else throw new UsageError(usage, 2)
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      out.error(error.message)
      return error.exitCode
    }
    if (error instanceof CopyRefusedError || error instanceof BackupRefusedError || error instanceof FillRefusedError) {
      out.error(error.message)
      return 1
    }
    // parseArgs: an unknown option or a missing value.
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      out.error(`${error.message}\n${usage}`)
      return 2
    }
    out.error(`Failed: ${messageOf(error)}`)
    return 1
  }
}

// Run as a program (node dist/db-cli.js), not when a test imports runDbCli. Both sides are real paths, as Node
// resolves symlinks of the main module.
const program = process.argv[1]
if (program && import.meta.url === pathToFileURL(fs.realpathSync(program)).href) {
  process.exitCode = await runDbCli(process.argv.slice(2))
}
