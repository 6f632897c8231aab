import { type Db, onPoolError } from '@shop/db/client'
import { tryPruneExpired } from '@shop/db/housekeeping'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * The server's care of its database: it logs the connections PostgreSQL drops (which no request would report),
 * and deletes stale sessions, reset tokens, login challenges, rate-limit windows and audit entries past their
 * retention (@shop/db/housekeeping says which) on a schedule. Without the prune those tables grow with every login, reset request and client address.
 *
 * The first prune runs a minute after start, then one an hour after the previous one ended, so a prune never
 * overlaps itself; each wait is up to 10% longer at random, so processes started together drift apart. With
 * several processes on one PostgreSQL database only one prunes at a time (an advisory lock); the others skip
 * that turn. Closing the app cancels the next prune and waits for a running one.
 */
export interface HousekeepingOptions {
  db: Db
  /** From the app being ready to the first prune. */
  firstPruneAfterMs?: number
  /** From the end of one prune to the start of the next. */
  pruneEveryMs?: number
  /** Audit log entries older than this many days are deleted (AUDIT_RETENTION_DAYS). */
  auditRetentionDays?: number
  /** Other periodic work, scheduled the same way (the sweep of unpaid card orders). */
  tasks?: PeriodicTask[]
}

/** Work run every `everyMs` after the end of the previous run, first `firstAfterMs` after the app is ready. */
export interface PeriodicTask {
  name: string
  firstAfterMs: number
  everyMs: number
  /** Logs its own failures; a throw is logged here and the next turn runs as planned. */
  run(): Promise<void>
}

const FIRST_PRUNE_AFTER_MS = 60_000
const PRUNE_EVERY_MS = 60 * 60_000
const JITTER = 0.1

async function registerHousekeeping(app: FastifyInstance, options: HousekeepingOptions) {
  const { db } = options
  const log = app.log.child({ task: 'housekeeping' })
  const firstPruneAfterMs = options.firstPruneAfterMs ?? FIRST_PRUNE_AFTER_MS
  const pruneEveryMs = options.pruneEveryMs ?? PRUNE_EVERY_MS

  const stopListening = onPoolError(db, (error) => {
    log.error({ err: error }, 'the database dropped a connection; the pool opens a new one when needed')
  })

  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let isClosing = false
  const taskTimers = new Map<string, NodeJS.Timeout>()
  const tasksRunning = new Set<Promise<void>>()

  function scheduleTask(task: PeriodicTask, delayMs: number): void {
    if (isClosing) return
    const taskTimer = setTimeout(
      () => {
        taskTimers.delete(task.name)
        const run = task
          .run()
          .catch((error: unknown) => log.error({ err: error, task: task.name }, 'a periodic task failed'))
          .finally(() => {
            tasksRunning.delete(run)
            scheduleTask(task, task.everyMs)
          })
        tasksRunning.add(run)
      },
      delayMs * (1 + Math.random() * JITTER),
    )
    taskTimer.unref()
    taskTimers.set(task.name, taskTimer)
  }

  async function prune(): Promise<void> {
    try {
      const deleted = await tryPruneExpired(db, new Date().toISOString(), {
        auditRetentionDays: options.auditRetentionDays,
      })
      if (!deleted) {
        log.debug('another process is pruning expired rows; skipped')
        return
      }
      if (Object.values(deleted).some((rows) => rows > 0)) log.info({ deleted }, 'pruned expired rows')
    } catch (error) {
      log.error({ err: error }, 'pruning expired rows failed; trying again at the next turn')
    }
  }

  function schedule(delayMs: number): void {
    if (isClosing) return
    timer = setTimeout(
      () => {
        timer = undefined
        running = prune().finally(() => {
          running = undefined
          schedule(pruneEveryMs)
        })
      },
      delayMs * (1 + Math.random() * JITTER),
    )
    // A pending prune never keeps the process alive; close() ends it anyway.
    timer.unref()
  }

  app.addHook('onReady', async () => {
    schedule(firstPruneAfterMs)
    for (const task of options.tasks ?? []) scheduleTask(task, task.firstAfterMs)
  })
  // Registered after the deps plugin, so this runs before the database is closed (Fastify closes in reverse).
  app.addHook('onClose', async () => {
    isClosing = true
    clearTimeout(timer)
    for (const taskTimer of taskTimers.values()) clearTimeout(taskTimer)
    await Promise.all([running, ...tasksRunning])
    stopListening()
  })
}

export const housekeeping = fp(registerHousekeeping, { name: 'housekeeping' })
