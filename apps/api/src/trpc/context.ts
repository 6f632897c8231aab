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
}

export function createContextFactory(deps: AppDeps, procedureAudit: ProcedureAudit<Context>) {
  return ({ req, res }: CreateFastifyContextOptions): Context => ({
    ...deps,
    request: req,
    reply: res,
    admin: req.admin,
    procedureAudit,
  })
}
