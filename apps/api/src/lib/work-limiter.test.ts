import { describe, expect, it } from 'vitest'
import { AppError } from './app-error'
import { createWorkLimiter } from './work-limiter'

function deferred() {
  let resolve: () => void = () => {}
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

describe('the work limiter', () => {
  it('runs at most `concurrency` tasks at once and the rest in arrival order', async () => {
    const limiter = createWorkLimiter({ concurrency: 2, maxWaiting: 10, busyMessage: 'busy' })
    const gates = [deferred(), deferred(), deferred(), deferred()]
    const started: number[] = []
    const runs = gates.map((gate, i) =>
      limiter.run(async () => {
        started.push(i)
        await gate.promise
        return i
      }),
    )
    await Promise.resolve()
    expect(started).toEqual([0, 1])
    expect(limiter.running).toBe(2)
    expect(limiter.waiting).toBe(2)
    gates[1]?.resolve()
    await runs[1]
    await Promise.resolve()
    expect(started).toEqual([0, 1, 2])
    for (const gate of gates) gate.resolve()
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3])
    expect(limiter.running).toBe(0)
  })

  it('frees its place when a task fails', async () => {
    const limiter = createWorkLimiter({ concurrency: 1, maxWaiting: 1, busyMessage: 'busy' })
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await limiter.run(async () => 'next')).toBe('next')
  })

  it('refuses with 503 and Retry-After once maxWaiting tasks wait', async () => {
    const limiter = createWorkLimiter({ concurrency: 1, maxWaiting: 1, busyMessage: 'The server is busy.' })
    const gate = deferred()
    const first = limiter.run(() => gate.promise)
    const second = limiter.run(() => gate.promise)
    const refused = await limiter.run(() => gate.promise).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({ status: 503, message: 'The server is busy.', headers: { 'retry-after': '5' } })
    gate.resolve()
    await Promise.all([first, second])
  })
})
