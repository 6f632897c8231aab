import {
  ZAdmin,
  ZForgotPasswordInput,
  ZForgotPasswordResult,
  ZLoginInput,
  ZLoginResult,
  ZMessage,
  ZResetPasswordInput,
} from '@shop/schema/auth'
import { z } from 'zod'
import { adminProcedure, publicProcedure, route, router } from '../../trpc/init'
import * as auth from './auth.service'
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie'

export const authRouter = router({
  me: adminProcedure
    .meta(route('auth.me'))
    .input(z.void())
    .output(ZAdmin)
    .query(({ ctx }) => ctx.admin),
  login: publicProcedure
    .meta(route('auth.login'))
    .input(ZLoginInput)
    .output(ZLoginResult)
    .mutation(async ({ ctx, input }) => {
      const session = await auth.login(ctx, input, ctx.request.ip)
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
      await auth.resetPassword(ctx.db, input)
      return { message: 'Your password has been reset. You can now log in with your new password.' }
    }),
})
