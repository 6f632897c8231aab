import { accountRouter } from './features/accounts/account.router'
import { adminAccountPolicyRouter, adminAdminsRouter, adminAuditRouter } from './features/accounts/admins.router'
import { authRouter } from './features/auth/auth.router'
import { adminCardRefundRouter } from './features/card-payments/card-refund.router'
import { categoriesRouter, productsRouter, shopRouter, testimonialsRouter } from './features/catalog/catalog.router'
import { adminCategoriesRouter } from './features/categories/admin-categories.router'
import { dashboardRouter } from './features/dashboard/dashboard.router'
import {
  adminDiscountsRouter,
  adminMoneyRouter,
  adminShippingZonesRouter,
  adminTaxRatesRouter,
} from './features/money/money.router'
import { adminOrdersRouter, ordersRouter } from './features/orders/orders.router'
import { adminPaymentsRouter } from './features/payments/payments.router'
import { adminProductsRouter } from './features/products/admin-products.router'
import { adminSettingsRouter } from './features/settings/settings.router'
import { adminTestimonialsRouter } from './features/testimonials/admin-testimonials.router'
import { mergeRouters, router } from './trpc/init'

export const appRouter = router({
  shop: shopRouter,
  categories: categoriesRouter,
  products: productsRouter,
  testimonials: testimonialsRouter,
  orders: ordersRouter,
  // Signing in and out, and the signed-in admin's own account.
  auth: mergeRouters(authRouter, accountRouter),
  admin: router({
    dashboard: dashboardRouter,
    products: adminProductsRouter,
    categories: adminCategoriesRouter,
    // A card refund goes through Stripe (features/card-payments); the other order procedures are the orders feature's.
    orders: mergeRouters(adminOrdersRouter, adminCardRefundRouter),
    testimonials: adminTestimonialsRouter,
    settings: adminSettingsRouter,
    admins: adminAdminsRouter,
    accountPolicy: adminAccountPolicyRouter,
    audit: adminAuditRouter,
    money: adminMoneyRouter,
    shippingZones: adminShippingZonesRouter,
    taxRates: adminTaxRatesRouter,
    discounts: adminDiscountsRouter,
    payments: adminPaymentsRouter,
  }),
})

export type AppRouter = typeof appRouter
