import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSession } from './checkout'
import { invalidRequest, type StripeErrorBody, StripeFailure } from './errors'
import { type FormHash, type FormValue, parseForm } from './form'
import { newId } from './ids'
import { Ledger, type Page, type PayOverrides, type RequestInfo } from './ledger'
import type { Charge, CheckoutSession, PaymentIntent, Refund, RefundReason } from './objects'
import { messagePage, paymentPage } from './page'
import { ParamReader } from './params'
import { checkWebhookUrl, type Delivery, type SentEvent, signatureHeader, WebhookQueue } from './webhooks'

/** The API version of the `stripe` package this stand-in is tested with; events carry it as `api_version`. */
export const DEFAULT_API_VERSION = '2025-10-29.clover'
export const DEFAULT_SECRET_KEY = 'sk_test_standin'
export const DEFAULT_WEBHOOK_SECRET = 'whsec_standin'

/** Stripe keeps idempotency keys up to 255 characters. */
const IDEMPOTENCY_KEY_MAX = 255
const BODY_LIMIT_BYTES = 1024 * 1024

export interface StripeStandInOptions {
  /** The port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number
  /** Where events are POSTed; must be on this machine. Can be set later with `setWebhookUrl`. */
  webhookUrl?: string
  /** The endpoint secret events are signed with (default `whsec_standin`). */
  webhookSecret?: string
  /** The only API key accepted (default `sk_test_standin`). */
  secretKey?: string
  /** `api_version` of the events (default: the pinned SDK's version). */
  apiVersion?: string
  /** The event types the webhook endpoint listens to, like an endpoint's enabled events (default: all). */
  enabledEvents?: readonly string[]
  /**
   * On the hosted page, deliver the payment's events before redirecting the customer to `success_url` (default
   * `true`, so a test's success page sees the order paid). `false` answers the redirect first and delivers after,
   * the order in which a real customer can beat the webhook.
   */
  deliverBeforeRedirect?: boolean
  /** The stand-in's clock in milliseconds (default `Date.now`); sessions expire by it. Signatures use real time. */
  now?: () => number
  /** How long a webhook POST may take before it counts as failed (default 10 000 ms). */
  webhookTimeoutMs?: number
}

/** One API request as the stand-in saw it. */
export interface RecordedRequest {
  method: string
  path: string
  params: FormHash
  idempotencyKey: string | null
  stripeVersion: string | null
  status: number
  replayed: boolean
}

interface Answer {
  status: number
  body: unknown
}

interface StoredAnswer extends Answer {
  fingerprint: string
}

/** Sorts hash keys so that the same parameters in another order compare equal. */
function canonical(value: FormValue): unknown {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map(canonical)
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical(value[key] as FormValue)]),
  )
}

function maskKey(key: string): string {
  if (key.length <= 12) return `${key.slice(0, 3)}****`
  return `${key.slice(0, 8)}${'*'.repeat(Math.min(key.length - 12, 24))}${key.slice(-4)}`
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > BODY_LIMIT_BYTES) {
        reject(invalidRequest('Request body too large.', { status: 413 }))
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name]
  if (Array.isArray(value)) return value[0] ?? null
  return value ?? null
}

function page(query: ParamReader): Page {
  const limit = query.integer('limit', { min: 1, max: 100 })
  const startingAfter = query.string('starting_after')
  return { ...(limit !== undefined ? { limit } : {}), ...(startingAfter !== undefined ? { startingAfter } : {}) }
}

/**
 * A local stand-in for the part of Stripe's HTTP API a shop with hosted Checkout uses, reached through the official
 * SDK with `host: '127.0.0.1', port, protocol: 'http'`. See the package README for what it does and does not do.
 */
export class StripeStandIn {
  readonly secretKey: string
  readonly webhookSecret: string
  private webhookUrl: string | null
  private readonly ledger: Ledger
  private readonly queue: WebhookQueue
  private readonly idempotency = new Map<string, StoredAnswer>()
  private readonly log: RecordedRequest[] = []
  private readonly clock: () => number
  private readonly deliverBeforeRedirect: boolean
  private readonly enabledEvents: ReadonlySet<string> | null
  private server: Server | null = null
  private listeningPort = 0

