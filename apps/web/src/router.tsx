import { createBrowserRouter } from 'react-router-dom'
import { StorefrontLayout } from './components/layout/storefront-layout'
import { PageLoader } from './components/page-loader'
import { RouteError } from './components/route-error'
import { adminRoutes } from './routes/admin/admin-routes'
import { NotFoundPage } from './routes/not-found.page'

// Every page is its own chunk; the admin's pages are never downloaded by a visitor of the storefront.
export const router = createBrowserRouter([
  {
    element: <StorefrontLayout />,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: () => import('./routes/storefront/home.page').then((m) => ({ Component: m.HomePage })) },
      {
        path: 'category/:slug',
        lazy: () => import('./routes/storefront/category.page').then((m) => ({ Component: m.CategoryPage })),
      },
      {
        path: 'product/:id',
        lazy: () => import('./routes/storefront/product.page').then((m) => ({ Component: m.ProductPage })),
      },
      {
        path: 'products',
        lazy: () => import('./routes/storefront/products.page').then((m) => ({ Component: m.ProductsPage })),
      },
      {
        path: 'checkout',
        lazy: () => import('./routes/storefront/checkout.page').then((m) => ({ Component: m.CheckoutPage })),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
  ...adminRoutes,
])
