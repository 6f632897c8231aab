import { ZLoginAnswer, ZTwoFactorLoginInput } from '@shop/schema/accounts'
import {
  ZAdmin,
  ZForgotPasswordInput,
  ZForgotPasswordResult,
  ZLoginInput,
  ZLoginResult,
  ZMessage,
  ZResetPasswordInput,
} from '@shop/schema/auth'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../lib/session-cookie'
import { adminProcedure, publicProcedure, route, router } from '../../trpc/init'
import * as auth from './auth.service'

function clientOf(request: FastifyRequest): auth.ClientInfo {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') }
}

export const authRouter = router({
  me: adminProcedure
    .meta(route('auth.me'))
    .input(z.void())
    .output(ZAdmin)
    .query(({ ctx: { admin } }) => ({ id: admin.id, username: admin.username, name: admin.name, email: admin.email })),
  login: publicProcedure
    .meta(route('auth.login'))
    .input(ZLoginInput)
    .output(ZLoginAnswer)
    .mutation(async ({ ctx, input }) => {
      const session = await auth.login(ctx, input, clientOf(ctx.request))
      // An admin with two-factor sign-in gets a challenge for the second step, and no session yet.
      if (!('token' in session)) return session
      setSessionCookie(ctx.request, ctx.reply, session.token, session.expiresAt)
      return { message: 'Logged in', token: session.token, admin: session.admin }
    }),
  loginTwoFactor: publicProcedure
    .meta(route('auth.loginTwoFactor'))
    .input(ZTwoFactorLoginInput)
    .output(ZLoginResult)
    .mutation(async ({ ctx, input }) => {
      const session = await auth.loginTwoFactor(ctx, input, clientOf(ctx.request))
      setSessionCookie(ctx.request, ctx.reply, session.token, session.expiresAt)
      return { message: 'Logged in', token: session.token, admin: session.admin }
    }),
  logout: publicProcedure
    .meta(route('auth.logout'))
    .input(z.void())
    .output(ZMessage)
    .mutation(async ({ ctx }) => {
      await auth.logout(ctx.db, readSessionToken(ctx.request))
      clearSessionCookie(ctx.request, ctx.reply)
      return { message: 'Logged out' }
    }),
  forgotPassword: publicProcedure
    .meta(route('auth.forgotPassword'))
    .input(ZForgotPasswordInput)
    .output(ZForgotPasswordResult)
    .mutation(({ ctx, input }) => auth.forgotPassword(ctx, input.email, ctx.request.ip)),
  resetPassword: publicProcedure
    .meta(route('auth.resetPassword'))
    .input(ZResetPasswordInput)
    .output(ZMessage)
    .mutation(async ({ ctx, input }) => {
      await auth.resetPassword(ctx.db, input, ctx.request.ip)
      return { message: 'Your password has been reset. You can now log in with your new password.' }
    }),
})
