import { createHmac } from 'node:crypto'
import type { StripeEvent } from './objects'

/**
 * Stripe signs a webhook body with the endpoint's secret: `Stripe-Signature: t=<unix seconds>,v1=<hex>`, where the
 * hex is the HMAC-SHA256 of `<t>.<raw body>` keyed with the whole secret string (`whsec_...`). The receiver recomputes
 * it over the raw bytes it got and refuses a timestamp too far from its clock.
 */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')
  return `t=${timestamp},v1=${signature}`
}

/** One POST of an event (or of a raw body) to the webhook URL, and what came back. */
export interface Delivery {
  /** The HTTP status the endpoint answered, or `null` when it could not be reached (see `error`). */
  status: number | null
  error: string | null
  /** `true` for a `resend`: the same event delivered again. */
  replay: boolean
  signatureHeader: string
  /** Unix seconds (real time) when it was sent. */
  at: number
}

/** Every event the stand-in sent, with the outcome of each delivery (one, plus one per `resend`). */
export interface SentEvent {
  id: string
  type: string
  event: StripeEvent
  /** The status of the latest delivery; `undefined` while it is still on its way. */
  status: number | null | undefined
  deliveries: Delivery[]
}

/** Addresses the stand-in may POST to: this machine only. */
function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

export function checkWebhookUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error(`webhookUrl is not a URL: ${url}`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`webhookUrl must be http(s): ${url}`)
  if (!isLoopback(parsed))
    throw new Error(`webhookUrl must point at this machine (127.0.0.1, localhost or ::1): ${url}`)
  return url
}

interface Target {
  url: string | null
  secret: string
  timeoutMs: number
}

/** Signatures carry the real time, whatever clock the stand-in's objects follow: receivers check them against theirs. */
function wallClockSeconds(): number {
  return Math.floor(Date.now() / 1000)
}

/**
 * Sends events one after another, in the order they were made, each to completion before the next. A delivery
 * that fails (no answer, or a status other than 2xx) is recorded and not tried again: Stripe retries for days, the
 * stand-in leaves retries to the test (`resend`).
 */
export class WebhookQueue {
  private tail: Promise<void> = Promise.resolve()
  readonly sent: SentEvent[] = []

  constructor(private readonly target: () => Target) {}

  /** Queues an event; the promise settles when this delivery is done. */
  enqueue(event: StripeEvent): Promise<Delivery> {
    const record: SentEvent = { id: event.id, type: event.type, event, status: undefined, deliveries: [] }
    this.sent.push(record)
    return this.push(record, false)
  }

  /** Delivers an event already sent once more, signed afresh: what a replay looks like to the receiver. */
  resend(eventId: string): Promise<Delivery> {
    const record = this.sent.find((entry) => entry.id === eventId)
    if (!record) return Promise.reject(new Error(`No event ${eventId} was sent by this stand-in`))
    record.status = undefined
    return this.push(record, true)
  }

  /** POSTs any body with any signature header, in turn with the events; nothing is recorded. */
  sendRaw(body: string, header: string): Promise<Delivery> {
    const run = this.tail.then(() => this.post(body, header, false))
    this.tail = run.then(
      () => undefined,
      () => undefined,
    )
    return run
  }

  /** Resolves once every delivery queued so far is done. */
  async idle(): Promise<void> {
    let seen: Promise<void> | null = null
    while (seen !== this.tail) {
      seen = this.tail
      await seen
    }
  }

  private push(record: SentEvent, replay: boolean): Promise<Delivery> {
    const run = this.tail.then(async () => {
      const payload = JSON.stringify(record.event, null, 2)
      const { secret } = this.target()
      const delivery = await this.post(payload, signatureHeader(payload, secret, wallClockSeconds()), replay)
      record.deliveries.push(delivery)
      record.status = delivery.status
      return delivery
    })
    this.tail = run.then(
      () => undefined,
      () => undefined,
    )
    return run
  }

  private async post(payload: string, header: string, replay: boolean): Promise<Delivery> {
    const { url, timeoutMs } = this.target()
    const at = wallClockSeconds()
    if (url === null) return { status: null, error: 'no webhookUrl is set', replay, signatureHeader: header, at }
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': header,
          'user-agent': 'Stripe/1.0 (stripe-stand-in)',
        },
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
      // The body is read and dropped so the connection is freed; Stripe looks at the status only.
      await response.arrayBuffer().catch(() => undefined)
      return { status: response.status, error: null, replay, signatureHeader: header, at }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      return { status: null, error: message, replay, signatureHeader: header, at }
    }
  }
}
