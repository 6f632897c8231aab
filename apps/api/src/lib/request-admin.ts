import type { SessionAdmin } from '@shop/db/sessions'
import { OWNER_ONLY_MESSAGE } from '@shop/schema/accounts'
import type { RouteDef } from '@shop/schema/routes'
import type { FastifyRequest } from 'fastify'
import { AppError } from './app-error'

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin of a valid session; resolved by the auth hook for admin requests only. */
    admin: SessionAdmin | undefined
  }
}

export const AUTHENTICATION_REQUIRED_MESSAGE = 'Authentication required'

/**
 * The second line of a plain admin route, called first in its handler: the auth hook has refused a request without
 * a session before any handler runs, but a handler that reads files, renders a PDF or decodes images must not rely
 * on that alone. Refuses with 401 when no admin is attached, and with 403 when the route is the owner's.
 */
export function requireAdmin(request: FastifyRequest, route: RouteDef): SessionAdmin {
  const admin = request.admin
  if (!admin) throw new AppError('UNAUTHORIZED', AUTHENTICATION_REQUIRED_MESSAGE)
  if (route.owner && admin.role !== 'owner') throw new AppError('FORBIDDEN', OWNER_ONLY_MESSAGE)
  return admin
}
