import type { Db, Executor } from '@shop/db/client'
import { isRetryableTransactionError } from '@shop/db/errors'
import type { MoneyRules, StoredDiscount } from '@shop/db/money'
import * as moneyRepo from '@shop/db/money'
import * as orderBatchRepo from '@shop/db/order-batch'
import type * as ordersRepo from '@shop/db/orders'
import type * as productsRepo from '@shop/db/products'
import { centsToMoney, moneyToCents } from '@shop/schema/common'
import { MAX_ORDER_TOTAL_CENTS, type Order, type PlacedOrder, type ZCreateOrderInput } from '@shop/schema/orders'
import { isPersonalizationGiven, personalizationError } from '@shop/schema/text'
import type { z } from 'zod'
import { AppError } from '../../lib/app-error'
import { formatCents } from '../../lib/money'
import { EMPTY_RULES, type KeptRules } from '../../lib/money-cache'
import { type Priced, priceCart } from '../money/pricing'
import { placedOrderRecords } from '../outbox/outbox-mails'
import { chooseMethod, PAYMENT_STEPS } from '../payments/payment-step'
import { stockMessage } from './order-rules'

/**
 * Group commit of guest orders (docs/decisions/0003-order-group-commit.md): orders that arrive together are
 * decided and written in one transaction with a handful of statements (number the batch, read its products, take
 * the stock per product, insert the orders, insert their lines), whatever its size. That, not one commit and seven
 * statements per order, is what lets a single SQLite file take thousands of orders a second. Every order is still
 * checked and priced on its own, in arrival order, and a refused one changes nothing.
 *
 * No oversell: the stock update is conditional (stock >= what the batch takes). The counter row is locked first,
 * so batches of other processes wait for this one; if anything else took stock after the read (an admin
 * reopening a cancelled order), the update finds too little and the whole batch runs again on fresh figures.
 */

export type CreateOrderValues = z.output<typeof ZCreateOrderInput>

// Orders that arrive while a batch is being written wait for the next one; 64 keeps a batch's latency small.
const MAX_BATCH = 64
// A batch the database aborted (deadlock, serialization failure) or whose stock another writer changed after it
// was read runs again, up to this many times.
const MAX_ATTEMPTS = 4

// "An order total can be at most $21,474,836.47"
const TOTAL_TOO_LARGE = `An order total can be at most ${formatCents(MAX_ORDER_TOTAL_CENTS)}`

type OrderLineInput = CreateOrderValues['items'][number]

/**
 * The refusal (400) of an order that names a code the shop does not have: the one answer that tells a guesser
 * something, so the caller counts it against the client (features/money/discount-code-limit.ts).
 */
export class UnknownCodeError extends AppError {
  constructor(message: string) {
    super('BAD_REQUEST', message)
  }
}

/** A line of one product, variant and personalisation; the same three on two lines are one line. */
interface MergedLine {
  productId: number
  variantId: number | undefined
  quantity: number
  personalization: ReadonlyArray<{ fieldId: number; value: string }>
}

/**
 * Adds up lines of the same product, variant and personalisation (two different engravings stay two lines); the
 * order's lines are listed by product and variant id, in arrival order within them.
 */
function mergeLines(items: readonly OrderLineInput[]): MergedLine[] {
  const lines = new Map<string, MergedLine>()
  for (const item of items) {
    const personalization = [...(item.personalization ?? [])].sort((a, b) => a.fieldId - b.fieldId)
    const key = JSON.stringify([item.productId, item.variantId ?? null, personalization])
    const line = lines.get(key)
    if (line) line.quantity += item.quantity
    else
      lines.set(key, { productId: item.productId, variantId: item.variantId, quantity: item.quantity, personalization })
  }
  return [...lines.values()].sort((a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0))
}

/** "Please choose a Ring size", "Please choose a Metal and a Chain length". */
function chooseMessage(product: productsRepo.OrderableProduct): string {
  return `Please choose a ${product.options.map((option) => option.name).join(' and a ')}`
}

