/**
 * The catalog reads' load generator: wrk (Debian's package), a C program of its own. autocannon, run in the
 * benchmark's Node process, spent about 30 µs of CPU per request, as much as the server on a cached answer: on two
 * cores the two waited on each other, and in spells of a few seconds the server dropped to 0.85 of a core and the
 * p99 went from 4 to 12 ms, so the client set the rate. wrk spends about 15 µs a request and leaves the server its
 * whole core (docs/performance.md, "How the bench measures the reads").
 */
import { execFile, execFileSync } from 'node:child_process'
import { promisify } from 'node:util'
import { procCpuMicros } from './bench-process'

const run = promisify(execFile)

/** True when wrk is on the PATH. */
export function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' })
    return true
  } catch (error) {
    // wrk prints its usage and exits 1 for --version: found. ENOENT: not installed.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT'
  }
}

export interface WrkResult {
  requestsPerSecond: number
  /** Milliseconds. */
  p99: number
  /** Answers other than 2xx or 3xx, and socket errors. */
  failures: number
  /** wrk's own CPU time (user and system), in microseconds. */
  cpuMicros: number
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }

function durationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text)
  if (!match) throw new Error(`wrk printed a latency it cannot read: ${text}`)
  return Number(match[1]) * (UNIT_MS[match[2] as string] ?? Number.NaN)
}

/** Reads wrk's report (with --latency): the rate, the 99th percentile and the failures. */
export function parseWrkReport(report: string): Omit<WrkResult, 'cpuMicros'> {
  const rate = /^Requests\/sec:\s+([\d.]+)/m.exec(report)
  const p99 = /^\s+99%\s+(\S+)/m.exec(report)
  if (!rate || !p99) throw new Error(`wrk's report has no rate or p99:\n${report}`)
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(report)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report)
  const socketErrors = socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0
  return {
    requestsPerSecond: Number(rate[1]),
    p99: durationMs(p99[1] as string),
    failures: Number(non2xx?.[1] ?? 0) + socketErrors,
  }
}

/** `connections` connections on one thread asking for `url` for `seconds`, with `headers`. */
export async function runWrk(options: {
  url: string
  connections: number
  seconds: number
  headers?: Record<string, string>
}): Promise<WrkResult> {
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const before = procCpuMicros('self', 'children') ?? 0
  const { stdout } = await run('wrk', [
    '--threads',
    '1',
    '--connections',
    String(options.connections),
    '--duration',
    `${options.seconds}s`,
    '--latency',
    ...headerArgs,
    options.url,
  ])
  return { ...parseWrkReport(stdout), cpuMicros: (procCpuMicros('self', 'children') ?? 0) - before }
}
