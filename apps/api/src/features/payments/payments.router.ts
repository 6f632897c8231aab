import { ZPaymentSettings, ZPaymentSettingsInput } from '@shop/schema/payments'
import { z } from 'zod'
import { adminProcedure, route, router } from '../../trpc/init'
import * as payments from './payments.service'

export const adminPaymentsRouter = router({
  get: adminProcedure
    .meta(route('admin.payments.get'))
    .input(z.void())
    .output(ZPaymentSettings)
    .query(({ ctx }) => payments.getPaymentSettings(ctx)),
  update: adminProcedure
    .meta(route('admin.payments.update'))
    .input(ZPaymentSettingsInput)
    .output(ZPaymentSettings)
    .mutation(({ ctx, input }) => payments.updatePaymentSettings(ctx, input)),
})
