import { ZCategory, ZCategoryProductsInput, ZCategorySlugInput } from '@shop/schema/categories'
import { ZIdInput } from '@shop/schema/common'
import { ZProduct, ZProductListInput } from '@shop/schema/products'
import { ZShopInfo } from '@shop/schema/shop'
import { ZTestimonial } from '@shop/schema/testimonials'
import { z } from 'zod'
import { paged, publicProcedure, route, router } from '../../trpc/init'
import { freeShippingOver } from '../money/money.service'
import { offeredMethods } from '../payments/payments.service'
import { getShopSettings } from '../settings/settings.service'
import * as catalog from './catalog.service'

export const shopRouter = router({
  info: publicProcedure
    .meta(route('shop.info'))
    .input(z.void())
    .output(ZShopInfo)
    .query(async ({ ctx }) => {
      const { name, phone, email, address } = await getShopSettings(ctx.db, ctx.config)
      const { settings } = await ctx.moneyRules.get(ctx.db)
      return {
        name,
        phone,
        email,
        address,
        currency: settings.currency,
        freeShippingOver: await freeShippingOver(ctx),
        paymentMethods: await offeredMethods(ctx),
      }
    }),
})

export const categoriesRouter = router({
  list: publicProcedure
    .meta(route('categories.list'))
    .input(z.void())
    .output(z.array(ZCategory))
    .query(({ ctx }) => catalog.listCategories(ctx.db)),
  get: publicProcedure
    .meta(route('categories.get'))
    .input(ZCategorySlugInput)
    .output(ZCategory)
    .query(({ ctx, input }) => catalog.getCategory(ctx.db, input.slug)),
  products: publicProcedure
    .meta(route('categories.products'))
    .input(ZCategoryProductsInput)
    .output(z.array(ZProduct))
    .query(paged(({ ctx, input }) => catalog.listCategoryProducts(ctx.db, input))),
})

export const productsRouter = router({
  featured: publicProcedure
    .meta(route('products.featured'))
    .input(z.void())
    .output(z.array(ZProduct))
    .query(({ ctx }) => catalog.listFeaturedProducts(ctx.db)),
  list: publicProcedure
    .meta(route('products.list'))
    .input(ZProductListInput)
    .output(z.array(ZProduct))
    .query(paged(({ ctx, input }) => catalog.listProducts(ctx.db, input))),
  get: publicProcedure
    .meta(route('products.get'))
    .input(ZIdInput)
    .output(ZProduct)
    .query(({ ctx, input }) => catalog.getProduct(ctx.db, input.id)),
})

export const testimonialsRouter = router({
  featured: publicProcedure
    .meta(route('testimonials.featured'))
    .input(z.void())
    .output(z.array(ZTestimonial))
    .query(({ ctx }) => catalog.listFeaturedTestimonials(ctx.db)),
})
