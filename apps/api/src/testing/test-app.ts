import path from 'node:path'
import type { Db } from '@shop/db/client'
import { createTestDatabase, type TestDatabase } from '@shop/db/testing'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { inject } from 'vitest'
import { buildApp } from '../app'
import { bootstrap } from '../bootstrap'
import { type Config, type MailDelivery, parseConfig } from '../env'
import { recordStatuses } from './status-contract'

export const TEST_ADMIN = {
  username: 'admin',
  password: 'Correct-Horse-9',
  email: 'owner@example.com',
  name: 'Test Owner',
}

export interface TestApp {
  app: FastifyInstance
  db: Db
  config: Config
  /** The app's database, for another app to share (createTestApp's `database`). */
  database: TestDatabase
  /** Logs in as TEST_ADMIN and gives the Bearer token. */
  login(): Promise<string>
  /** app.inject with a JSON body and an optional Bearer token. */
  request(options: InjectOptions & { token?: string; json?: unknown }): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

/**
 * A fresh app on its own new database (an SQLite file, or a PostgreSQL schema when TEST_DATABASE_URL is set) and
 * data folder, without the demo catalogue unless told.
 */
export interface TestAppOptions {
  seed?: boolean
  env?: Record<string, string>
  /** Another app's database (a second process, or a restart); the app that created it drops it. */
  database?: TestDatabase
  /** Send mail to a local SMTP server on this port (smtp-inbox.ts); unset, no mail server is configured. */
  smtpPort?: number
  /** Shorter waits of the mail sender than a real shop's. */
  mailDelivery?: Partial<MailDelivery>
  /** Adds to the built app before it is ready (a hook that plays a broken plugin, say). */
  beforeReady?: (app: FastifyInstance) => void
}

/** Mail retries in tests: soon, and not forever. */
const TEST_MAIL_DELIVERY: Partial<MailDelivery> = { pollMs: 100, retryBaseMs: 200, maxRetryMs: 1_000 }

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownsDatabase = options.database === undefined
  const database = options.database ?? (await createTestDatabase())
  const dataDir = database.dir
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl, DATABASE_POOL_SIZE: '5' } : {}),
    WEB_DIST: path.join(dataDir, 'no-web'),
    SKIP_SEED: options.seed ? 'false' : 'true',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_NAME: TEST_ADMIN.name,
    LOG_LEVEL: 'silent',
    ...(options.smtpPort ? { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(options.smtpPort) } : {}),
    ...options.env,
  })
  config.mailDelivery = { ...config.mailDelivery, ...TEST_MAIL_DELIVERY, ...options.mailDelivery }
  const app = await buildApp(config)
  // Every answer counts towards the status contract: the document must list it, and it must list nothing unseen.
  const observationsDir = inject('statusObservationsDir')
  if (observationsDir) recordStatuses(app, observationsDir)
  options.beforeReady?.(app)
  await bootstrap(app.deps.db, config)
  await app.ready()

  const request: TestApp['request'] = ({ token, json, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(json !== undefined ? { payload: JSON.stringify(json) } : {}),
    })

  return {
    app,
    db: app.deps.db,
    config,
    database,
    request,
    async login() {
      const response = await request({
        method: 'POST',
        url: '/api/auth/login',
        json: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
      })
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`)
      return response.json<{ token: string }>().token
    },
    async close() {
      try {
        await app.close()
      } finally {
        if (ownsDatabase) await database.drop()
      }
    },
  }
}