/** The variant a line buys, or why it cannot be bought (400). */
function variantOf(
  product: productsRepo.OrderableProduct,
  variantId: number | undefined,
): productsRepo.OrderableVariant | AppError {
  if (variantId === undefined) {
    // A product sold in one form is its one variant; with options, the buyer must say which.
    const [only] = product.variants
    if (product.options.length > 0 || !only) return new AppError('BAD_REQUEST', chooseMessage(product))
    return only.active ? only : new AppError('BAD_REQUEST', `Product ${product.id} is not available`)
  }
  const variant = product.variants.find((candidate) => candidate.id === variantId)
  if (!variant?.active) {
    return new AppError('BAD_REQUEST', `Variant ${variantId} of '${product.name}' is not available`)
  }
  return variant
}

/** The personalisation to store on the line, exactly as typed, or why it is refused (400). */
function personalizationOf(
  product: productsRepo.OrderableProduct,
  given: MergedLine['personalization'],
): ordersRepo.StoredPersonalization[] | AppError {
  const values = new Map<number, string>()
  for (const entry of given) {
    if (!product.fields.some((field) => field.id === entry.fieldId)) {
      return new AppError('BAD_REQUEST', `'${product.name}' has no personalisation field ${entry.fieldId}`)
    }
    if (values.has(entry.fieldId)) {
      return new AppError('BAD_REQUEST', `Personalisation field ${entry.fieldId} is given twice`)
    }
    values.set(entry.fieldId, entry.value)
  }
  const stored: ordersRepo.StoredPersonalization[] = []
  for (const field of product.fields) {
    const value = values.get(field.id)
    const error = personalizationError(field, value)
    if (error) return new AppError('BAD_REQUEST', error)
    if (isPersonalizationGiven(value)) {
      stored.push({
        label: field.label,
        value,
        surchargeCents: field.surcharge === null ? null : moneyToCents(field.surcharge),
      })
    }
  }
  return stored
}

/** The money side of a batch: each order's settings, the codes its orders name and their uses, the moment. */
export interface BatchMoney {
  /** Per order, in arrival order: the settings it is priced with (cached by the API; see money-cache.ts). */
  rules: ReadonlyArray<MoneyRules | undefined>
  /** The codes the batch's orders name, by upper-case code. */
  discounts: ReadonlyMap<string, StoredDiscount>
  /** Once-per-e-mail uses already recorded (moneyRepo.emailUseKey). */
  emailUses: ReadonlySet<string>
  now: string
  /** A quote: a code that does not apply is an answer, and the client's total is not compared. */
  isQuote?: boolean
}

const NO_MONEY: BatchMoney = { rules: [], discounts: new Map(), emailUses: new Set(), now: '' }

/** "$1,234.50" in the order's currency. */
const TOTAL_CHANGED = (now: string, was: string) =>
  `The order total is now ${now}, not ${was}: a price, the shipping, the tax or the discount changed. Please review your order and place it again.`

/** The client's figure in cents, or NaN when it is not an amount. */
function clientCents(total: string | number): number {
  const text = String(total).trim()
  return /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN
}

export interface BatchDecision {
  /** Per order, in arrival order: the numbered order to write (and its pricing), or the error it is refused with. */
  outcomes: Array<{ order: ordersRepo.NewOrder; priced: Priced } | { error: AppError }>
  /** Uses of each code (by id) the accepted orders take together. */
  discountUses: Map<number, number>
  /** The once-per-e-mail uses the accepted orders record. */
  emailUses: Array<{ codeId: number; email: string }>
  /** Units the accepted orders take together, per variant id (made-to-order variants take none). */
  taken: Map<number, number>
  /** How many of the batch's order numbers the refused orders leave over: the last ones, to give back. */
  unusedNumbers: number
}

/**
 * Decides every order of a batch in arrival order against the stock read at the start of the batch: each one is
 * priced from the database (the variant's price plus the surcharges of the personalisation given) and checked
 * against what the orders before it left. The accepted orders take the batch's order numbers in arrival order,
 * so the numbers left over are the last ones.
 */
