import * as testimonialsRepo from '@shop/db/testimonials'
import type { AuditEntity } from '@shop/schema/accounts'
import { type ProcedurePath, routes } from '@shop/schema/routes'
import type { Context } from '../../trpc/context'
import { getCategory } from '../categories/categories.service'
import { getMoneySettings, listDiscounts, listTaxRates, listZones } from '../money/money.service'
import { getOrder } from '../orders/orders.service'
import { getProduct } from '../products/products.service'
import { getShopSettings } from '../settings/settings.service'
import { actorOf, audit, changedFields } from './audit'

/**
 * The audit entry of every back-office write made through a tRPC procedure, derived from the route table: the
 * entity from the path (/admin/products/... is a product), the action from the method (or the last path segment
 * for an action such as /orders/{id}/notes), the before and after of the changed fields from the record read
 * before the write and the answer after it. A new /admin write route is audited without a line here; an entity
 * with no reader below is still recorded, with its input as the summary.
 *
 * Routes whose service writes its own entries in the change's transaction (admins, the account policy) are left
 * to it; so are the /auth routes (sign-ins, the account), and reads.
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

type Reader = (ctx: Context, id: number | undefined) => Promise<Record<string, unknown> | undefined>

/** The record of this id in a short list (zones, rates, codes: an owner has tens, not thousands). */
const findIn =
  <T extends { id: number }>(list: (db: Context['db']) => Promise<T[]>): Reader =>
  async (ctx, id) =>
    id === undefined ? undefined : (await list(ctx.db)).find((record) => record.id === id)

/**
 * Routes under another section's path that are an entity of their own: the money settings live under /settings
 * but are not the shop's details, so their before and after are the money settings'.
 */
const PATH_ENTITIES: Record<string, { entity: AuditEntity; reader: Reader }> = {
  '/admin/settings/money': { entity: 'settings', reader: (ctx) => getMoneySettings(ctx.db) },
}

const READERS: Partial<Record<AuditEntity, Reader>> = {
  product: (ctx, id) => (id === undefined ? Promise.resolve(undefined) : getProduct(ctx.db, id)),
  category: (ctx, id) => (id === undefined ? Promise.resolve(undefined) : getCategory(ctx.db, id)),
  order: (ctx, id) => (id === undefined ? Promise.resolve(undefined) : getOrder(ctx.db, id)),
  testimonial: (ctx, id) => (id === undefined ? Promise.resolve(undefined) : testimonialsRepo.findById(ctx.db, id)),
  settings: (ctx) => getShopSettings(ctx.db, ctx.config),
  'shipping-zone': findIn(listZones),
  'tax-rate': findIn(listTaxRates),
  discount: findIn(listDiscounts),
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

export interface AuditPlan {
  entity: AuditEntity
  action: string
  before: Record<string, unknown> | undefined
}

/** The id of a call's input (a path parameter arrives as text) or of its answer. */
function idOf(value: unknown): number | undefined {
  if (value === null || typeof value !== 'object') return undefined
  const id = (value as { id?: unknown }).id
  if (typeof id === 'number' && Number.isSafeInteger(id)) return id
  if (typeof id === 'string' && /^[1-9][0-9]{0,9}$/.test(id)) return Number(id)
  return undefined
}

const METHOD_ACTIONS = { POST: 'created', PUT: 'updated', PATCH: 'updated', DELETE: 'deleted' } as const

/** Before a write: what it is, and the record as it was. Undefined for a route that is not audited here. */
export async function planAudit(ctx: Context, path: string, input: unknown): Promise<AuditPlan | undefined> {
  const route = routes[path as ProcedurePath]
  if (!route || route.method === 'GET' || !route.path.startsWith('/admin/')) return undefined
  const own = PATH_ENTITIES[route.path]
  if (own) {
    return {
      entity: own.entity,
      action: METHOD_ACTIONS[route.method],
      before: await own.reader(ctx, idOf(input)).catch(() => undefined),
    }
  }
  const segments = route.path.split('/').filter(Boolean)
  const section = segments[1] ?? ''
  if (SELF_AUDITED.has(section)) return undefined
  const entity = ENTITIES[section]
  if (!entity) return undefined
  const last = segments[segments.length - 1] ?? ''
  const isAction = segments.length > 2 && !last.startsWith('{')
  const action = isAction ? last.replace(/-/g, ' ') : METHOD_ACTIONS[route.method]
  const id = idOf(input)
  const reader = READERS[entity]
  const before = route.method === 'POST' && !isAction ? undefined : await reader?.(ctx, id).catch(() => undefined)
  return { entity, action, before }
}

/** After a successful write: its entry (one INSERT). */
export async function recordAudit(
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
