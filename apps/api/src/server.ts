import path from 'node:path'
import { describeDatabase } from '@shop/db/client'
import { buildApp } from './app'
import { bootstrap } from './bootstrap'
import { loadConfig } from './env'

const config = loadConfig(path.resolve(import.meta.dirname, '..'))
const app = await buildApp(config)

const result = await bootstrap(app.deps.db, config)
if (result.seeded) app.log.info('loaded the demo catalogue into the empty database')

await app.listen({ port: config.port, host: config.host })

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
      ? `  Admin password: ${result.createdAdmin.password}   (generated; shown only now. Reset it any time with: pnpm admin reset)`
      : '  Admin password: the ADMIN_PASSWORD you set',
  )
} else {
  lines.push('  Admin login: the account created on first start (forgot it? pnpm admin reset)')
}
const database = `${'postgresUrl' in config.database ? 'PostgreSQL ' : ''}${describeDatabase(config.database)}`
lines.push(
  `  Database: ${database}   Uploads: ${config.uploadsDir}`,
  `  API reference: http://${shown}:${config.port}/api/docs`,
  ``,
)
// Printed on stdout, not through the logger, so a person sees it as it is.
console.log(lines.join('\n'))

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