export function decide(
  inputs: readonly CreateOrderValues[],
  products: ReadonlyMap<number, productsRepo.OrderableProduct>,
  orderNumbers: readonly string[],
  money: BatchMoney = NO_MONEY,
): BatchDecision {
  const remaining = new Map<number, number>()
  for (const product of products.values()) {
    for (const variant of product.variants) remaining.set(variant.id, variant.stock)
  }
  const taken = new Map<number, number>()
  const discountUses = new Map<number, number>()
  const emailUses: BatchDecision['emailUses'] = []
  const emailsTaken = new Set<string>()
  let numbered = 0
  const outcomes = inputs.map((input, index): BatchDecision['outcomes'][number] => {
    const items: ordersRepo.NewOrder['items'] = []
    // What this order takes so far, per variant: two lines of one ring with different engravings share its stock.
    const taking = new Map<number, number>()
    for (const line of mergeLines(input.items)) {
      const product = products.get(line.productId)
      if (!product?.isAvailable) {
        return { error: new AppError('BAD_REQUEST', `Product ${line.productId} is not available`) }
      }
      const variant = variantOf(product, line.variantId)
      if (variant instanceof AppError) return { error: variant }
      const personalization = personalizationOf(product, line.personalization)
      if (personalization instanceof AppError) return { error: personalization }
      const name = variant.label ? `${product.name} (${variant.label})` : product.name
      if (variant.leadTime === null) {
        const available = (remaining.get(variant.id) ?? 0) - (taking.get(variant.id) ?? 0)
        if (line.quantity > available) return { error: new AppError('CONFLICT', stockMessage(name, available)) }
        taking.set(variant.id, (taking.get(variant.id) ?? 0) + line.quantity)
      }
      items.push({
        productId: product.id,
        variantId: variant.id,
        name: product.name,
        sku: variant.sku,
        priceCents: variant.priceCents + personalization.reduce((sum, entry) => sum + (entry.surchargeCents ?? 0), 0),
        quantity: line.quantity,
        imageUrl: variant.imageUrl ?? product.imageUrl,
        variantLabel: variant.label || null,
        personalization,
        leadTime: variant.leadTime,
      })
    }
    const rules = money.rules[index] ?? EMPTY_RULES
    const code = input.discountCode
    const discount = code ? money.discounts.get(code) : undefined
    const emailKey = discount ? moneyRepo.emailUseKey(discount.id, input.customerEmail) : undefined
    const priced = priceCart(rules, {
      lines: items.map((item) => ({ unitCents: item.priceCents, quantity: item.quantity })),
      country: input.country,
      region: input.region,
      shippingMethodId: input.shippingMethodId,
      code,
      discount: {
        discount,
        usesTakenBefore: discount ? (discountUses.get(discount.id) ?? 0) : 0,
        usedByEmail:
          emailKey !== undefined &&
          discount?.oncePerEmail === true &&
          (money.emailUses.has(emailKey) || emailsTaken.has(emailKey)),
      },
      now: money.now || new Date().toISOString(),
    })
    if (priced instanceof AppError) return { error: priced }
    if (priced.subtotalCents > MAX_ORDER_TOTAL_CENTS || priced.totalCents > MAX_ORDER_TOTAL_CENTS) {
      return { error: new AppError('BAD_REQUEST', TOTAL_TOO_LARGE) }
    }
    // The payment step (features/payments): the method chosen, or the shop's first; one it does not offer is a 400.
    const paymentMethod = chooseMethod(rules.paymentMethods, input.paymentMethod)
    if (paymentMethod instanceof AppError) return { error: paymentMethod }
    if (!money.isQuote) {
      if (code && !priced.discountApplied) {
        const message = priced.discountMessage ?? code
        return { error: discount ? new AppError('CONFLICT', message) : new UnknownCodeError(message) }
      }
      if (input.expectedTotal !== undefined && clientCents(input.expectedTotal) !== priced.totalCents) {
        const currency = rules.settings.currency
        const was = clientCents(input.expectedTotal)
        return {
          error: new AppError(
            'CONFLICT',
            TOTAL_CHANGED(
              formatCents(priced.totalCents, currency),
              Number.isNaN(was) ? `"${String(input.expectedTotal).slice(0, 32)}"` : formatCents(was, currency),
            ),
            { 'x-order-total': centsToMoney(priced.totalCents) },
          ),
        }
      }
    }
    const orderNumber = orderNumbers[numbered]
    if (orderNumber === undefined) throw new Error(`a batch of ${inputs.length} orders has too few order numbers`)
    numbered += 1
    // Accepted: the orders after this one see what it leaves.
    for (const [variantId, quantity] of taking) {
      remaining.set(variantId, (remaining.get(variantId) ?? 0) - quantity)
      taken.set(variantId, (taken.get(variantId) ?? 0) + quantity)
    }
    if (priced.discountId !== null && discount) {
      discountUses.set(discount.id, (discountUses.get(discount.id) ?? 0) + 1)
      if (discount.oncePerEmail && emailKey) {
        emailsTaken.add(emailKey)
        emailUses.push({ codeId: discount.id, email: input.customerEmail.toLowerCase() })
      }
    }
    const order: ordersRepo.NewOrder = {
      orderNumber,
      customerName: input.customerName,
      customerEmail: input.customerEmail,
      customerAddress: input.customerAddress,
      notes: input.notes,
      status: 'pending',
      totalCents: priced.totalCents,
      money: {
        subtotalCents: priced.subtotalCents,
        discountCents: priced.discountCents,
        shippingCents: priced.shippingCents,
        taxCents: priced.taxCents,
        taxIncluded: priced.taxIncluded,
        discountCode: priced.discountCode,
        shippingMethod: priced.method?.name ?? null,
        country: priced.country,
        region: priced.region,
      },
      items,
      payment: paymentMethod
        ? {
            method: paymentMethod.kind,
            ...PAYMENT_STEPS[paymentMethod.kind].begin(paymentMethod, { orderNumber, totalCents: priced.totalCents }),
          }
        : null,
    }
    return { order, priced }
  })
  return { outcomes, taken, discountUses, emailUses, unusedNumbers: orderNumbers.length - numbered }
}

