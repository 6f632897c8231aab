import { ZAdminSettings, ZShopSettingsInput, ZTestMailInput, ZTestMailResult } from '@shop/schema/settings'
import { z } from 'zod'
import { adminProcedure, route, router } from '../../trpc/init'
import * as settings from './settings.service'

export const adminSettingsRouter = router({
  get: adminProcedure
    .meta(route('admin.settings.get'))
    .input(z.void())
    .output(ZAdminSettings)
    .query(async ({ ctx }) => ({
      ...(await settings.getShopSettings(ctx.db, ctx.config)),
      mailConfigured: ctx.mailer.isConfigured,
    })),
  update: adminProcedure
    .meta(route('admin.settings.update'))
    .input(ZShopSettingsInput)
    .output(ZAdminSettings)
    .mutation(async ({ ctx, input }) => ({
      ...(await settings.updateShopSettings(ctx.db, input)),
      mailConfigured: ctx.mailer.isConfigured,
    })),
  testMail: adminProcedure
    .meta(route('admin.settings.testMail'))
    .input(ZTestMailInput)
    .output(ZTestMailResult)
    .mutation(({ ctx, input }) => settings.sendTestMail(ctx, input.to, ctx.request.ip)),
})
