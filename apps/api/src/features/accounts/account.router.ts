import {
  ZAccount,
  ZChangePasswordInput,
  ZDisableTwoFactorInput,
  ZEnableTwoFactorInput,
  ZRecoveryCodes,
  ZSession,
  ZTwoFactorSetup,
} from '@shop/schema/accounts'
import { ZMessage } from '@shop/schema/auth'
import { ZIdInput } from '@shop/schema/common'
import { z } from 'zod'
import { adminProcedure, route, router } from '../../trpc/init'
import * as account from './account.service'

/** The signed-in admin's own account: its password, two-factor sign-in and sessions (under /api/auth). */
export const accountRouter = router({
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
