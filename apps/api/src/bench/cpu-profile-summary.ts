/**
 * Reads a V8 CPU profile (.cpuprofile, as `BENCH_CPU_PROFILE=<dir> BENCH_ONLY=orders pnpm bench` writes one per
 * server) and prints where the time went: by package or source file (self time), by function (self time), and the
 * time spent inside each of the order path's steps (inclusive time of the functions named below).
 * Run: npx tsx apps/api/src/bench/cpu-profile-summary.ts <file.cpuprofile> [top] [seconds]
 * With `seconds`, only the samples of that long from the first order on (the first sample inside createOrder): the
 * order run alone, without the start-up, the card run and the mails sent after it.
 */
import fs from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** The order path's steps, by the functions that do them (a step's time includes what it calls). */
const STEPS: Array<[string, RegExp]> = [
  ['HTTP: Fastify routing, hooks, reply', /^(runPreParsing|handleRequest|preHandlerCallback|onSendEnd|wrapThenable)$/],
  ['JSON body parse', /^(defaultJsonParser|parse)$/],
  ['tRPC procedure (input, middlewares, output)', /^(callRecursive|procedure)$/],
  ['POST /api/orders route (input check, answer)', /^placeOrder$/],
  ['createOrder (service)', /^createOrder$/],
  ['the batch transaction', /^#?tryBatch$/],
  ['decide (price, check, number)', /^decide$/],
  ['read products, codes, settings', /^readBatch$/],
  ['take stock and code uses', /^(takeBatch|takeStock)/],
  ['take and write in one (PostgreSQL)', /^placeBatch$/],
  ['write orders, lines, summary, keys, mails', /^writeBatch$/],
  ['make guest keys and mails', /^placedOrderRecords$/],
  ['mail: compose and render', /^(composeMail|renderMail)$/],
  ['mail: SMTP send', /^(sendMail|send)$/],
  ['SQLite statements', /^(run|all|get|iterate)$/],
  ['garbage collection', /^\(garbage collector\)$/],
  ['idle', /^\(idle\)$/],
]

function where(url: string): string {
  if (!url) return '(native)'
  const pnpm = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pnpm) return pnpm[1] as string
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (modules) return modules[1] as string
  if (url.startsWith('node:')) return url
  return url.replace(/^file:\/\/.*?\/apps\/api\/dist\//, 'api dist/')
}

function print(title: string, entries: Map<string, number>, total: number, top: number) {
  console.log(`\n${title}`)
  for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `${((micros / total) * 100).toFixed(1).padStart(6)}%  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`,
    )
  }
}

const [file, topArgument, secondsArgument] = process.argv.slice(2)
if (!file) throw new Error('usage: cpu-profile-summary.ts <file.cpuprofile> [top] [seconds]')
const top = Number(topArgument ?? 25)
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const parent = new Map<number, number>()
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)

/** The sample's time since the profile started, in microseconds, by sample index. */
const sampledAt: number[] = []
profile.timeDeltas.reduce((at, delta, i) => {
  sampledAt[i] = at + delta
  return at + delta
}, 0)
const isUnder = (id: number, functionName: string) => {
  for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
    if (byId.get(node)?.callFrame.functionName === functionName) return true
  }
  return false
}
const firstOrder = profile.samples.findIndex((id) => isUnder(id, 'createOrder'))
const windowStart = secondsArgument && firstOrder >= 0 ? (sampledAt[firstOrder] ?? 0) : 0
const windowEnd = secondsArgument ? windowStart + Number(secondsArgument) * 1_000_000 : Number.POSITIVE_INFINITY

const self = new Map<number, number>()
profile.samples.forEach((id, i) => {
  const at = sampledAt[i] ?? 0
  if (at < windowStart || at > windowEnd) return
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
})
const total = [...self.values()].reduce((sum, micros) => sum + micros, 0)

const byPlace = new Map<string, number>()
const byFunction = new Map<string, number>()
for (const [id, micros] of self) {
  const frame = byId.get(id)?.callFrame
  if (!frame) continue
  byPlace.set(where(frame.url), (byPlace.get(where(frame.url)) ?? 0) + micros)
  const name = `${frame.functionName || '(anonymous)'} ${where(frame.url)}:${frame.lineNumber + 1}`
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros)
}

// Inclusive time per step: a node counts once for the outermost matching function above it.
const byStep = new Map<string, number>()
for (const [id, micros] of self) {
  const counted = new Set<string>()
  for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
    const name = byId.get(node)?.callFrame.functionName ?? ''
    for (const [step, pattern] of STEPS) {
      if (!counted.has(step) && pattern.test(name)) {
        counted.add(step)
        byStep.set(step, (byStep.get(step) ?? 0) + micros)
      }
    }
  }
}

console.log(
  `${file}: ${(total / 1000).toFixed(0)} ms sampled` +
    (secondsArgument ? `, the ${secondsArgument} s from the first order on` : ''),
)
print('Self time by package or file', byPlace, total, top)
print('Self time by function', byFunction, total, top)
print('Time inside each step (a step includes what it calls; steps overlap)', byStep, total, STEPS.length)
