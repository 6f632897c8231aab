import type { FastifyBaseLogger } from 'fastify'

export interface BackgroundTasks {
  /** Starts work that the answer must not wait for; a failure is logged, never thrown. */
  run(name: string, work: () => Promise<void>): void
  /** Resolves once every task started so far has settled (on shutdown, and in tests). */
  drain(): Promise<void>
}

export function createBackgroundTasks(log: Pick<FastifyBaseLogger, 'error'>): BackgroundTasks {
  const pending = new Set<Promise<void>>()
  return {
    run(name, work) {
      const task = work()
        .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => pending.delete(task))
      pending.add(task)
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending])
    },
  }
}
