/**
 * tRPC setup. Every procedure is served as REST by trpc-to-openapi; its method and path come from the route
 * table in @shop/schema/routes, so server and web client cannot disagree about them.
 */

import { joinable } from '@shop/db/client'
import { OWNER_ONLY_MESSAGE } from '@shop/schema/accounts'
import { fillPath, type ProcedurePath, type RouteDef, routes } from '@shop/schema/routes'
import { initTRPC, TRPCError } from '@trpc/server'
import type { OpenApiMeta } from 'trpc-to-openapi'
import { APP_ERROR_CODES, AppError } from '../lib/app-error'
import { type Page, sendPageHeaders } from '../lib/paging'
import { AUTHENTICATION_REQUIRED_MESSAGE } from '../lib/request-admin'
import type { Context } from './context'

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    // Never expose stacks; the error plugin also reduces every error body to { message, code, issues }.
    isDev: false,
    errorFormatter: ({ shape, error }) => ({
      ...shape,
      message: error.code === 'INTERNAL_SERVER_ERROR' ? 'Internal server error' : shape.message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus },
    }),
  })

/** Turns a service's AppError into the TRPCError whose code decides the REST status. */
const errorConversion = t.middleware(async ({ next }) => {
  const result = await next()
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause
    throw new TRPCError({ code: APP_ERROR_CODES[cause.code].trpc, message: cause.message, cause })
  }
  return result
})

/** A procedure's route-table entry, by its path ('admin.orders.list'); undefined for a path the table lacks. */
export function routeOf(procedurePath: string): RouteDef | undefined {
  return Object.hasOwn(routes, procedurePath) ? routes[procedurePath as ProcedurePath] : undefined
}

export const router = t.router
export const mergeRouters = t.mergeRouters
export const publicProcedure = t.procedure.use(errorConversion)

/** A failed write's answer, carried out of its transaction so that the transaction rolls back. */
class RolledBack<R> {
  constructor(readonly result: R) {}
}

/**
 * The auth hook has already refused requests to /api/admin/* without a session, and staff on owner routes; this
 * guards every procedure again, by its own route-table entry, whatever URL reached it. Every successful
 * back-office write is then recorded in the audit log, by the recorder the context carries.
 */
export const adminProcedure = publicProcedure
  .use(({ ctx, path, next }) => {
    if (!ctx.admin) throw new TRPCError({ code: 'UNAUTHORIZED', message: AUTHENTICATION_REQUIRED_MESSAGE })
    const route = routeOf(path)
    if (route?.owner && ctx.admin.role !== 'owner')
      throw new TRPCError({ code: 'FORBIDDEN', message: OWNER_ONLY_MESSAGE })
    return next({ ctx: { ...ctx, admin: ctx.admin } })
  })
  .use(async ({ ctx, path, type, getRawInput, next }) => {
    const { procedureAudit } = ctx
    if (type !== 'mutation' || !procedureAudit.isAudited(path)) return next()
    const input = await getRawInput().catch(() => undefined)
    if (!procedureAudit.isDatabaseWrite(path)) {
      // Nothing of the database changes (the test mail): the entry follows the action.
      const plan = await procedureAudit.plan(ctx, path, input)
      const result = await next()
      if (plan && result.ok) await procedureAudit.record(ctx, plan, input, result.data)
      return result
    }
    // The record before, the write and its entry are one transaction: a failed write leaves no entry, a failed
    // entry undoes the write. Mail queued by the write is sent once it is committed.
    let mailQueued = false
    const mailSender = {
      ...ctx.mailSender,
      kick: () => {
        mailQueued = true
      },
    }
    try {
      const result = await ctx.db.transaction().execute(async (tx) => {
        // A service that opens a transaction of its own joins this one (joinable), whether it uses inTransaction
        // or not: a write route added on another branch needs no change to be audited with its change. It must
        // query through ctx.db: on SQLite another handle would wait for this transaction's one connection.
        const txCtx = { ...ctx, db: joinable(tx), mailSender }
        const plan = await procedureAudit.plan(txCtx, path, input)
        const result = await next({ ctx: txCtx })
        if (!result.ok) throw new RolledBack(result)
        if (plan) await procedureAudit.record(txCtx, plan, input, result.data)
        return result
      })
      if (mailQueued) ctx.mailSender.kick()
      return result
    } catch (error) {
      if (error instanceof RolledBack) return error.result
      throw error
    }
  })

/** The OpenAPI meta of a procedure, from the route table. */
export function route(path: ProcedurePath): OpenApiMeta {
  // Only what trpc-to-openapi reads: openapi.ts documents the statuses from the route table, and the HTTP policy
  // flags (cache, writesCatalog) are the server's, not the document's.
  const { method, path: openapiPath, tags, summary, protect }: RouteDef = routes[path]
  return { openapi: { method, path: openapiPath, tags: [...tags], summary, protect: protect ?? false } }
}

/**
 * The resolver of a list the route table marks `paged`: the service answers a `Page`, the procedure answers its
 * items, and the count of all and the neighbouring pages go in X-Total-Count and Link (lib/paging.ts). The one place
 * that writes them, so no service touches the reply.
 */
export function paged<TCtx extends Pick<Context, 'reply'>, TInput, TItem>(
  list: (options: { ctx: TCtx; input: TInput }) => Promise<Page<TItem>>,
) {
  return async (options: { ctx: TCtx; input: TInput; path: string }): Promise<TItem[]> => {
    const entry = routeOf(options.path)
    if (entry?.method !== 'GET' || !entry.paged)
      throw new Error(`${options.path} is not marked paged in the route table`)
    const page = await list(options)
    const { path } = fillPath(entry.path, page.pathParams ?? {})
    sendPageHeaders(options.ctx.reply, path, page.query ?? {}, page.page, page.total)
    return page.items
  }
}