/**
 * The money rules an order is priced by: those kept in memory, with the count of published changes read before
 * them, and how to read them afresh. The batch compares that count with the one its read sees; where it moved,
 * another process changed the rules and its notice may not have been heard yet, so they are read again in the
 * batch's transaction.
 */
export interface OrderRules {
  kept: KeptRules
  read: (db: Executor) => Promise<MoneyRules>
}

interface OrderJob {
  input: CreateOrderValues
  rules: OrderRules | undefined
  resolve: (order: PlacedOrder) => void
  reject: (error: unknown) => void
}

/**
 * Another transaction took stock, or a code's use, between the batch's read and its update: the batch runs again
 * on fresh figures.
 */
class StockChangedError extends Error {}

/** The queue of one database's orders: one writer per database, so all its orders share batches. */
class OrderWriter {
  readonly #db: Db
  readonly #queue: OrderJob[] = []
  #isScheduled = false

  constructor(db: Db) {
    this.#db = db
  }

  submit(input: CreateOrderValues, rules: OrderRules | undefined): Promise<PlacedOrder> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ input, rules, resolve, reject })
      if (this.#isScheduled) return
      this.#isScheduled = true
      // setImmediate runs after the event loop's I/O phase: every order whose request arrived in this turn is
      // queued by then and joins the same batch. Starting at once would write each order in its own commit.
      setImmediate(() => void this.#drain())
    })
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) await this.#writeBatch(this.#queue.splice(0, MAX_BATCH))
    } finally {
      this.#isScheduled = false
    }
  }

  async #writeBatch(jobs: OrderJob[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const outcomes = await this.#db.transaction().execute((trx) => this.#tryBatch(trx, jobs))
        jobs.forEach((job, i) => {
          const outcome = outcomes[i]
          if (outcome && 'order' in outcome) job.resolve(outcome.order)
          else job.reject(outcome?.error)
        })
        return
      } catch (error) {
        const isRetryable = error instanceof StockChangedError || isRetryableTransactionError(error)
        if (attempt < MAX_ATTEMPTS && isRetryable) continue
        if (!isRetryable && jobs.length > 1) {
          // A failure the decisions did not foresee (the database refusing one order's values): each order is
          // written on its own, so only the one it belongs to fails.
          for (const job of jobs) await this.#writeBatch([job])
          return
        }
        const failure =
          error instanceof StockChangedError
            ? new AppError(
                'CONFLICT',
                'The stock or a discount code changed while your order was being placed. Please try again.',
              )
            : error
        for (const job of jobs) job.reject(failure)
        return
      }
    }
  }

  /** One transaction for the batch; throws (all rolled back) when the database aborts it or the stock moved. */
  async #tryBatch(trx: Executor, jobs: OrderJob[]): Promise<Array<{ order: PlacedOrder } | { error: unknown }>> {
    // The numbers first: the counter row is the one lock every batch takes before any product's.
    const productIds = new Set(jobs.flatMap((job) => job.input.items.map((item) => item.productId)))
    const read = await orderBatchRepo.readBatch(trx, {
      count: jobs.length,
      productIds: [...productIds],
      codeUses: jobs.flatMap((job) =>
        job.input.discountCode ? [{ code: job.input.discountCode, email: job.input.customerEmail }] : [],
      ),
    })
    const { products, orderNumbers } = read
    const decision = decide(
      jobs.map((job) => job.input),
      products,
      orderNumbers,
      {
        rules: await rulesAsOf(trx, jobs, read.publishedChanges),
        discounts: read.discounts,
        emailUses: read.emailUses,
        now: new Date().toISOString(),
      },
    )
    const { outcomes, taken } = decision
    // The products' stock is the sum of their variants'.
    const productOfVariant = new Map(
      [...products.values()].flatMap((product) => product.variants.map((variant) => [variant.id, product.id])),
    )
    const newOrders = outcomes.flatMap((outcome) => ('order' in outcome ? [outcome.order] : []))
    // Each order's guest page key and mails, written with it in this transaction.
    const { keys, records } = placedOrderRecords(newOrders, read.settings)
    // The stock of every variant and the codes' uses are taken with the writes, each update conditional: too little
    // of any (another writer took it since the read) runs the batch again, which then refuses the order that came
    // too late.
    const created = await orderBatchRepo.placeBatch(
      trx,
      {
        stock: taken,
        uses: decision.discountUses,
        emailUses: decision.emailUses,
        unusedNumbers: decision.unusedNumbers,
      },
      {
        orders: newOrders,
        records,
        productIds: [...new Set([...taken.keys()].flatMap((variantId) => productOfVariant.get(variantId) ?? []))],
      },
    )
    if (!created) throw new StockChangedError()
    // placeBatch gives one created order per new order, in the same order.
    let next = 0
    return outcomes.map((outcome) => {
      if ('error' in outcome) return outcome
      const i = next++
      return { order: { ...(created[i] as Order), accessKey: keys[i] as string, payUrl: null } }
    })
  }
}

