/**
 * The db CLI on SQLite files: its arguments and messages through runDbCli, and one run as a program of its own.
 * The copy and the prune themselves are tested on both databases in @shop/db (copy.integration.test.ts,
 * housekeeping.integration.test.ts).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createDb } from '@shop/db/client'
import { migrateToLatest } from '@shop/db/migrate'
import * as rateLimitsRepo from '@shop/db/rate-limits'
import * as resetTokensRepo from '@shop/db/reset-tokens'
import { seedDemo } from '@shop/db/seed'
import * as sessionsRepo from '@shop/db/sessions'
import { insertAdmin } from '@shop/db/testing/factories'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { runDbCli } from './db-cli'

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

async function cli(...args: string[]): Promise<Run> {
  let stdout = ''
  let stderr = ''
  const code = await runDbCli(args, {
    log: (line) => {
      stdout += `${line}\n`
    },
    error: (line) => {
      stderr += `${line}\n`
    },
  })
  return { code, stdout, stderr }
}

/** The CLI as `node dist/db-cli.js` runs it, through tsx so that no build is needed. */
function runProgram(cwd: string, args: string[]): Promise<Run> {
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', tsxLoader, path.join(import.meta.dirname, 'db-cli.ts'), ...args],
      {
        cwd,
        env: { PATH: process.env.PATH },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.once('error', reject)
    child.once('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('db CLI', () => {
  let dir: string
  let shopFile: string
  let orderCount: number
  const inDir = (...parts: string[]) => path.join(dir, ...parts)

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-db-cli-'))
    shopFile = inDir('data', 'shop.db')
    const db = createDb({ sqliteFile: shopFile })
    try {
      await migrateToLatest(db)
      orderCount = (await seedDemo(db, { uploadsDir: inDir('data', 'uploads') })).orders
    } finally {
      await db.destroy()
    }
  })

  afterEach(() => {
    vi.unstubAllEnvs()
  })

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('prints the usage for a missing or unknown command', async () => {
    const none = await cli()
    expect(none.code).toBe(2)
    expect(none.stderr).toMatch(/^Usage:\n {2}pnpm db:copy --from/)
    expect((await cli('restore', '--to', inDir('x.db'))).code).toBe(2)
  })

  it('explains bad arguments in one line', async () => {
    const missingTo = await cli('copy', '--from', shopFile)
    expect(missingTo.code).toBe(2)
    expect(missingTo.stderr.split('\n')[0]).toBe('copy needs --from and --to')

    const unknownOption = await cli('copy', '--form', shopFile, '--to', inDir('copy.db'))
    expect(unknownOption.code).toBe(2)
    expect(unknownOption.stderr).toMatch(/^Unknown option '--form'.*\nUsage:/)

    const mysql = await cli('copy', '--from', shopFile, '--to', 'mysql://root@localhost/shop')
    expect(mysql).toEqual({
      code: 2,
      stdout: '',
      stderr: 'Unsupported database URL: mysql://root@localhost/shop (use a postgres:// URL or an SQLite file).\n',
    })

    const same = await cli('copy', '--from', shopFile, '--to', inDir('data', '..', 'data', 'shop.db'))
    expect(same).toEqual({ code: 2, stdout: '', stderr: '--from and --to name the same database.\n' })

    const missing = await cli('copy', '--from', inDir('old', 'shop.db'), '--to', inDir('new.db'))
    expect(missing).toEqual({ code: 1, stdout: '', stderr: `No SQLite database at ${inDir('old', 'shop.db')}.\n` })
    expect(fs.existsSync(inDir('new.db'))).toBe(false)
    expect(fs.existsSync(inDir('old'))).toBe(false)
  })

  it('reports a failed copy in one line and leaves no new target file behind', async () => {
    const notAShop = inDir('notes.db')
    fs.writeFileSync(notAShop, '')
    const result = await cli('copy', '--from', notAShop, '--to', inDir('from-notes.db'))
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'The source is not a shop database (it has no migrations).\n',
    })
    expect(fs.existsSync(inDir('from-notes.db'))).toBe(false)

    const offline = await cli('copy', '--from', shopFile, '--to', 'postgres://shop:secret@127.0.0.1:1/shop')
    expect(offline.code).toBe(1)
    expect(offline.stderr).toBe('Failed: connect ECONNREFUSED 127.0.0.1:1\n')
  })

  it('copies the shop as a program, printing the rows of each table, then refuses to copy over it', async () => {
    const copied = await runProgram(dir, ['copy', '--from', 'data/shop.db', '--to', 'moved/shop.db'])
    expect(copied.stderr).toBe('')
    expect(copied.code).toBe(0)
    const lines = copied.stdout.trim().split('\n')
    expect(lines[0]).toBe('Copied data/shop.db to moved/shop.db, ids included:')
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^ {2}orders +${orderCount}$`)))
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}rate_limits +0$/))
    expect(lines.at(-1)).toMatch(/^ {2}total +\d+$/)

    const again = await cli('copy', '--from', shopFile, '--to', inDir('moved', 'shop.db'))
    expect(again).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'The target database already holds shop data (categories, products, product_images, product_variants, ' +
        'product_skus, orders, order_items, counters, testimonials, sales_days, product_sales_days, customers, ' +
        'order_status_days, discount_codes, order_payments); copy into a new, empty ' +
        'database.\n',
    })
  })

  it('backs up the configured SQLite database, to a new file only', async () => {
    vi.stubEnv('DATA_DIR', inDir('data'))
    const backupFile = inDir('backups', 'shop-2026-11-22.db')
    const backedUp = await cli('backup', '--to', backupFile)
    expect(backedUp.stderr).toBe('')
    expect(backedUp.code).toBe(0)
    const [summary] = backedUp.stdout.split('\n')
    expect(summary).toMatch(/ \(\d+\.\d MB\)\.$/)
    expect(summary?.replace(/ \(.*$/, '')).toBe(`Backed up ${shopFile} to ${backupFile}`)
    expect(fs.statSync(backupFile).size).toBeGreaterThan(0)

    const again = await cli('backup', '--to', backupFile)
    expect(again).toEqual({ code: 1, stdout: '', stderr: `${backupFile} already exists; choose a new file name.\n` })
  })

  it('points a PostgreSQL shop at pg_dump', async () => {
    vi.stubEnv('DATABASE_URL', 'postgres://shop@127.0.0.1:5432/shop')
    const result = await cli('backup', '--to', inDir('pg.db'))
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^The shop uses PostgreSQL: back it up with pg_dump/)
    expect(fs.existsSync(inDir('pg.db'))).toBe(false)
  })

  it('prunes the configured database and prints the rows deleted per table', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString()
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString()
    const db = createDb({ sqliteFile: shopFile })
    try {
      const admin = await insertAdmin(db, { username: 'prune-owner', email: 'prune-owner@example.com' })
      await sessionsRepo.insert(db, { tokenHash: 'prune-expired-1', adminId: admin.id, expiresAt: hourAgo })
      await sessionsRepo.insert(db, { tokenHash: 'prune-expired-2', adminId: admin.id, expiresAt: hourAgo })
      await sessionsRepo.insert(db, { tokenHash: 'prune-live', adminId: admin.id, expiresAt: inAnHour })
      await resetTokensRepo.insert(db, { tokenHash: 'prune-reset', adminId: admin.id, expiresAt: hourAgo })
      await rateLimitsRepo.hit(db, 'login:10.0.0.1', new Date(Date.now() - 7_200_000).toISOString(), hourAgo)
    } finally {
      await db.destroy()
    }

    vi.stubEnv('DATA_DIR', inDir('data'))
    expect(await cli('prune')).toEqual({
      code: 0,
      stdout:
        `Pruned ${shopFile}, rows deleted:\n` +
        '  sessions               2\n' +
        '  password_reset_tokens  1\n' +
        '  rate_limits            1\n' +
        '  login_challenges       0\n' +
        '  audit_log              0\n' +
        '  stripe_events          0\n',
      stderr: '',
    })
    expect((await cli('prune')).stdout).toMatch(/^ {2}sessions +0$/m)

    const withTarget = await cli('prune', '--to', inDir('other.db'))
    expect(withTarget).toEqual({
      code: 2,
      stdout: '',
      stderr: 'prune takes no --from or --to: it prunes the database the server uses.\n',
    })
  })

  it('fills the configured database with made-up orders, and refuses one that holds a real order', async () => {
    vi.stubEnv('DATA_DIR', inDir('data'))
    expect(await cli('fill', '--orders', 'many')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^fill needs --orders, a whole number from 1 to 10,000,000\n/),
    })

    const filled = await cli('fill', '--orders', '1200')
    expect(filled.stderr).toBe('')
    expect(filled.code).toBe(0)
    expect(filled.stdout).toMatch(
      new RegExp(`^  1,200 orders\nAdded 1,200 made-up orders to ${shopFile} in \\d+\\.\\d s\\.\n$`),
    )
    const db = createDb({ sqliteFile: shopFile })
    try {
      const count = async () =>
        Number(
          (
            await db
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirst()
          )?.n,
        )
      expect(await count()).toBe(orderCount + 1_200)
      await db
        .insertInto('orders')
        .values({
          order_number: 'ORD-REAL-1',
          customer_name: 'A Real Buyer',
          customer_email: 'buyer@shop.test',
          customer_address: null,
          notes: null,
          status: 'pending',
          total_cents: 4_900,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute()
      expect(await cli('fill', '--orders', '10')).toEqual({
        code: 1,
        stdout: '',
        stderr: 'This database holds real orders (ORD-REAL-1); made-up orders go only into a demo or benchmark shop.\n',
      })
      expect(await count()).toBe(orderCount + 1_201)
    } finally {
      await db.destroy()
    }
  })
})
