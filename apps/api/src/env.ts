import { isIP } from 'node:net'
import path from 'node:path'
import { type DbOptions, isPostgresUrl } from '@shop/db/client'
import { z } from 'zod'

/** The only reader of process.env. Dev defaults let a fresh clone run without a .env file. */
const ZEnv = z.object({
  // Production unless told otherwise: `pnpm start` is what a shop owner exposes. `pnpm dev` sets development.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
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
  // Days the audit log keeps an entry before the scheduled housekeeping deletes it.
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /** Where uploads are stored; defaults to DATA_DIR/uploads. */
  UPLOADS_DIR: z.string().min(1).optional(),
  /** Public URL of the shop, for links in e-mails. Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** Skip the demo catalogue on first start. */
  SKIP_SEED: z.stringbool().default(false),
  /** Serve the built web app from this folder; defaults to apps/web/dist next to this app. */
  WEB_DIST: z.string().optional(),
  /** Which reverse proxies to believe about the client (X-Forwarded-For, -Proto): see parseTrustProxy. */
  TRUST_PROXY: z.string().default('false'),
  /** Other hosts images may be shown from (product or testimonial image URLs), e.g. https://cdn.example.com. */
  IMAGE_HOSTS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  ADMIN_USERNAME: z.string().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_NAME: z.string().min(1).default('Shop Owner'),
  /** How the start-up message names the admin tool: `pnpm admin` in a checkout, `shop-admin` in the container. */
  SHOP_ADMIN_COMMAND: z.string().min(1).default('pnpm admin'),

  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().positive().default(587),
  SMTP_SECURE: z.stringbool().default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().optional(),

  /** Card payments through Stripe's hosted Checkout: both keys, or card is not offered. Never logged or stored. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\S+$/, 'STRIPE_SECRET_KEY must be a secret or restricted key (sk_... or rk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_...)")
    .optional(),
  /** Where the Stripe SDK sends its requests instead of api.stripe.com (a local stand-in or stripe-mock). */
  STRIPE_API_URL: z
    .url()
    .refine((value) => /^https?:\/\//.test(value), 'STRIPE_API_URL must be an http:// or https:// URL')
    .optional(),

  SHOP_NAME: z.string().min(1).default('Grace & Gold Jewelry'),
  SHOP_PHONE: z.string().min(1).default('+1 (555) 013-2024'),
  SHOP_EMAIL: z.email().default('hello@example.com'),
  SHOP_ADDRESS: z.string().min(1).default('12 Chapel Lane, Nashville, TN 37203, USA'),
})

export type Env = z.infer<typeof ZEnv>

export interface Config {
  isProduction: boolean
  /**
   * `pnpm dev` without a mail server: the forgot-password answer carries the reset link (the spec's fallback).
   * Never in production or test mode, where the link only goes to the log.
   */
  revealsResetLinks: boolean
  /** The admin tool's command as the operator types it (`pnpm admin`, or `shop-admin` in the container). */
  adminCommand: string
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
  /** false, a number of proxy hops, or the proxies' addresses and CIDR ranges (Fastify's trustProxy). */
  trustProxy: TrustProxy
  /** Origins images may come from besides this server (the CSP's img-src). */
  imageHosts: string[]
  logLevel: Env['LOG_LEVEL']
  /** Days an audit log entry is kept (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number
  admin: { username: string; password: string | undefined; email: string; name: string }
  smtp: { host: string; port: number; secure: boolean; user?: string; password?: string; from: string } | undefined
  /** How the outbox's sender works (features/mail-delivery/mail-sender.ts); tests shorten the waits. */
  mailDelivery: MailDelivery
  /** The first values of the shop's settings, stored in the database on first start; the settings screen rules after. */
  shop: { name: string; phone: string; email: string; address: string }
  /** Card payments through Stripe; undefined unless both keys are set (card is then not offered). */
  stripe: StripeConfig | undefined
}

export interface StripeConfig {
  secretKey: string
  webhookSecret: string
  /** Test keys (sk_test_, rk_test_) move no real money. */
  mode: 'test' | 'live'
  /** From STRIPE_API_URL: where the SDK connects instead of api.stripe.com. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined
}

export interface MailDelivery {
  /** How often each process looks for due mail that no local change announced (other processes', retries). */
  pollMs: number
  /** The wait after a first failed attempt; it doubles with each further failure, up to maxRetryMs. */
  retryBaseMs: number
  maxRetryMs: number
  /** Attempts before a mail is given up as failed (the admin can still resend it). */
  maxAttempts: number
  /** How long a process holds the mails it claimed before another may take them over (a crashed sender). */
  leaseMs: number
}

export const DEFAULT_MAIL_DELIVERY: MailDelivery = {
  pollMs: 2_000,
  retryBaseMs: 30_000,
  maxRetryMs: 60 * 60_000,
  maxAttempts: 10,
  leaseMs: 5 * 60_000,
}

/**
 * `apiDir` is the folder of @shop/api (holding src/ and dist/): the built web app defaults to its sibling
 * apps/web/dist. Only the server passes it; tools that serve no pages need not.
 */
export function parseConfig(source: Record<string, string | undefined>, apiDir = path.resolve('apps/api')): Config {
  // `NAME=` in .env or a unit file means "not set", as it does for most tools: the default applies.
  const parsed = ZEnv.safeParse(Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')))
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n')
    throw new Error(`Invalid configuration:\n${problems}`)
  }
  const env = parsed.data
  const dataDir = path.resolve(env.DATA_DIR)
  const problems: string[] = []
  const trustProxy = parseOrCollect('TRUST_PROXY', () => parseTrustProxy(env.TRUST_PROXY), problems)
  const imageHosts = parseOrCollect('IMAGE_HOSTS', () => parseImageHosts(env.IMAGE_HOSTS), problems)
  if (trustProxy === undefined || imageHosts === undefined) {
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`)
  }
  return {
    isProduction: env.NODE_ENV === 'production',
    revealsResetLinks: env.NODE_ENV === 'development' && !env.SMTP_HOST,
    adminCommand: env.SHOP_ADMIN_COMMAND,
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
    trustProxy,
    imageHosts,
    logLevel: env.LOG_LEVEL,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
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
    mailDelivery: DEFAULT_MAIL_DELIVERY,
    shop: { name: env.SHOP_NAME, phone: env.SHOP_PHONE, email: env.SHOP_EMAIL, address: env.SHOP_ADDRESS },
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            mode: /^(sk|rk)_test_/.test(env.STRIPE_SECRET_KEY) ? 'test' : 'live',
            api: env.STRIPE_API_URL ? stripeApiOf(env.STRIPE_API_URL) : undefined,
          }
        : undefined,
  }
}

/** The SDK's host, port and protocol from a URL such as http://127.0.0.1:12111. */
export function stripeApiOf(value: string): NonNullable<StripeConfig['api']> {
  const url = new URL(value)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  }
}

/** The parsed value, or undefined with the problem added to `problems`. */
function parseOrCollect<T>(name: string, parse: () => T, problems: string[]): T | undefined {
  try {
    return parse()
  } catch (error) {
    problems.push(`  ${name}: ${(error as Error).message}`)
    return undefined
  }
}

export type TrustProxy = false | number | string[]

// proxy-addr's names for address ranges, accepted by Fastify's trustProxy.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * TRUST_PROXY says which hops may speak for the client. `true` (believe every X-Forwarded-For) is refused: the
 * leftmost address is whatever the client wrote, so it could pick a new IP per request and never hit the login
 * limit. A hop count takes the address the last N proxies saw; a list trusts only those proxies' addresses.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim()
  if (text === '' || text === 'false' || text === '0') return false
  if (text === 'true') {
    throw new Error(
      'true would let any client choose its own IP address. Set the number of proxies in front of the shop ' +
        '(TRUST_PROXY=1 for one reverse proxy) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
    )
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops > 10) throw new Error(`${text} proxy hops is not a plausible setup; give at most 10`)
    return hops
  }
  const entries = text.split(',').map((entry) => entry.trim())
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/')
    const version = isIP(address ?? '')
    const isRange =
      bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 6 ? 128 : 32) && rest.length === 0)
    if (!PROXY_RANGE_NAMES.has(entry) && (version === 0 || !isRange)) {
      throw new Error(
        `"${entry}" is not a number of proxies, an IP address, a CIDR range (10.0.0.0/8) or loopback, linklocal or uniquelocal`,
      )
    }
  }
  return entries
}

function parseImageHosts(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      let url: URL
      try {
        url = new URL(entry)
      } catch {
        throw new Error(`"${entry}" is not an origin such as https://images.example.com`)
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`"${entry}" must be http(s)`)
      return url.origin
    })
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