/** Each job's money rules, read again in the transaction where they were kept before the last published change. */
async function rulesAsOf(
  trx: Executor,
  jobs: readonly OrderJob[],
  publishedChanges: number | undefined,
): Promise<Array<MoneyRules | undefined>> {
  const isStale = (rules: OrderRules | undefined) =>
    rules !== undefined && publishedChanges !== undefined && rules.kept.publishedChanges !== publishedChanges
  const stale = jobs.find((job) => isStale(job.rules))?.rules
  const fresh = stale ? await stale.read(trx) : undefined
  return jobs.map((job) => (isStale(job.rules) ? fresh : job.rules?.kept.rules))
}

const writers = new WeakMap<Db, OrderWriter>()
let lastSubmittedAt = 0

/** When this process last took an order (ms since the epoch): mail delivery makes way for a stream of orders. */
export function lastOrderSubmittedAt(): number {
  return lastSubmittedAt
}

/** Queues the order for the next batch of its database; resolves once its batch is committed. */
export function submitOrder(db: Db, input: CreateOrderValues, rules?: OrderRules): Promise<PlacedOrder> {
  lastSubmittedAt = Date.now()
  let writer = writers.get(db)
  if (!writer) {
    writer = new OrderWriter(db)
    writers.set(db, writer)
  }
  return writer.submit(input, rules)
}
