import * as testimonialsRepo from '@shop/db/testimonials'
import type { AuditEntity } from '@shop/schema/accounts'
import { type ProcedurePath, routes } from '@shop/schema/routes'
import { type AuditPlan, actorOf, audit, changedFields, type ProcedureAudit } from '../../lib/audit'
import type { Context } from '../../trpc/context'
import { getCategory } from '../categories/categories.service'
import * as money from '../money/money.service'
import { getOrder } from '../orders/order-records'
import { getPaymentSettings } from '../payments/payments.service'
import { getProduct } from '../products/products.service'
import { getShopSettings } from '../settings/settings.service'

/**
 * The audit entry of every back-office write made through a tRPC procedure, derived from the route table: the
 * entity from the path (/admin/products/... is a product), the action from the method (or the last path segment
 * for an action such as /orders/{id}/notes), the before and after of the changed fields from the record read
 * before the write and the answer after it. A new /admin write route is audited without a line here; an entity
 * with no reader below is still recorded, with its input as the summary.
 *
 * The read before, the write and the entry run in one transaction (trpc/init.ts): they commit together or not at
 * all. Routes whose service writes its own entries in the change's transaction (admins, the account policy) are
 * left to it; so are the /auth routes (sign-ins, the account), and reads.
 */
const SELF_AUDITED = new Set(['admins', 'account-policy', 'audit-log'])

const ENTITIES: Record<string, AuditEntity> = {
  products: 'product',
  categories: 'category',
  orders: 'order',
  testimonials: 'testimonial',
  settings: 'settings',
  'shipping-zones': 'shipping-zone',
  'tax-rates': 'tax-rate',
  discounts: 'discount',
}

/** Parts of a section that are records of their own: /admin/settings/money is the money settings, not an action. */
const SUB_RECORDS: Record<string, Reader> = {
  'settings/money': (ctx) => money.getMoneySettings(ctx.db),
  'settings/payments': (ctx) => getPaymentSettings(ctx),
}

type Reader = (ctx: Context, id: number | undefined) => Promise<Record<string, unknown> | undefined>

const READERS: Partial<Record<AuditEntity, Reader>> = {
  product: (ctx, id) => (id === undefined ? Promise.resolve(undefined) : getProduct(ctx.db, id)),
  category: (ctx, id) => (id === undefined ? Promise.resolve(undefined) : getCategory(ctx.db, id)),
  order: (ctx, id) => (id === undefined ? Promise.resolve(undefined) : getOrder(ctx.db, id)),
  testimonial: (ctx, id) => (id === undefined ? Promise.resolve(undefined) : testimonialsRepo.findById(ctx.db, id)),
  settings: (ctx) => getShopSettings(ctx.db, ctx.config),
  // A shop has a few zones and tax rates, and discount codes by the hundred at most: the list is the reader.
  'shipping-zone': async (ctx, id) => (await money.listZones(ctx.db)).find((zone) => zone.id === id),
  'tax-rate': async (ctx, id) => (await money.listTaxRates(ctx.db)).find((rate) => rate.id === id),
  discount: async (ctx, id) => (await money.listDiscounts(ctx.db)).find((discount) => discount.id === id),
}

/** Fields that change on every write and say nothing. */
const IGNORED = new Set(['updatedAt', 'createdAt'])
const MAX_TEXT = 200

/** A value as the log keeps it: long text cut, lists and objects as short JSON. */
function brief(value: unknown): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value
  if (value !== null && typeof value === 'object') return brief(JSON.stringify(value))
  return value
}

function briefChanges(changes: Record<string, [unknown, unknown]>): Record<string, [unknown, unknown]> {
  const result: Record<string, [unknown, unknown]> = {}
  for (const [field, [before, after]] of Object.entries(changes)) {
    if (!IGNORED.has(field)) result[field] = [brief(before), brief(after)]
  }
  return result
}

/** A record's name for the log: what a person recognises it by. */
function labelOf(record: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!record) return {}
  for (const key of ['name', 'orderNumber', 'title', 'sku', 'code']) {
    if (typeof record[key] === 'string') return { [key]: record[key] }
  }
  return {}
}

