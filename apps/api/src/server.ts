import path from 'node:path'
import { describeDatabase } from '@shop/db/client'
import { buildApp } from './app'
import { bootstrap } from './bootstrap'
import { type Config, loadConfig } from './env'
import { rebuildImagesInBackground } from './features/uploads/rebuild-images'
import { STRIPE_WEBHOOK_PATH } from './lib/stripe'

let config: Config
try {
  config = loadConfig(path.resolve(import.meta.dirname, '..'))
} catch (error) {
  // A configuration mistake is the operator's to fix: say what is wrong, without a stack trace.
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
const app = await buildApp(config)

const result = await bootstrap(app.deps.db, config)
if (result.seeded) app.log.info('loaded the demo catalogue into the empty database')

await app.listen({ port: config.port, host: config.host })
// Uploads stored before renditions existed get them (and their new names), without delaying the first request.
rebuildImagesInBackground(app)

const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
const lines = [
  ``,
  `  ${config.shop.name} is running at http://${shown}:${config.port}`,
  `  Admin: http://${shown}:${config.port}/admin/login`,
]
if (result.createdAdmin) {
  lines.push(`  Admin username: ${result.createdAdmin.username}`)
  lines.push(
    result.createdAdmin.isGenerated
      ? `  Admin password: ${result.createdAdmin.password}   (generated; shown only now. Reset it any time with: ${config.adminCommand} reset)`
      : '  Admin password: the ADMIN_PASSWORD you set',
  )
} else {
  lines.push(`  Admin login: the account created on first start (forgot it? ${config.adminCommand} reset)`)
}
const database = `${'postgresUrl' in config.database ? 'PostgreSQL ' : ''}${describeDatabase(config.database)}`
lines.push(
  `  Database: ${database}   Uploads: ${config.uploadsDir}`,
  `  API reference: http://${shown}:${config.port}/api/docs`,
  ...describeMode(config),
  config.stripe
    ? `  Card payments: Stripe, ${config.stripe.mode} mode; register the webhook ${config.publicUrl}${STRIPE_WEBHOOK_PATH}`
    : '  Card payments: off (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to offer them)',
  ``,
)
// Printed on stdout, not through the logger, so a person sees it as it is.
console.log(lines.join('\n'))

/** What an operator must know about how this process behaves: the mode and where reset links go. */
function describeMode(config: Config): string[] {
  if (config.revealsResetLinks) {
    return [
      '  Mode: development. Password reset links are shown in the browser because no mail server is set:',
      '        never expose this process to the internet (pnpm start runs in production mode).',
    ]
  }
  if (config.smtp) return [`  E-mail: sent through ${config.smtp.host}:${config.smtp.port}`]
  return [
    '  E-mail: NOT CONFIGURED. Order mails and password reset links are written to this log instead of being mailed.',
    '          To send mail, set SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASSWORD and SMTP_FROM in .env and restart.',
  ]
}

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  })
}
