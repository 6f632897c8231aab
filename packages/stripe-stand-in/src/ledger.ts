import type { SessionRecord } from './checkout'
import { formatAmount, isCurrency } from './currency'
import { invalidRequest, noSuch } from './errors'
import { newId } from './ids'
import type {
  ApiList,
  Charge,
  CheckoutSession,
  LineItem,
  PaymentIntent,
  Refund,
  RefundReason,
  StripeEvent,
} from './objects'
import type { Metadata } from './params'
import type { Delivery } from './webhooks'

/** Which API request caused an event; `null` ids for what the stand-in's controls (the "Dashboard") did. */
export interface RequestInfo {
  id: string | null
  idempotencyKey: string | null
}

const FROM_DASHBOARD: RequestInfo = { id: null, idempotencyKey: null }

interface ChargeRecord {
  charge: Charge
  refundIds: string[]
}

export interface PayOverrides {
  /** Charge this amount instead of the session's total (to simulate a mismatch). */
  amount?: number
  /** Charge in this currency instead of the session's. */
  currency?: string
  /** The e-mail the customer typed; defaults to the session's `customer_email`. */
  email?: string
}

export interface Paid {
  session: CheckoutSession
  paymentIntent: PaymentIntent
  charge: Charge
  deliveries: Promise<Delivery>[]
}

interface Dependencies {
  /** Unix seconds on the stand-in's clock. */
  now: () => number
  apiVersion: string
  /** Hands an event to the webhook queue (or drops it when the endpoint does not listen to its type). */
  emit: (event: StripeEvent) => Promise<Delivery> | null
}

function clone<T>(value: T): T {
  return structuredClone(value)
}

/** Groups `['payment_intent', 'payment_intent.latest_charge', 'line_items']` by their first field. */
function groupExpand(expand: readonly string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>()
  for (const path of expand) {
    const [head, ...rest] = path.split('.')
    const key = head ?? ''
    const list = groups.get(key) ?? []
    if (rest.length > 0) list.push(rest.join('.'))
    groups.set(key, list)
  }
  return groups
}

function cannotExpand(field: string): never {
  throw invalidRequest(`This property cannot be expanded (${field}).`, { param: 'expand' })
}

export interface Page {
  limit?: number
  startingAfter?: string
}

/** A page of a list, newest first, as Stripe lists objects. */
function listOf<T extends { id: string }>(url: string, items: T[], page: Page = {}): ApiList<T> {
  let start = 0
  if (page.startingAfter !== undefined) {
    const index = items.findIndex((item) => item.id === page.startingAfter)
    if (index === -1) throw noSuch('object', page.startingAfter, 'starting_after')
    start = index + 1
  }
  const limit = page.limit ?? 10
  const data = items.slice(start, start + limit)
  return { object: 'list', data, has_more: start + limit < items.length, url }
}

/**
 * The in-memory store of one stand-in and every change of state it knows: sessions opened, paid, expired; payment
 * intents and charges; refunds. Each change that Stripe reports by webhook makes its event here.
 */
export class Ledger {
  private readonly sessions = new Map<string, SessionRecord>()
  private readonly intents = new Map<string, PaymentIntent>()
  private readonly charges = new Map<string, ChargeRecord>()
  private readonly refunds = new Map<string, Refund>()
  private readonly events = new Map<string, StripeEvent>()

  constructor(private readonly deps: Dependencies) {}

  // --- events --------------------------------------------------------------------------------------------------

  private emit(type: string, object: unknown, request: RequestInfo): Promise<Delivery>[] {
    const event: StripeEvent = {
      id: newId.event(),
      object: 'event',
      api_version: this.deps.apiVersion,
      created: this.deps.now(),
      data: { object: clone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: request.id, idempotency_key: request.idempotencyKey },
      type,
    }
    this.events.set(event.id, event)
    const delivery = this.deps.emit(event)
    return delivery ? [delivery] : []
  }

  event(id: string): StripeEvent {
    const event = this.events.get(id)
    if (!event) throw noSuch('event', id)
    return clone(event)
  }

  // --- checkout sessions ---------------------------------------------------------------------------------------

  addSession(record: SessionRecord): void {
    this.sessions.set(record.session.id, record)
  }

  sessionRecord(id: string): SessionRecord {
    const record = this.sessions.get(id)
    if (!record) throw noSuch('checkout.session', id)
    return record
  }

  allSessions(): CheckoutSession[] {
    return [...this.sessions.values()].map((record) => clone(record.session))
  }

  renderSession(id: string, expand: readonly string[] = []): CheckoutSession {
    const record = this.sessionRecord(id)
    const out = clone(record.session)
    for (const [field, rest] of groupExpand(expand)) {
      if (field === 'line_items' && rest.length === 0) {
        out.line_items = this.lineItems(id)
      } else if (field === 'payment_intent') {
        out.payment_intent = typeof out.payment_intent === 'string' ? this.renderIntent(out.payment_intent, rest) : null
      } else {
        cannotExpand(rest.length > 0 ? `${field}.${rest.join('.')}` : field)
      }
    }
    return out
  }

