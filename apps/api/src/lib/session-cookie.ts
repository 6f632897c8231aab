// The cookie plugin's types add request.cookies and reply.setCookie, also for code that type-checks the router
// from another package (the web app).
import type {} from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'

export const SESSION_COOKIE = 'shop_session'

/** The session token from the cookie or from `Authorization: Bearer <token>` (the spec's adminToken). */
export function readSessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (header?.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim()
    if (token && token !== 'null' && token !== 'undefined') return token
  }
  return request.cookies[SESSION_COOKIE] || undefined
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    // request.protocol honours X-Forwarded-Proto when TRUST_PROXY is on.
    secure: request.protocol === 'https',
    expires: expiresAt,
  })
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  })
}
