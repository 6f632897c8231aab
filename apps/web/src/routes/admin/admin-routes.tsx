import type { ProcedurePath } from '@shop/schema/routes'
import type { ShopRoute } from '../../lib/shop-route'

// Screens only owners may open, each with its main read, which the API answers staff with 403; the shell shows
// staff a refusal instead (admin-shell.tsx).
const ownerOnly = (read: ProcedurePath) => ({ ownerOnly: read })
// The Account screen stays open to an admin who must first turn on two-factor sign-in.
const ACCOUNT = { isAccount: true }

// Each admin screen is its own lazily loaded chunk: a storefront visitor never downloads any of them.
const catchingErrors = (route: ShopRoute): ShopRoute => ({ catchesErrors: true, ...route })

export const adminRoutes: ShopRoute[] = [
  { path: 'admin/login', lazy: () => import('./login.page').then((m) => ({ Component: m.LoginPage })) },
  {
    path: 'admin/forgot-password',
    lazy: () => import('./forgot-password.page').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: 'admin/reset-password',
    lazy: () => import('./reset-password.page').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    path: 'admin',
    lazy: () => import('./admin-shell').then((m) => ({ Component: m.AdminShell })),
    children: [
      { index: true, lazy: () => import('./dashboard.page').then((m) => ({ Component: m.DashboardPage })) },
      {
        path: 'categories',
        lazy: () => import('./categories/category-list.page').then((m) => ({ Component: m.CategoryListPage })),
      },
      {
        path: 'categories/new',
        lazy: () => import('./categories/category-form.page').then((m) => ({ Component: m.CategoryFormPage })),
      },
      {
        path: 'categories/edit/:id',
        lazy: () => import('./categories/category-form.page').then((m) => ({ Component: m.CategoryFormPage })),
      },
      {
        path: 'testimonials',
        lazy: () => import('./testimonials/testimonials.page').then((m) => ({ Component: m.TestimonialsPage })),
      },
      {
        path: 'settings',
        handle: ownerOnly('admin.settings.get'),
        lazy: () => import('./settings/settings.page').then((m) => ({ Component: m.SettingsPage })),
      },
      {
        path: 'settings/shipping',
        handle: ownerOnly('admin.shippingZones.list'),
        lazy: () => import('./money/shipping.page').then((m) => ({ Component: m.ShippingPage })),
      },
      {
        path: 'settings/tax',
        handle: ownerOnly('admin.taxRates.list'),
        lazy: () => import('./money/tax.page').then((m) => ({ Component: m.TaxPage })),
      },
      {
        path: 'discounts',
        handle: ownerOnly('admin.discounts.list'),
        lazy: () => import('./money/discounts.page').then((m) => ({ Component: m.DiscountsPage })),
      },
      {
        path: 'admins',
        handle: ownerOnly('admin.admins.list'),
        lazy: () => import('./accounts/admins.page').then((m) => ({ Component: m.AdminsPage })),
      },
      {
        path: 'audit-log',
        handle: ownerOnly('admin.audit.list'),
        lazy: () => import('./accounts/audit-log.page').then((m) => ({ Component: m.AuditLogPage })),
      },
      {
        path: 'account',
        handle: ACCOUNT,
        lazy: () => import('./accounts/account.page').then((m) => ({ Component: m.AccountPage })),
      },
      {
        path: 'orders',
        lazy: () => import('./orders/order-list.page').then((m) => ({ Component: m.OrderListPage })),
      },
      {
        path: 'orders/:id',
        lazy: () => import('./orders/order-detail.page').then((m) => ({ Component: m.OrderDetailPage })),
      },
      {
        path: 'orders/:id/invoice',
        lazy: () => import('./orders/order-invoice.page').then((m) => ({ Component: m.OrderInvoicePage })),
      },
      {
        path: 'products',
        lazy: () => import('./products/product-list.page').then((m) => ({ Component: m.ProductListPage })),
      },
      {
        path: 'products/new',
        lazy: () => import('./products/product-form.page').then((m) => ({ Component: m.ProductFormPage })),
      },
      {
        path: 'products/edit/:id',
        lazy: () => import('./products/product-form.page').then((m) => ({ Component: m.ProductFormPage })),
      },
    ],
  },
].map(catchingErrors)