  lineItems(id: string, page: Page = {}): ApiList<LineItem> {
    const record = this.sessionRecord(id)
    return listOf(`/v1/checkout/sessions/${id}/line_items`, clone(record.lineItems), page)
  }

  /** Stripe expires an open session once its `expires_at` has passed; the stand-in does it when next asked. */
  sweepExpired(): Promise<Delivery>[] {
    const now = this.deps.now()
    const deliveries: Promise<Delivery>[] = []
    for (const record of this.sessions.values()) {
      if (record.session.status === 'open' && record.session.expires_at <= now) {
        deliveries.push(...this.expire(record.session.id, FROM_DASHBOARD).deliveries)
      }
    }
    return deliveries
  }

  expire(id: string, request: RequestInfo): { session: CheckoutSession; deliveries: Promise<Delivery>[] } {
    const record = this.sessionRecord(id)
    const session = record.session
    if (session.status !== 'open') {
      throw invalidRequest(
        `Only Checkout Sessions with a status in ["open"] can be expired; this one's status is "${session.status}".`,
        { stored: true },
      )
    }
    session.status = 'expired'
    session.url = null
    const deliveries: Promise<Delivery>[] = []
    // A payment intent left by a failed attempt is cancelled with the session.
    if (typeof session.payment_intent === 'string') {
      const intent = this.intents.get(session.payment_intent)
      if (intent && intent.status === 'requires_payment_method') {
        intent.status = 'canceled'
        intent.canceled_at = this.deps.now()
        intent.cancellation_reason = 'abandoned'
        deliveries.push(...this.emit('payment_intent.canceled', intent, request))
      }
    }
    deliveries.push(...this.emit('checkout.session.expired', session, request))
    return { session: clone(session), deliveries }
  }

  // --- payments ------------------------------------------------------------------------------------------------

