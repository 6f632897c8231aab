import path from 'node:path'
import type { Db } from '@shop/db/client'
import { createTestDatabase } from '@shop/db/testing'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { inject } from 'vitest'
import { buildApp } from '../app'
import { bootstrap } from '../bootstrap'
import { type Config, parseConfig } from '../env'
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
export async function createTestApp(options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const database = await createTestDatabase()
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
    ...options.env,
  })
  const app = await buildApp(config)
  // Every answer counts towards the status contract: the document must list it, and it must list nothing unseen.
  const observationsDir = inject('statusObservationsDir')
  if (observationsDir) recordStatuses(app, observationsDir)
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
        await database.drop()
      }
    },
  }
}
