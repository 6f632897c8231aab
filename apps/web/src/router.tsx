import { createBrowserRouter, type HydrationState, matchRoutes, type RouteObject } from 'react-router-dom'
import { StorefrontLayout } from './components/layout/storefront-layout'
import { PageLoader } from './components/page-loader'
import { RouteError } from './components/route-error'
import type { Clients } from './lib/clients'
import { adminRoutes } from './routes/admin/admin-routes'
import { NotFoundPage } from './routes/not-found.page'
import { CategoryPage } from './routes/storefront/category.page'
import { HomePage } from './routes/storefront/home.page'
import { type DataWait, storefrontLoaders, untilDataOrDeadline } from './routes/storefront/page-data'
import { ProductPage } from './routes/storefront/product.page'

/**
 * The routes of the app. The server renderer (entry-server.tsx) renders the storefront's; the admin's are only ever
 * rendered in the browser.
 *
 * The pages a visitor lands on (home, category, product) are in the main chunk, so the first paint waits for no
 * second round of requests. The others are chunks of their own; the admin's are never downloaded by a visitor of
 * the storefront. A storefront page of its own chunk has the id of its module's name (`order-tracking` for
 * routes/storefront/order-tracking.page.tsx): the build lists each such page's files under that name, and the
 * server, rendering the page, links its stylesheets and has its code fetched with the first chunks.
 */
export function createRoutes(clients: Clients, wait: DataWait): RouteObject[] {
  const loaders = storefrontLoaders(clients, wait)
  return [
    {
      id: 'storefront',
      element: <StorefrontLayout />,
      loader: loaders.storefront,
      HydrateFallback: PageLoader,
      ErrorBoundary: RouteError,
      children: [
        { index: true, loader: loaders.home, Component: HomePage },
        { path: 'category/:slug', loader: loaders.category, Component: CategoryPage },
        { path: 'product/:id', loader: loaders.product, Component: ProductPage },
        {
          id: 'products',
          path: 'products',
          loader: loaders.products,
          lazy: () => import('./routes/storefront/products.page').then((m) => ({ Component: m.ProductsPage })),
        },
        {
          id: 'checkout',
          path: 'checkout',
          lazy: () => import('./routes/storefront/checkout.page').then((m) => ({ Component: m.CheckoutPage })),
        },
        {
          id: 'guest-order',
          path: 'orders/:orderNumber',
          lazy: () => import('./routes/storefront/guest-order.page').then((m) => ({ Component: m.GuestOrderPage })),
        },
        {
          id: 'order-tracking',
          path: 'order-tracking',
          lazy: () =>
            import('./routes/storefront/order-tracking.page').then((m) => ({ Component: m.OrderTrackingPage })),
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
    ...adminRoutes,
  ]
}

/**
 * The paths of the app's pages, as a server's router writes them ('/', '/product/:id', '/admin/orders/:id'): the API
 * gives each a route of its own (apps/api/src/plugins/web.ts). Catch-all routes ('*', the not-found page) are left
 * out: the server answers every other path as a page too.
 */
export function pagePaths(routes: RouteObject[], parent = ''): string[] {
  const paths = new Set<string>()
  for (const route of routes) {
    const path = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent
    if (path.endsWith('*')) continue
    if (route.index || (route.path && !route.children)) paths.add(path || '/')
    for (const child of pagePaths(route.children ?? [], path)) paths.add(child)
  }
  return [...paths]
}

/**
 * The browser's router. Creating it starts the current page's route loaders, and so its requests, unless the page
 * came rendered from the server: then `hydrationData` says the loaders have run, and the data is in the cache.
 */
export function createRouter(routes: RouteObject[], hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { hydrationData })
}

/** The routes as the browser loads them: the first page waits a little for its data (page-data.ts). */
export function browserRoutes(clients: Clients): RouteObject[] {
  return createRoutes(clients, untilDataOrDeadline)
}

/**
 * Loads the code of the lazy routes that match the page before the router is made: a server-rendered page hydrates
 * with its components at hand, so its first render is the server's.
 */
export async function loadMatchedLazyRoutes(routes: RouteObject[], location: Location) {
  const matches = matchRoutes(routes, location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const module = await route.lazy()
      Object.assign(route, { ...module, lazy: undefined })
    }),
  )
}
