import path from 'node:path'
import { type DbOptions, isPostgresUrl } from '@shop/db/client'
import { z } from 'zod'

/** The only reader of process.env. Dev defaults let a fresh clone run without a .env file. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** postgres://user:password@host:port/database selects PostgreSQL; unset, the shop uses DATA_DIR/shop.db. */
  DATABASE_URL: z.string().refine(isPostgresUrl, 'DATABASE_URL must be a postgres:// URL').optional(),
  /** redis://host:port keeps the login and password-reset rate limits in Redis instead of the database. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'REDIS_URL must be a redis:// URL')
    .optional(),
  /** Connections per API process to PostgreSQL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Where uploads are stored; defaults to DATA_DIR/uploads. */
  UPLOADS_DIR: z.string().min(1).optional(),
  /** Public URL of the shop, for links in e-mails. Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** Skip the demo catalogue on first start. */
  SKIP_SEED: z.stringbool().default(false),
  /** Serve the built web app from this folder; defaults to apps/web/dist next to this app. */
  WEB_DIST: z.string().optional(),
  /** Trust X-Forwarded-* from a reverse proxy (client IP for rate limits, https for Secure cookies). */
  TRUST_PROXY: z.stringbool().default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  ADMIN_USERNAME: z.string().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_NAME: z.string().min(1).default('Shop Owner'),

  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().positive().default(587),
  SMTP_SECURE: z.stringbool().default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().optional(),

  SHOP_NAME: z.string().min(1).default('Grace & Gold Jewelry'),
  SHOP_PHONE: z.string().min(1).default('+1 (555) 013-2024'),
  SHOP_EMAIL: z.email().default('hello@example.com'),
  SHOP_ADDRESS: z.string().min(1).default('12 Chapel Lane, Nashville, TN 37203, USA'),
})

export type Env = z.infer<typeof ZEnv>

export interface Config {
  isProduction: boolean
  port: number
  host: string
  dataDir: string
  /** Where the shop's data lives: PostgreSQL when DATABASE_URL is set, else the SQLite file in DATA_DIR. */
  database: DbOptions
  redisUrl: string | undefined
  uploadsDir: string
  publicUrl: string
  skipSeed: boolean
  webDist: string
  trustProxy: boolean
  logLevel: Env['LOG_LEVEL']
  admin: { username: string; password: string | undefined; email: string; name: string }
  smtp: { host: string; port: number; secure: boolean; user?: string; password?: string; from: string } | undefined
  shop: { name: string; phone: string; email: string; address: string }
}

/**
 * `apiDir` is the folder of @shop/api (holding src/ and dist/): the built web app defaults to its sibling
 * apps/web/dist. Only the server passes it; tools that serve no pages need not.
 */
export function parseConfig(source: Record<string, string | undefined>, apiDir = path.resolve('apps/api')): Config {
  const parsed = ZEnv.safeParse(source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n')
    throw new Error(`Invalid configuration:\n${problems}`)
  }
  const env = parsed.data
  const dataDir = path.resolve(env.DATA_DIR)
  return {
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: env.DATABASE_URL
      ? { postgresUrl: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { sqliteFile: path.join(dataDir, 'shop.db') },
    redisUrl: env.REDIS_URL,
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    skipSeed: env.SKIP_SEED,
    webDist: path.resolve(env.WEB_DIST ?? path.join(apiDir, '../web/dist')),
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    admin: {
      username: env.ADMIN_USERNAME,
      password: env.ADMIN_PASSWORD,
      email: env.ADMIN_EMAIL,
      name: env.ADMIN_NAME,
    },
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: env.SMTP_PORT,
          secure: env.SMTP_SECURE,
          user: env.SMTP_USER,
          password: env.SMTP_PASSWORD,
          from: env.SMTP_FROM ?? `${env.SHOP_NAME} <${env.SHOP_EMAIL}>`,
        }
      : undefined,
    shop: { name: env.SHOP_NAME, phone: env.SHOP_PHONE, email: env.SHOP_EMAIL, address: env.SHOP_ADDRESS },
  }
}

/** Reads the optional .env file of the working directory, then the environment (which wins). */
export function loadConfig(apiDir?: string): Config {
  try {
    process.loadEnvFile('.env')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  return parseConfig(process.env, apiDir)
}
