import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasWrk, parseWrkReport, runWrk } from './wrk'

// What wrk 4.1 prints with --latency (Debian's package), the latencies in each of its units.
const REPORT = `Running 10s test @ http://127.0.0.1:3000/api/featured-products
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.65ms  457.17us  19.84ms   89.69%
    Req/Sec    18.59k     1.02k   20.15k    72.00%
  Latency Distribution
     50%  812.00us
     75%    2.58ms
     90%    4.29ms
     99%    1.20s
  185033 requests in 10.00s, 2.36GB read
  Socket errors: connect 0, read 2, write 0, timeout 5
  Non-2xx or 3xx responses: 12
Requests/sec:  18503.30
Transfer/sec:    241.70MB
`

describe('parseWrkReport', () => {
  it('reads the rate, the p99 in milliseconds whatever its unit, and counts failed answers with socket errors', () => {
    expect(parseWrkReport(REPORT)).toEqual({ requestsPerSecond: 18503.3, p99: 1200, failures: 19 })
    expect(parseWrkReport(REPORT.replace('99%    1.20s', '99%  950.50us')).p99).toBeCloseTo(0.9505)
  })

  it('refuses a report without a rate or a p99, instead of printing a zero', () => {
    expect(() => parseWrkReport('unable to connect to 127.0.0.1:3000 Connection refused')).toThrow(/no rate or p99/)
    expect(() => parseWrkReport(REPORT.replace('99%    1.20s', '99%    soon'))).toThrow(/cannot read/)
  })
})

describe('runWrk', () => {
  let server: http.Server
  let base: string

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      response.statusCode = request.url === '/ok' && request.headers['x-bench'] === 'yes' ? 200 : 404
      response.end('{}')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('is installed (.ci/run installs it; pnpm bench falls back to autocannon without it)', () => {
    expect(hasWrk()).toBe(true)
  })

  it('measures a real server with the given headers, and counts what it did not answer with 2xx', async () => {
    const ok = await runWrk({ url: `${base}/ok`, connections: 4, seconds: 1, headers: { 'x-bench': 'yes' } })
    expect(ok.requestsPerSecond).toBeGreaterThan(100)
    expect(ok.failures).toBe(0)
    expect(ok.p99).toBeGreaterThan(0)
    expect(ok.cpuMicros).toBeGreaterThan(0)
    const refused = await runWrk({ url: `${base}/ok`, connections: 4, seconds: 1 })
    expect(refused.failures).toBeGreaterThan(100)
  })
})
