import { randomUUID } from 'node:crypto'
import type { Db, Executor } from '@shop/db/client'
import * as orderEventsRepo from '@shop/db/order-events'
import * as outboxRepo from '@shop/db/outbox'
import type { FastifyBaseLogger } from 'fastify'
import type { MailSender } from '../../deps'
import type { Config } from '../../env'
import { describeMailError, type Mailer } from '../../lib/mailer'
import { lastOrderSubmittedAt } from '../orders/order-writer'
import { composeMail, MailObsoleteError } from './compose-mail'

/**
 * Delivers the outbox: every mail the shop sends was first written as a row in the transaction of the change that
 * caused it (outbox-mails.ts), so placing an order never waits on the mail server and never fails because of it.
 *
 * Each API process runs one sender. It claims due rows (PostgreSQL: `FOR UPDATE SKIP LOCKED`, so two processes
 * never take the same row; SQLite has one writer), sends them one by one, and records the outcome. A failure is
 * tried again later, the wait doubling from `retryBaseMs` up to `maxRetryMs`, until `maxAttempts`; then the mail is
 * failed and the admin may resend it. A process that dies while holding rows loses them for `leaseMs`, after which
 * another takes them over: a mail the server accepted just before such a crash goes out twice, with the same
 * Message-ID, which mail clients show once.
 *
 * The sender wakes when this process queued mail (`kick`), and every `pollMs` for the others' mail and retries.
 */
const BATCH = 20
// Rendering and recording a mail takes the same thread (and, on SQLite, the same write lock) as orders. While
// orders keep arriving (one in the last ORDERS_QUIET_MS), mail waits, but never more than MAX_DEFER_MS in a row:
// a burst of orders is not slowed down by its own mails, and the mails follow within seconds of it.
const ORDERS_QUIET_MS = 250
const MAX_DEFER_MS = 10_000

export interface MailSenderDeps {
  db: Db
  config: Config
  mailer: Mailer
  log: FastifyBaseLogger
}

export function createMailSender(deps: MailSenderDeps): MailSender {
  const { db, config, mailer } = deps
  const log = deps.log.child({ task: 'mail' })
  const delivery = config.mailDelivery
  const token = randomUUID()
  const host = new URL(config.publicUrl).hostname || 'localhost'
  let running: Promise<void> | undefined
  let again = false
  let stopped = true
  let timer: NodeJS.Timeout | undefined

  function retryAt(attempts: number, now: Date): Date | null {
    if (attempts >= delivery.maxAttempts) return null
    const wait = Math.min(delivery.retryBaseMs * 2 ** (attempts - 1), delivery.maxRetryMs)
    // Up to 10% more at random, so the retries of many mails do not all arrive together.
    return new Date(now.getTime() + wait * (1 + Math.random() * 0.1))
  }

  /** The attempt's outcome on the row and, for an order's mail, on the order's timeline: together or not at all. */
  function recordSent(mail: outboxRepo.OutboxMail, subject: string): Promise<void> {
    return db.transaction().execute(async (tx) => {
      if (!(await outboxRepo.markSent(tx, mail.id, token, { subject, sentAt: new Date() }))) return
      await recordEvent(tx, mail, 'mail_sent')
    })
  }

  function recordFailure(
    mail: outboxRepo.OutboxMail,
    values: { error: string; retryAt: Date | null; subject: string | null },
  ): Promise<void> {
    return db.transaction().execute(async (tx) => {
      if (!(await outboxRepo.markFailed(tx, mail.id, token, values))) return
      await recordEvent(tx, mail, 'mail_failed', values.error)
    })
  }

  async function recordEvent(
    tx: Executor,
    mail: outboxRepo.OutboxMail,
    type: 'mail_sent' | 'mail_failed',
    error?: string,
  ): Promise<void> {
    if (mail.orderId === null) return
    await orderEventsRepo.insert(tx, {
      orderId: mail.orderId,
      type,
      actor: null,
      data: { mailId: mail.id, kind: mail.kind, to: mail.to, ...(error ? { error } : {}) },
    })
  }

  async function deliver(mail: outboxRepo.OutboxMail): Promise<void> {
    let subject: string | null = null
    try {
      const composed = await composeMail({ db, config }, mail)
      subject = composed.subject
      if (!mailer.isConfigured) {
        // Nowhere to send it: the operator finds it in the log (a reset link most of all), the admin on the order.
        log.info(
          { mailId: mail.id, kind: mail.kind, to: mail.to, subject, link: composed.link },
          mail.kind === 'password_reset'
            ? 'password reset requested; no SMTP configured, link logged'
            : 'no SMTP configured; mail written to this log instead',
        )
        const error = 'No mail server is configured (SMTP_HOST is not set): the mail was written to the server log.'
        await recordFailure(mail, { error, retryAt: null, subject })
        return
      }
      await mailer.send({
        to: mail.to,
        subject: composed.subject,
        html: composed.html,
        text: composed.text,
        fromName: composed.fromName,
        messageId: `<${mail.messageId}@${host}>`,
      })
      await recordSent(mail, composed.subject)
      if (mail.kind === 'password_reset') await outboxRepo.scrubPayload(db, mail.id)
    } catch (error) {
      const obsolete = error instanceof MailObsoleteError
      const reason = obsolete ? error.message : describeMailError(error, config)
      const next = obsolete ? null : retryAt(mail.attempts, new Date())
      if (!obsolete) log.warn({ err: error, mailId: mail.id, kind: mail.kind, retryAt: next }, 'sending a mail failed')
      await recordFailure(mail, { error: reason, retryAt: next, subject })
    }
  }

  async function makeWayForOrders(): Promise<void> {
    const started = Date.now()
    while (!stopped && Date.now() - lastOrderSubmittedAt() < ORDERS_QUIET_MS && Date.now() - started < MAX_DEFER_MS) {
      await new Promise((resolve) => setTimeout(resolve, ORDERS_QUIET_MS))
    }
  }

  /**
   * Sends what is due, a batch at a time, until nothing is left or the sender is stopped: a stop waits for the
   * batch in hand (at most BATCH mails), never for the whole outbox, so a shop with a backlog still shuts down at
   * once. The rest stays due for the next start (or another process).
   */
  async function sendDue(): Promise<void> {
    while (!stopped) {
      await makeWayForOrders()
      if (stopped) return
      const mails = await outboxRepo.claimDue(db, { now: new Date(), limit: BATCH, leaseMs: delivery.leaseMs, token })
      for (const mail of mails) await deliver(mail)
      if (mails.length < BATCH) return
    }
  }

  function run(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        try {
          await sendDue()
        } catch (error) {
          // The database is away: the next poll tries again.
          log.error({ err: error }, 'reading the mail outbox failed; trying again shortly')
        }
      } while (again && !stopped)
    })().finally(() => {
      running = undefined
    })
    return running
  }

  function schedulePoll() {
    if (stopped) return
    timer = setTimeout(() => {
      void run().finally(schedulePoll)
    }, delivery.pollMs)
    timer.unref()
  }

  return {
    kick() {
      if (!stopped) void run()
    },
    start() {
      if (!stopped) return
      stopped = false
      void run().finally(schedulePoll)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
    async drain() {
      await run()
      while (running) await running
    },
  }
}
