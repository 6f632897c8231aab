/**
 * What the benchmarks share: starting the built API (bench-server.js) as a child process on a database the env
 * names, and making a new PostgreSQL database for one run.
 */
import { fork } from 'node:child_process'
import path from 'node:path'
import pg from 'pg'

/** The JavaScript heap `pnpm start` gives the server (package.json). */
const SERVER_HEAP_MB = 512

export const BENCH_ADMIN_PASSWORD = 'Bench-Password-1'
export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export interface BenchServer {
  base: string
  pid: number
  /** The CPU time the server has used so far (user and system), in microseconds. */
  cpuMicros: () => Promise<number>
  stop: () => Promise<void>
}

/** Starts bench-server.js on `env` (DATA_DIR, or DATABASE_URL) and resolves once it listens. */
export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const port = 3900 + Math.floor(Math.random() * 90)
  // Next to the entry point that runs (dist/bench.js, dist/admin-bench.js): this module may be bundled into a chunk.
  const script = path.join(path.dirname(process.argv[1] ?? '.'), 'bench-server.js')
  const server = fork(script, [], {
    // As `pnpm start` runs the server.
    execArgv: [`--max-old-space-size=${SERVER_HEAP_MB}`],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  let isStopping = false
  server.once('exit', (code, signal) => {
    if (!isStopping) console.error(`the bench server stopped on its own (exit code ${code}, signal ${signal})`)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('message', () => resolve())
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
  })
  return {
    base: `http://127.0.0.1:${port}`,
    pid: server.pid as number,
    cpuMicros: () =>
      new Promise<number>((resolve) => {
        const onMessage = (message: unknown) => {
          const usage = (message as { cpuUsage?: NodeJS.CpuUsage }).cpuUsage
          if (!usage) return
          server.off('message', onMessage)
          resolve(usage.user + usage.system)
        }
        server.on('message', onMessage)
        server.send('cpu-usage')
      }),
    stop: async () => {
      isStopping = true
      if (server.exitCode !== null) return
      server.kill('SIGTERM')
      await new Promise((resolve) => server.once('exit', resolve))
    },
  }
}

/** A new, empty PostgreSQL database for one run, or undefined when no server answers. */
export async function createBenchDatabase(
  prefix = 'shop_bench',
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const name = `${prefix}_${process.pid}`
  const admin = new pg.Client({ connectionString: POSTGRES_URL })
  try {
    await admin.connect()
  } catch (error) {
    console.log(`PostgreSQL does not answer at ${POSTGRES_URL} (${(error as Error).message}): SQLite only.`)
    return undefined
  }
  await admin.query(`drop database if exists ${name}`)
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(POSTGRES_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/** Signs in as the bench admin and gives the headers of an admin call. */
export async function adminHeaders(base: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
  })
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`)
  const { token } = (await response.json()) as { token: string }
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
}