  constructor(options: StripeStandInOptions = {}) {
    this.secretKey = options.secretKey ?? DEFAULT_SECRET_KEY
    this.webhookSecret = options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET
    this.webhookUrl = options.webhookUrl ? checkWebhookUrl(options.webhookUrl) : null
    this.clock = options.now ?? Date.now
    this.deliverBeforeRedirect = options.deliverBeforeRedirect ?? true
    this.enabledEvents = options.enabledEvents ? new Set(options.enabledEvents) : null
    const timeoutMs = options.webhookTimeoutMs ?? 10_000
    this.queue = new WebhookQueue(() => ({ url: this.webhookUrl, secret: this.webhookSecret, timeoutMs }))
    this.ledger = new Ledger({
      now: () => Math.floor(this.clock() / 1000),
      apiVersion: options.apiVersion ?? DEFAULT_API_VERSION,
      emit: (event) => (this.enabledEvents && !this.enabledEvents.has(event.type) ? null : this.queue.enqueue(event)),
    })
  }

  /** Listens on 127.0.0.1 only. */
  async listen(port = 0): Promise<void> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) {
          const message = error instanceof Error ? error.message : String(error)
          this.json(response, 500, { error: { type: 'api_error', message: `The stand-in failed: ${message}` } })
        } else {
          response.destroy()
        }
      })
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
    this.server = server
    this.listeningPort = (server.address() as AddressInfo).port
  }

  get port(): number {
    return this.listeningPort
  }

  /** `http://127.0.0.1:<port>` */
  get url(): string {
    return `http://127.0.0.1:${this.listeningPort}`
  }

  /** What to pass to `new Stripe(secretKey, { ...standIn.sdkOptions })`. */
  get sdkOptions(): { host: string; port: number; protocol: 'http'; maxNetworkRetries: number } {
    return { host: '127.0.0.1', port: this.listeningPort, protocol: 'http', maxNetworkRetries: 0 }
  }

  /** Waits for the deliveries under way, then stops listening. */
  async close(): Promise<void> {
    await this.queue.idle()
    const server = this.server
    this.server = null
    if (!server) return
    await new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()))
      server.closeAllConnections()
    })
  }

  // --- test controls -------------------------------------------------------------------------------------------

  setWebhookUrl(url: string | null): void {
    this.webhookUrl = url === null ? null : checkWebhookUrl(url)
  }

  /** Every event sent, in order, with the status each delivery got. */
  get events(): readonly SentEvent[] {
    return this.queue.sent
  }

  /** Every API request received, in order. */
  get requests(): readonly RecordedRequest[] {
    return this.log
  }

  /** Every Checkout Session created, oldest first. */
  get sessions(): CheckoutSession[] {
    this.sweep()
    return this.ledger.allSessions()
  }

  session(id: string): CheckoutSession {
    this.sweep()
    return this.ledger.renderSession(id)
  }

  paymentIntent(id: string): PaymentIntent {
    return this.ledger.renderIntent(id)
  }

  /** Resolves when every webhook delivery queued so far is done. */
  webhooksDelivered(): Promise<void> {
    return this.queue.idle()
  }

  /** Pays an open session as a customer would on the hosted page, and waits for the webhooks. */
  async pay(
    sessionId: string,
    overrides: PayOverrides = {},
  ): Promise<{ session: CheckoutSession; paymentIntent: PaymentIntent; charge: Charge }> {
    this.sweep()
    const { deliveries, ...paid } = this.ledger.pay(sessionId, overrides)
    await Promise.all(deliveries)
    return paid
  }

  /** Expires an open session, as `POST /v1/checkout/sessions/:id/expire` or the passing of `expires_at` would. */
  async expire(sessionId: string): Promise<CheckoutSession> {
    this.sweep()
    const { session, deliveries } = this.ledger.expire(sessionId, { id: null, idempotencyKey: null })
    await Promise.all(deliveries)
    return session
  }

  /** A declined card on an open session: sends `payment_intent.payment_failed`; the session stays open. */
  async failPayment(sessionId: string, declineCode?: string): Promise<PaymentIntent> {
    this.sweep()
    const { paymentIntent, deliveries } = this.ledger.failPayment(sessionId, declineCode)
    await Promise.all(deliveries)
    return paymentIntent
  }

  /** A refund made by hand in the Dashboard: the shop learns of it from `charge.refunded` and `refund.created`. */
  async refundFromDashboard(paymentIntentId: string, amount?: number): Promise<{ refund: Refund; charge: Charge }> {
    const { deliveries, ...result } = this.ledger.refund({
      paymentIntentId,
      ...(amount !== undefined ? { amount } : {}),
      request: { id: null, idempotencyKey: null },
    })
    await Promise.all(deliveries)
    return result
  }

  /** Sends an event already sent once more, freshly signed: a replay, as Stripe's retries and resends look. */
  resend(eventId: string): Promise<Delivery> {
    return this.queue.resend(eventId)
  }

  /** POSTs any body with any `Stripe-Signature` to the webhook URL (for tests of forged or stale signatures). */
  sendRaw(body: string, signature: string): Promise<Delivery> {
    return this.queue.sendRaw(body, signature)
  }

  /** A `Stripe-Signature` header for `payload` with this stand-in's secret, at `timestamp` (unix seconds, default now). */
  sign(payload: string, timestamp = Math.floor(Date.now() / 1000)): string {
    return signatureHeader(payload, this.webhookSecret, timestamp)
  }

  private sweep(): void {
    void this.ledger.sweepExpired()
  }

  // --- HTTP ----------------------------------------------------------------------------------------------------

  private json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(body, null, 2)
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'cache-control': 'no-cache, no-store',
      ...headers,
    })
    response.end(text)
  }

  private html(response: ServerResponse, status: number, body: string): void {
    response.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:",
    })
    response.end(body)
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const method = request.method ?? 'GET'
    if (url.pathname.startsWith('/v1/')) return this.handleApi(request, response, method, url)
    const pay = /^\/pay\/([A-Za-z0-9_]+)$/.exec(url.pathname)
    if (pay) return this.handlePayPage(request, response, method, pay[1] as string)
    if (url.pathname === '/' && method === 'GET') {
      return this.html(response, 200, messagePage('Stripe stand-in', 'A local stand-in for Stripe, for tests.'))
    }
    return this.html(response, 404, messagePage('Not found', `Nothing is at ${url.pathname}.`))
  }

  private authenticate(request: IncomingMessage): StripeFailure | null {
    const authorization = header(request, 'authorization')
    let key: string | null = null
    if (authorization?.startsWith('Bearer ')) key = authorization.slice('Bearer '.length).trim()
    else if (authorization?.startsWith('Basic ')) {
      // curl -u sk_test_...: sends the key as the user name of Basic auth.
      const decoded = Buffer.from(authorization.slice('Basic '.length), 'base64').toString('utf8')
      key = decoded.split(':')[0] ?? ''
    }
    if (!key) {
      return invalidRequest(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        { status: 401 },
      )
    }
    if (key !== this.secretKey) return invalidRequest(`Invalid API Key provided: ${maskKey(key)}`, { status: 401 })
    return null
  }

  private async handleApi(request: IncomingMessage, response: ServerResponse, method: string, url: URL) {
    const requestId = newId.request()
    const idempotencyKey = method === 'POST' ? header(request, 'idempotency-key') : null
    const stripeVersion = header(request, 'stripe-version')
    const headers: Record<string, string> = {
      'request-id': requestId,
      'stripe-version': stripeVersion ?? DEFAULT_API_VERSION,
    }
    if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey
    const entry: RecordedRequest = {
      method,
      path: url.pathname,
      params: {},
      idempotencyKey,
      stripeVersion,
      status: 0,
      replayed: false,
    }
    this.log.push(entry)
    const send = (answer: Answer, extra: Record<string, string> = {}) => {
      entry.status = answer.status
      this.json(response, answer.status, answer.body, { ...headers, ...extra })
    }
    const fail = (failure: StripeFailure) => send({ status: failure.status, body: { error: failure.body } })

    const body = method === 'POST' ? await readBody(request).catch((error: unknown) => error) : ''
    if (body instanceof StripeFailure) return fail(body)
    if (typeof body !== 'string') throw body

    const unauthorized = this.authenticate(request)
    if (unauthorized) return fail(unauthorized)

    let params: FormHash
    try {
      const contentType = header(request, 'content-type') ?? ''
      if (method === 'POST' && body !== '' && !contentType.startsWith('application/x-www-form-urlencoded')) {
        throw invalidRequest(
          `Invalid request: this API takes application/x-www-form-urlencoded bodies, not ${contentType || 'an untyped body'}.`,
        )
      }
      params = parseForm(method === 'POST' ? body : url.search.slice(1))
    } catch (error) {
      if (error instanceof StripeFailure) return fail(error)
      throw error
    }
    entry.params = params

    // A key seen before answers what it answered then, if the request is the same; otherwise it is refused.
    let fingerprint = ''
    if (idempotencyKey !== null) {
      if (idempotencyKey.length > IDEMPOTENCY_KEY_MAX) {
        return fail(
          invalidRequest(`Idempotency keys can be at most ${IDEMPOTENCY_KEY_MAX} characters long.`, {
            param: 'Idempotency-Key',
          }),
        )
      }
      fingerprint = JSON.stringify([method, url.pathname, canonical(params)])
      const stored = this.idempotency.get(idempotencyKey)
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          const error: StripeErrorBody = {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          }
          return send({ status: 400, body: { error } })
        }
        entry.replayed = true
        return send(stored, { 'idempotent-replayed': 'true' })
      }
    }

    const info: RequestInfo = { id: requestId, idempotencyKey }
    let answer: Answer
    let deliveries: Promise<Delivery>[] = []
    try {
      deliveries.push(...this.ledger.sweepExpired())
      const result = this.route(method, url.pathname, new ParamReader(params), info)
      answer = { status: 200, body: result.body }
      deliveries = deliveries.concat(result.deliveries)
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error
      answer = { status: error.status, body: { error: error.body } }
      if (!error.stored) return send(answer)
    }
    if (idempotencyKey !== null) this.idempotency.set(idempotencyKey, { ...answer, fingerprint })
    // Stripe answers the request, then sends the events it caused.
    send(answer)
    void Promise.all(deliveries)
  }

  private route(
    method: string,
    path: string,
    params: ParamReader,
    request: RequestInfo,
  ): { body: unknown; deliveries: Promise<Delivery>[] } {
    const segments = path.split('/').slice(2)
    const [resource, id, action, extra] = segments
    const none: Promise<Delivery>[] = []
    const expandOf = () => params.listOfStrings('expand') ?? []

    if (resource === 'checkout' && id === 'sessions') {
      const sessionId = action
      const sub = extra
      if (sessionId === undefined && method === 'POST') {
        const record = createSession(params, { now: Math.floor(this.clock() / 1000), baseUrl: this.url })
        this.ledger.addSession(record)
        return { body: this.ledger.renderSession(record.session.id, expandOf()), deliveries: none }
      }
      if (sessionId !== undefined && sub === undefined && method === 'GET' && segments.length === 3) {
        const expand = expandOf()
        params.done()
        return { body: this.ledger.renderSession(sessionId, expand), deliveries: none }
      }
      if (sessionId !== undefined && sub === 'line_items' && method === 'GET' && segments.length === 4) {
        const listPage = page(params)
        params.listOfStrings('expand')
        params.done()
        return { body: this.ledger.lineItems(sessionId, listPage), deliveries: none }
      }
      if (sessionId !== undefined && sub === 'expire' && method === 'POST' && segments.length === 4) {
        const expand = expandOf()
        params.done()
        this.ledger.sessionRecord(sessionId)
        const { deliveries } = this.ledger.expire(sessionId, request)
        return { body: this.ledger.renderSession(sessionId, expand), deliveries }
      }
    }

    if (resource === 'payment_intents' && id !== undefined && action === undefined && method === 'GET') {
      const expand = expandOf()
      params.done()
      return { body: this.ledger.renderIntent(id, expand), deliveries: none }
    }

    if (resource === 'charges' && id !== undefined && action === undefined && method === 'GET') {
      const expand = expandOf()
      params.done()
      return { body: this.ledger.renderCharge(id, expand), deliveries: none }
    }

    if (resource === 'events' && id !== undefined && action === undefined && method === 'GET') {
      params.done()
      return { body: this.ledger.event(id), deliveries: none }
    }

    if (resource === 'refunds' && id === undefined && method === 'POST') {
      const paymentIntentId = params.string('payment_intent')
      const chargeId = params.string('charge')
      const amount = params.integer('amount', { min: 1 })
      const metadata = params.metadata()
      const reason = params.choice('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) as
        | RefundReason
        | undefined
      params.listOfStrings('expand')
      params.done()
      if (paymentIntentId === undefined && chargeId === undefined) {
        throw invalidRequest(
          'One of the following params should be provided for this request: payment_intent or charge.',
        )
      }
      const { refund, deliveries } = this.ledger.refund({
        ...(paymentIntentId !== undefined ? { paymentIntentId } : {}),
        ...(chargeId !== undefined ? { chargeId } : {}),
        ...(amount !== undefined ? { amount } : {}),
        metadata,
        reason: reason ?? null,
        request,
      })
      return { body: refund, deliveries }
    }

    if (resource === 'refunds' && id === undefined && method === 'GET') {
      const paymentIntent = params.string('payment_intent')
      const charge = params.string('charge')
      const listPage = page(params)
      params.done()
      return {
        body: this.ledger.refundList(
          {
            ...(paymentIntent !== undefined ? { paymentIntent } : {}),
            ...(charge !== undefined ? { charge } : {}),
          },
          listPage,
        ),
        deliveries: none,
      }
    }

    if (resource === 'refunds' && id !== undefined && action === undefined && method === 'GET') {
      params.done()
      return { body: this.ledger.renderRefund(id), deliveries: none }
    }

    throw invalidRequest(
      `Unrecognized request URL (${method}: ${path}). The Stripe stand-in answers only the endpoints listed in its README.`,
      { status: 404 },
    )
  }

  // --- the hosted payment page ---------------------------------------------------------------------------------

  private async handlePayPage(request: IncomingMessage, response: ServerResponse, method: string, id: string) {
    this.sweep()
    let record: ReturnType<Ledger['sessionRecord']>
    try {
      record = this.ledger.sessionRecord(id)
    } catch {
      return this.html(response, 404, messagePage('Not found', 'This payment page does not exist.'))
    }
    const session = record.session
    const successUrl = session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? null
    if (session.status === 'expired') {
      const back = session.cancel_url ? { href: session.cancel_url, label: 'Back to the shop' } : undefined
      // Pages a customer can reach answer 200: a browser logs any error status as a console error.
      return this.html(response, 200, messagePage('This checkout has expired', 'Nothing was charged.', back))
    }
    if (session.status === 'complete') {
      const link = successUrl ? { href: successUrl, label: 'Back to the shop' } : undefined
      return this.html(response, 200, messagePage('Already paid', 'This checkout is already paid.', link))
    }
    if (method === 'GET' || method === 'HEAD') return this.html(response, 200, paymentPage(record))
    if (method !== 'POST') return this.html(response, 405, messagePage('Not allowed', `${method} is not allowed here.`))

    const form = parseForm(await readBody(request))
    const email = typeof form.email === 'string' && form.email.trim() !== '' ? form.email.trim() : undefined
    if (form.outcome === 'decline') {
      const { deliveries } = this.ledger.failPayment(id)
      await Promise.all(deliveries)
      return this.html(response, 200, paymentPage(record, { declined: true }))
    }
    const { deliveries } = this.ledger.pay(id, email !== undefined ? { email } : {})
    if (this.deliverBeforeRedirect) await Promise.all(deliveries)
    if (!successUrl) {
      return this.html(response, 200, messagePage('Payment complete', 'Thank you: the payment went through.'))
    }
    response.writeHead(303, { location: successUrl, 'content-length': 0 })
    response.end()
  }
}

/** Starts a stand-in on 127.0.0.1 (a free port unless `port` is given). */
export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const standIn = new StripeStandIn(options)
  await standIn.listen(options.port ?? 0)
  return standIn
}
