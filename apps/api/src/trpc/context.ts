import type { SessionAdmin } from '@shop/db/sessions'
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify'
import type { AppDeps } from '../deps'
// Declares request.admin (set by the auth hook).
import type {} from '../lib/request-admin'

export interface Context extends AppDeps {
  request: CreateFastifyContextOptions['req']
  reply: CreateFastifyContextOptions['res']
  /** Set by the auth hook when the request carries a valid admin session. */
  admin: SessionAdmin | undefined
}

export function createContextFactory(deps: AppDeps) {
  return ({ req, res }: CreateFastifyContextOptions): Context => ({
    ...deps,
    request: req,
    reply: res,
    admin: req.admin,
  })
}
