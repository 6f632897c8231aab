import type { SessionAdmin } from '@shop/db/sessions'
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify'
import type { AppDeps } from '../deps'
import type { ProcedureAudit } from '../lib/audit'
// Declares request.admin (set by the auth hook).
import type {} from '../lib/request-admin'

export interface Context extends AppDeps {
  request: CreateFastifyContextOptions['req']
  reply: CreateFastifyContextOptions['res']
  /** Set by the auth hook when the request carries a valid admin session. */
  admin: SessionAdmin | undefined
  /** Records each back-office write in the audit log (trpc/init.ts calls it). */
  procedureAudit: ProcedureAudit<Context>
  /**
   * Tells every process's catalog caches that the catalog changed where the route's answer does not say so (a
   * refused card order gave its stock back; a route marked writesCatalog is otherwise published on success).
   */
  publishCatalogChange: () => Promise<void>
}

export function createContextFactory(
  deps: AppDeps,
  procedureAudit: ProcedureAudit<Context>,
  publishCatalogChange: () => Promise<void>,
) {
  return ({ req, res }: CreateFastifyContextOptions): Context => ({
    ...deps,
    request: req,
    reply: res,
    admin: req.admin,
    procedureAudit,
    publishCatalogChange,
  })
}
