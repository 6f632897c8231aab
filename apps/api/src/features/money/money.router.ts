import { ZIdInput } from '@shop/schema/common'
import {
  ZDiscount,
  ZDiscountInput,
  ZMoneySettings,
  ZMoneySettingsInput,
  ZShippingZone,
  ZShippingZoneInput,
  ZTaxRate,
  ZTaxRateInput,
  ZUpdateDiscountInput,
  ZUpdateShippingZoneInput,
  ZUpdateTaxRateInput,
} from '@shop/schema/money'
import { z } from 'zod'
import { adminProcedure, route, router } from '../../trpc/init'
import * as money from './money.service'

const ZMessage = z.object({ message: z.string() })

export const adminMoneyRouter = router({
  get: adminProcedure
    .meta(route('admin.money.get'))
    .input(z.void())
    .output(ZMoneySettings)
    .query(({ ctx }) => money.getMoneySettings(ctx.db)),
  update: adminProcedure
    .meta(route('admin.money.update'))
    .input(ZMoneySettingsInput)
    .output(ZMoneySettings)
    .mutation(({ ctx, input }) => money.updateMoneySettings(ctx.db, ctx.config, input)),
})

export const adminShippingZonesRouter = router({
  list: adminProcedure
    .meta(route('admin.shippingZones.list'))
    .input(z.void())
    .output(z.array(ZShippingZone))
    .query(({ ctx }) => money.listZones(ctx.db)),
  create: adminProcedure
    .meta(route('admin.shippingZones.create'))
    .input(ZShippingZoneInput)
    .output(ZShippingZone)
    .mutation(({ ctx, input }) => money.createZone(ctx.db, input)),
  update: adminProcedure
    .meta(route('admin.shippingZones.update'))
    .input(ZUpdateShippingZoneInput)
    .output(ZShippingZone)
    .mutation(({ ctx, input: { id, ...values } }) => money.updateZone(ctx.db, id, values)),
  delete: adminProcedure
    .meta(route('admin.shippingZones.delete'))
    .input(ZIdInput)
    .output(ZMessage)
    .mutation(async ({ ctx, input }) => {
      await money.deleteZone(ctx.db, input.id)
      return { message: 'Shipping zone deleted' }
    }),
})

export const adminTaxRatesRouter = router({
  list: adminProcedure
    .meta(route('admin.taxRates.list'))
    .input(z.void())
    .output(z.array(ZTaxRate))
    .query(({ ctx }) => money.listTaxRates(ctx.db)),
  create: adminProcedure
    .meta(route('admin.taxRates.create'))
    .input(ZTaxRateInput)
    .output(ZTaxRate)
    .mutation(({ ctx, input }) => money.createTaxRate(ctx.db, input)),
  update: adminProcedure
    .meta(route('admin.taxRates.update'))
    .input(ZUpdateTaxRateInput)
    .output(ZTaxRate)
    .mutation(({ ctx, input: { id, ...values } }) => money.updateTaxRate(ctx.db, id, values)),
  delete: adminProcedure
    .meta(route('admin.taxRates.delete'))
    .input(ZIdInput)
    .output(ZMessage)
    .mutation(async ({ ctx, input }) => {
      await money.deleteTaxRate(ctx.db, input.id)
      return { message: 'Tax rate deleted' }
    }),
})

export const adminDiscountsRouter = router({
  list: adminProcedure
    .meta(route('admin.discounts.list'))
    .input(z.void())
    .output(z.array(ZDiscount))
    .query(({ ctx }) => money.listDiscounts(ctx.db)),
  create: adminProcedure
    .meta(route('admin.discounts.create'))
    .input(ZDiscountInput)
    .output(ZDiscount)
    .mutation(({ ctx, input }) => money.createDiscount(ctx.db, input)),
  update: adminProcedure
    .meta(route('admin.discounts.update'))
    .input(ZUpdateDiscountInput)
    .output(ZDiscount)
    .mutation(({ ctx, input: { id, ...values } }) => money.updateDiscount(ctx.db, id, values)),
})