  private openIntent(record: SessionRecord, amount: number, currency: string): PaymentIntent {
    const session = record.session
    if (typeof session.payment_intent === 'string') {
      const existing = this.intents.get(session.payment_intent)
      if (existing) {
        existing.amount = amount
        existing.currency = currency
        return existing
      }
    }
    const id = newId.paymentIntent()
    const intent: PaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      client_secret: newId.clientSecret(id),
      confirmation_method: 'automatic',
      created: this.deps.now(),
      currency,
      customer: null,
      description: record.paymentIntentData.description,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: clone(record.paymentIntentData.metadata),
      payment_method: null,
      payment_method_types: ['card'],
      receipt_email: record.paymentIntentData.receiptEmail,
      status: 'requires_payment_method',
    }
    this.intents.set(id, intent)
    session.payment_intent = id
    return intent
  }

  private openSession(id: string): SessionRecord {
    const record = this.sessionRecord(id)
    if (record.session.status !== 'open') {
      throw new Error(`Checkout Session ${id} is ${record.session.status}, not open`)
    }
    return record
  }

  /** The customer pays: the session completes, its payment intent succeeds with one charge. */
  pay(id: string, overrides: PayOverrides = {}): Paid {
    const record = this.openSession(id)
    const session = record.session
    const amount = overrides.amount ?? session.amount_total
    const currency = (overrides.currency ?? session.currency).toLowerCase()
    if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`amount must be a whole number >= 0: ${amount}`)
    if (!isCurrency(currency)) throw new Error(`currency is not an ISO 4217 code: ${currency}`)
    const email = overrides.email ?? session.customer_email
    const now = this.deps.now()

    const intent = this.openIntent(record, amount, currency)
    const paymentMethod = newId.paymentMethod()
    const charge: Charge = {
      id: newId.charge(),
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      balance_transaction: newId.balanceTransaction(),
      billing_details: { address: null, email, name: 'Test Customer', phone: null },
      captured: true,
      created: now,
      currency,
      customer: null,
      description: intent.description,
      disputed: false,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: clone(intent.metadata),
      paid: true,
      payment_intent: intent.id,
      payment_method: paymentMethod,
      payment_method_details: {
        type: 'card',
        card: { brand: 'visa', country: 'US', exp_month: 12, exp_year: 2034, funding: 'credit', last4: '4242' },
      },
      receipt_email: intent.receipt_email,
      refunded: false,
      status: 'succeeded',
    }
    this.charges.set(charge.id, { charge, refundIds: [] })
    intent.status = 'succeeded'
    intent.amount_received = amount
    intent.latest_charge = charge.id
    intent.payment_method = paymentMethod
    intent.last_payment_error = null

    session.status = 'complete'
    session.payment_status = 'paid'
    session.url = null
    session.amount_total = amount
    session.currency = currency
    session.customer_details = {
      address: null,
      email,
      name: 'Test Customer',
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    }

    const deliveries = [
      ...this.emit('payment_intent.succeeded', intent, FROM_DASHBOARD),
      ...this.emit('checkout.session.completed', session, FROM_DASHBOARD),
    ]
    return { session: clone(session), paymentIntent: clone(intent), charge: clone(charge), deliveries }
  }

  /** The customer's card is declined: the session stays open, its payment intent records the error. */
  failPayment(
    id: string,
    declineCode = 'generic_decline',
  ): { paymentIntent: PaymentIntent; deliveries: Promise<Delivery>[] } {
    const record = this.openSession(id)
    const intent = this.openIntent(record, record.session.amount_total, record.session.currency)
    intent.status = 'requires_payment_method'
    intent.last_payment_error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: declineCode,
      message: 'Your card was declined.',
      payment_method: { id: newId.paymentMethod(), object: 'payment_method', type: 'card' },
    }
    const deliveries = this.emit('payment_intent.payment_failed', intent, FROM_DASHBOARD)
    return { paymentIntent: clone(intent), deliveries }
  }

  intent(id: string, param?: string): PaymentIntent {
    const intent = this.intents.get(id)
    if (!intent) throw noSuch('payment_intent', id, param)
    return intent
  }

  renderIntent(id: string, expand: readonly string[] = []): PaymentIntent {
    const out = clone(this.intent(id))
    for (const [field, rest] of groupExpand(expand)) {
      if (field === 'latest_charge') {
        out.latest_charge = typeof out.latest_charge === 'string' ? this.renderCharge(out.latest_charge, rest) : null
      } else {
        cannotExpand(rest.length > 0 ? `${field}.${rest.join('.')}` : field)
      }
    }
    return out
  }

  private chargeRecord(id: string, param?: string): ChargeRecord {
    const record = this.charges.get(id)
    if (!record) throw noSuch('charge', id, param)
    return record
  }

  renderCharge(id: string, expand: readonly string[] = []): Charge {
    const record = this.chargeRecord(id)
    const out = clone(record.charge)
    for (const [field, rest] of groupExpand(expand)) {
      if (field === 'refunds' && rest.length === 0) {
        out.refunds = this.refundList({ charge: id }, { limit: 100 })
      } else {
        cannotExpand(rest.length > 0 ? `${field}.${rest.join('.')}` : field)
      }
    }
    return out
  }

  // --- refunds -------------------------------------------------------------------------------------------------

  /**
   * Refunds part or all of what is left of a payment intent's charge. `amount` defaults to the rest. Refused when
   * nothing is left or the amount is more than what is left; these answers are kept for the idempotency key.
   */
  refund(input: {
    paymentIntentId?: string
    chargeId?: string
    amount?: number
    metadata?: Metadata
    reason?: RefundReason | null
    request: RequestInfo
  }): { refund: Refund; charge: Charge; deliveries: Promise<Delivery>[] } {
    let record: ChargeRecord
    if (input.chargeId !== undefined) {
      record = this.chargeRecord(input.chargeId, 'charge')
      if (input.paymentIntentId !== undefined && record.charge.payment_intent !== input.paymentIntentId) {
        throw invalidRequest(`Charge ${input.chargeId} does not belong to PaymentIntent ${input.paymentIntentId}.`, {
          param: 'payment_intent',
          stored: true,
        })
      }
    } else {
      const intentId = input.paymentIntentId ?? ''
      const intent = this.intent(intentId, 'payment_intent')
      if (intent.status !== 'succeeded' || typeof intent.latest_charge !== 'string') {
        throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
          param: 'payment_intent',
          stored: true,
        })
      }
      record = this.chargeRecord(intent.latest_charge)
    }
    const charge = record.charge
    const left = charge.amount - charge.amount_refunded
    if (left <= 0) {
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
        code: 'charge_already_refunded',
        stored: true,
      })
    }
    const amount = input.amount ?? left
    if (amount > left) {
      throw invalidRequest(
        `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(left, charge.currency)})`,
        { param: 'amount', code: 'amount_too_large', stored: true },
      )
    }
    const refund: Refund = {
      id: newId.refund(),
      object: 'refund',
      amount,
      balance_transaction: newId.balanceTransaction(),
      charge: charge.id,
      created: this.deps.now(),
      currency: charge.currency,
      metadata: clone(input.metadata ?? {}),
      payment_intent: charge.payment_intent,
      reason: input.reason ?? null,
      receipt_number: null,
      status: 'succeeded',
    }
    this.refunds.set(refund.id, refund)
    record.refundIds.unshift(refund.id)
    charge.amount_refunded += amount
    charge.refunded = charge.amount_refunded === charge.amount
    const deliveries = [
      ...this.emit('charge.refunded', charge, input.request),
      ...this.emit('refund.created', refund, input.request),
    ]
    return { refund: clone(refund), charge: clone(charge), deliveries }
  }

  renderRefund(id: string): Refund {
    const refund = this.refunds.get(id)
    if (!refund) throw noSuch('refund', id)
    return clone(refund)
  }

  /** Refunds, newest first, of one charge or payment intent, or all of them. */
  refundList(filter: { charge?: string; paymentIntent?: string }, page: Page = {}): ApiList<Refund> {
    const all = [...this.refunds.values()].reverse()
    const chosen = all.filter(
      (refund) =>
        (filter.charge === undefined || refund.charge === filter.charge) &&
        (filter.paymentIntent === undefined || refund.payment_intent === filter.paymentIntent),
    )
    return listOf('/v1/refunds', clone(chosen), page)
  }
}
