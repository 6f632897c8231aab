/**
 * What the benchmarks share: starting the built API (bench-server.js) as a child process on a database the env
 * names, and making a new PostgreSQL database for one run.
 */
import { fork } from 'node:child_process'
import fs from 'node:fs'
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
  /** The most memory the server has held (its peak resident set), in bytes. */
  peakRssBytes: () => number | undefined
  /** Stops the server's process where it is (SIGSTOP): it takes no CPU time until `resume`. */
  pause: () => void
  resume: () => void
  stop: () => Promise<void>
}

/** The bench server of this build: next to the entry point that runs (dist/bench.js, dist/admin-bench.js). */
export const BENCH_SERVER_SCRIPT = path.join(path.dirname(process.argv[1] ?? '.'), 'bench-server.js')

const CLOCK_TICKS_PER_SECOND = 100

let databasesMade = 0
let serversStarted = 0

/**
 * A process's CPU time from /proc (user and system, in clock ticks of 10 ms), for a server too old to report its
 * own; with `children`, that of its children it has waited for (the bench's wrk runs). Undefined where there is no
 * /proc.
 */
export function procCpuMicros(pid: number | 'self', whose: 'own' | 'children' = 'own'): number | undefined {
  try {
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    // utime and stime, or cutime and cstime.
    const first = whose === 'own' ? 11 : 13
    const ticks = Number(fields[first]) + Number(fields[first + 1])
    return Number.isFinite(ticks) ? (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND : undefined
  } catch {
    return undefined
  }
}

/** The peak resident set of a process (VmHWM in /proc), in bytes; undefined where there is no /proc. */
function procPeakRss(pid: number): number | undefined {
  try {
    const line = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return line ? Number(line[1]) * 1024 : undefined
  } catch {
    return undefined
  }
}

/**
 * Starts a bench server (this build's, or another build's `script`) on `env` (DATA_DIR, or DATABASE_URL) and
 * resolves once it listens.
 */
export async function startBenchServer(
  env: Record<string, string>,
  script = BENCH_SERVER_SCRIPT,
): Promise<BenchServer> {
  // Two servers of one run (this build's and the base's) never share a port.
  const port = 3900 + ((process.pid + serversStarted++) % 90)
  const server = fork(script, [], {
    // As `pnpm start` runs the server; BENCH_CPU_PROFILE=<dir> has it write a CPU profile there when it stops.
    execArgv: [
      `--max-old-space-size=${SERVER_HEAP_MB}`,
      ...(process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []),
    ],
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
  // A server that did not answer once is read from /proc from then on, without waiting a second each time.
  let answers = true
  let isPaused = false
  return {
    base: `http://127.0.0.1:${port}`,
    pid: server.pid as number,
    cpuMicros: () =>
      new Promise<number>((resolve) => {
        if (!answers) {
          resolve(procCpuMicros(server.pid as number) ?? 0)
          return
        }
        // A server built before it could report its CPU time never answers: /proc tells, a little coarser.
        const fallback = setTimeout(() => {
          answers = false
          server.off('message', onMessage)
          resolve(procCpuMicros(server.pid as number) ?? 0)
        }, 1000)
        const onMessage = (message: unknown) => {
          const usage = (message as { cpuUsage?: NodeJS.CpuUsage }).cpuUsage
          if (!usage) return
          clearTimeout(fallback)
          server.off('message', onMessage)
          resolve(usage.user + usage.system)
        }
        server.on('message', onMessage)
        server.send('cpu-usage')
      }),
    peakRssBytes: () => procPeakRss(server.pid as number),
    pause: () => {
      if (isPaused || server.exitCode !== null) return
      server.kill('SIGSTOP')
      isPaused = true
    },
    resume: () => {
      if (!isPaused || server.exitCode !== null) return
      server.kill('SIGCONT')
      isPaused = false
    },
    stop: async () => {
      isStopping = true
      if (server.exitCode !== null) return
      if (isPaused) server.kill('SIGCONT')
      server.kill('SIGTERM')
      await new Promise((resolve) => server.once('exit', resolve))
    },
  }
}

/** A new, empty PostgreSQL database for one run, or undefined when no server answers. */
export async function createBenchDatabase(
  prefix = 'shop_bench',
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  // One per call: the bench holds this build's and the base's at once.
  const name = `${prefix}_${process.pid}_${++databasesMade}`
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
