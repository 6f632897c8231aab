import {
  ZAccount,
  ZChangePasswordInput,
  ZDisableTwoFactorInput,
  ZEnableTwoFactorInput,
  ZLoginAnswer,
  ZRecoveryCodes,
  ZSession,
  ZTwoFactorLoginInput,
  ZTwoFactorSetup,
} from '@shop/schema/accounts'
import {
  ZAdmin,
  ZForgotPasswordInput,
  ZForgotPasswordResult,
  ZLoginInput,
  ZLoginResult,
  ZMessage,
  ZResetPasswordInput,
} from '@shop/schema/auth'
import { ZIdInput } from '@shop/schema/common'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { adminProcedure, publicProcedure, route, router } from '../../trpc/init'
import * as account from '../accounts/account.service'
import * as auth from './auth.service'
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie'

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

  // The signed-in admin's own account.
  account: adminProcedure
    .meta(route('auth.account'))
    .input(z.void())
    .output(ZAccount)
    .query(({ ctx }) => account.getAccount(ctx.db, ctx.admin)),
  changePassword: adminProcedure
    .meta(route('auth.changePassword'))
    .input(ZChangePasswordInput)
    .output(ZMessage)
    .mutation(async ({ ctx, input }) => {
      await account.changePassword(ctx, ctx.admin, account.actorOf(ctx.admin, ctx.request.ip), input)
      return { message: 'Your password has been changed. Your other sessions have been signed out.' }
    }),
  twoFactorSetup: adminProcedure
    .meta(route('auth.twoFactorSetup'))
    .input(z.void())
    .output(ZTwoFactorSetup)
    .mutation(({ ctx }) => account.startTwoFactor(ctx, ctx.admin)),
  twoFactorEnable: adminProcedure
    .meta(route('auth.twoFactorEnable'))
    .input(ZEnableTwoFactorInput)
    .output(ZRecoveryCodes)
    .mutation(({ ctx, input }) =>
      account.enableTwoFactor(ctx, ctx.admin, account.actorOf(ctx.admin, ctx.request.ip), input),
    ),
  twoFactorDisable: adminProcedure
    .meta(route('auth.twoFactorDisable'))
    .input(ZDisableTwoFactorInput)
    .output(ZMessage)
    .mutation(async ({ ctx, input }) => {
      await account.disableTwoFactor(ctx, ctx.admin, account.actorOf(ctx.admin, ctx.request.ip), input)
      return { message: 'Two-factor sign-in is off' }
    }),
  sessions: adminProcedure
    .meta(route('auth.sessions'))
    .input(z.void())
    .output(z.array(ZSession))
    .query(({ ctx }) => account.listSessions(ctx.db, ctx.admin)),
  revokeSession: adminProcedure
    .meta(route('auth.revokeSession'))
    .input(ZIdInput)
    .output(ZMessage)
    .mutation(async ({ ctx, input }) => {
      await account.revokeSession(ctx.db, ctx.admin, account.actorOf(ctx.admin, ctx.request.ip), input.id)
      return { message: 'Session signed out' }
    }),
  revokeOtherSessions: adminProcedure
    .meta(route('auth.revokeOtherSessions'))
    .input(z.void())
    .output(ZMessage)
    .mutation(async ({ ctx }) => {
      const ended = await account.revokeOtherSessions(ctx.db, ctx.admin, account.actorOf(ctx.admin, ctx.request.ip))
      return { message: `${ended} other session${ended === 1 ? '' : 's'} signed out` }
    }),
})
