import { AppError } from './app-error'

export interface WorkLimiter {
  /** Runs `work` once fewer than `concurrency` others run; refuses (503) when `maxWaiting` are already queued. */
  run<T>(work: () => Promise<T>): Promise<T>
  readonly running: number
  readonly waiting: number
}

/**
 * Bounds how much of one kind of expensive work runs at once. Password hashing is the case: scrypt takes about
 * 32 MiB and 50-100 ms of a core per call, so a burst of logins (even each one refused by its own rate limit
 * after the check) must not occupy every core and starve the shop's visitors.
 */
export function createWorkLimiter(options: { concurrency: number; maxWaiting: number; busyMessage: string }) {
  let running = 0
  const queue: Array<() => void> = []

  const release = () => {
    running -= 1
    const next = queue.shift()
    if (next) {
      running += 1
      next()
    }
  }

  const limiter: WorkLimiter = {
    async run(work) {
      if (running >= options.concurrency) {
        if (queue.length >= options.maxWaiting) {
          throw new AppError('SERVICE_UNAVAILABLE', options.busyMessage, { 'retry-after': '5' })
        }
        await new Promise<void>((resolve) => queue.push(resolve))
      } else {
        running += 1
      }
      try {
        return await work()
      } finally {
        release()
      }
    },
    get running() {
      return running
    },
    get waiting() {
      return queue.length
    },
  }
  return limiter
}