/** The id of a call's input (a path parameter arrives as text) or of its answer. */
function idOf(value: unknown): number | undefined {
  if (value === null || typeof value !== 'object') return undefined
  const id = (value as { id?: unknown }).id
  if (typeof id === 'number' && Number.isSafeInteger(id)) return id
  if (typeof id === 'string' && /^[1-9][0-9]{0,9}$/.test(id)) return Number(id)
  return undefined
}

/** Audited actions that change nothing in the database: their entry is written after them, outside a transaction. */
// A card refund waits on Stripe's answer, which must not hold a transaction (on SQLite, the one write lock every
// order needs) open: it records the refund in a transaction of its own once Stripe has answered.
const NOT_DATABASE_WRITES = new Set<string>([
  'admin.settings.testMail',
  'admin.orders.refund',
] satisfies ProcedurePath[])

/** The route's path segments and entity when the procedure is a write audited here. */
function auditedRoute(path: string) {
  const route = routes[path as ProcedurePath]
  if (!route || route.method === 'GET' || !route.path.startsWith('/admin/')) return undefined
  const segments = route.path.split('/').filter(Boolean)
  const section = segments[1] ?? ''
  if (SELF_AUDITED.has(section)) return undefined
  const entity = ENTITIES[section]
  return entity ? { route, segments, entity } : undefined
}

/** Whether the procedure is a back-office write whose entry this middleware writes. */
function isAudited(path: string): boolean {
  return auditedRoute(path) !== undefined
}

/**
 * Whether the procedure writes to the database: it then runs in one transaction with its entry (trpc/init.ts).
 * Its service's own transactions join that one (inTransaction and joinable, @shop/db/client).
 */
function isDatabaseWrite(path: string): boolean {
  return !NOT_DATABASE_WRITES.has(path)
}

/**
 * Before a write, with the executor of its transaction: what it is, and the record as it was. Undefined for a
 * route that is not audited here.
 */
async function planAudit(ctx: Context, path: string, input: unknown): Promise<AuditPlan | undefined> {
  const audited = auditedRoute(path)
  if (!audited) return undefined
  const { route, segments, entity } = audited
  const last = segments[segments.length - 1] ?? ''
  const subRecord = SUB_RECORDS[segments.slice(1).join('/')]
  const isAction = segments.length > 2 && !last.startsWith('{') && !subRecord
  const action = isAction
    ? last.replace(/-/g, ' ')
    : { POST: 'created', PUT: 'updated', PATCH: 'updated', DELETE: 'deleted' }[route.method]
  const id = idOf(input)
  const reader = subRecord ?? READERS[entity]
  const before = route.method === 'POST' && !isAction ? undefined : await reader?.(ctx, id).catch(() => undefined)
  return { entity, action, before }
}

/** After a successful write, in its transaction: its entry (one INSERT). */
async function recordAudit(
  ctx: Context & { admin: { id: number; username: string } },
  plan: AuditPlan,
  input: unknown,
  output: unknown,
) {
  const inputRecord = (input ?? {}) as Record<string, unknown>
  const outputRecord = (output ?? {}) as Record<string, unknown>
  const before = plan.before
  let changes: Record<string, unknown>
  if (plan.action === 'created') {
    changes = briefChanges(
      Object.fromEntries(Object.entries(inputRecord).map(([field, value]) => [field, [null, value]])),
    )
  } else if (plan.action === 'deleted') {
    changes = { ...labelOf(plan.before) }
  } else if (before && (plan.action === 'updated' || plan.action === 'status')) {
    // The answer is the record after the write, in the same shape as the one read before it.
    const after = Object.fromEntries(
      Object.keys(outputRecord)
        .filter((key) => key in before)
        .map((key) => [key, outputRecord[key]]),
    )
    changes = { ...labelOf(before), ...briefChanges(changedFields(before, after)) }
  } else {
    const { id: _, ...rest } = inputRecord
    changes = { ...labelOf(plan.before), ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, brief(v)])) }
  }
  await audit(ctx.db, actorOf(ctx.admin, ctx.request.ip), {
    action: plan.action,
    entity: plan.entity,
    entityId: idOf(inputRecord) ?? idOf(outputRecord) ?? null,
    changes,
  })
}

/** The audit of back-office writes that the procedures' context carries (trpc/init.ts). */
export const procedureAudit: ProcedureAudit<Context> = {
  isAudited,
  isDatabaseWrite,
  plan: planAudit,
  record: recordAudit,
}
