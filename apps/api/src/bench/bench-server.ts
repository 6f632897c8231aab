/**
 * The API as `pnpm start` runs it, plus one bare Fastify route returning a constant JSON of the same size class
 * as a catalog answer: the baseline the benchmark compares every endpoint with. Started by bench.ts.
 */
import { buildApp } from '../app'
import { bootstrap } from '../bootstrap'
import { loadConfig } from '../env'

const BARE_BODY = Array.from({ length: 20 }, (_, i) => ({
  id: i + 1,
  name: `Bench Product ${i + 1}`,
  price: '49.00',
  imageUrls: [`/uploads/demo/bench-${i + 1}.svg`],
  stock: 10,
  active: true,
}))

const config = loadConfig()
const app = await buildApp(config, { logger: false })
app.get('/bench/bare', async () => BARE_BODY)
await bootstrap(app.deps.db, config)
await app.listen({ port: config.port, host: '127.0.0.1' })
process.send?.({ ready: true, port: config.port })
// The CPU time this server has used so far: bench.ts divides what a run used by the requests it answered.
process.on('message', (message) => {
  if (message === 'cpu-usage') process.send?.({ cpuUsage: process.cpuUsage() })
})
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
