import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { StorefrontLayout } from './components/layout/storefront-layout'
import { PageLoader } from './components/page-loader'
import { RouteError } from './components/route-error'
import { adminRoutes } from './routes/admin/admin-routes'
import { NotFoundPage } from './routes/not-found.page'
import { CategoryPage } from './routes/storefront/category.page'
import { HomePage } from './routes/storefront/home.page'
import { categoryLoader, homeLoader, productLoader, storefrontLoader } from './routes/storefront/page-data'
import { ProductPage } from './routes/storefront/product.page'

// The pages a visitor lands on (home, category, product) are in the main chunk, so the first paint waits for no
// second round of requests. The others are chunks of their own; the admin's are never downloaded by a visitor of
// the storefront.
const routes: RouteObject[] = [
  {
    element: <StorefrontLayout />,
    loader: storefrontLoader,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      { index: true, loader: homeLoader, Component: HomePage },
      { path: 'category/:slug', loader: categoryLoader, Component: CategoryPage },
      { path: 'product/:id', loader: productLoader, Component: ProductPage },
      {
        path: 'products',
        lazy: () => import('./routes/storefront/products.page').then((m) => ({ Component: m.ProductsPage })),
      },
      {
        path: 'checkout',
        lazy: () => import('./routes/storefront/checkout.page').then((m) => ({ Component: m.CheckoutPage })),
      },
      {
        path: 'orders/:orderNumber',
        lazy: () => import('./routes/storefront/guest-order.page').then((m) => ({ Component: m.GuestOrderPage })),
      },
      {
        path: 'order-tracking',
        lazy: () => import('./routes/storefront/order-tracking.page').then((m) => ({ Component: m.OrderTrackingPage })),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
  ...adminRoutes,
]

/** The app's router. Creating it starts the current page's route loaders, and so its requests. */
export function createRouter() {
  return createBrowserRouter(routes)
}
