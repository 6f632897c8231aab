import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useMemo,
  useRef,
} from 'react'
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router-dom'
import { StorefrontLayout } from './components/layout/storefront-layout'
import { PageLoader } from './components/page-loader'
import { RouteErrorBoundary } from './components/route-error'
import type { Clients } from './lib/clients'
import { MatchedRoutesContext, PreloadPageCodeContext, type ShopRoute } from './lib/shop-route'
import { adminRoutes } from './routes/admin/admin-routes'
import { NotFoundPage } from './routes/not-found.page'
import { CategoryPage } from './routes/storefront/category.page'
import { HomePage } from './routes/storefront/home.page'
import { storefrontLoads } from './routes/storefront/page-data'
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
export function createRoutes(clients: Clients): ShopRoute[] {
  const loads = storefrontLoads(clients)
  return [
    {
      id: 'storefront',
      Component: StorefrontLayout,
      load: loads.storefront,
      catchesErrors: true,
      children: [
        { index: true, load: loads.home, Component: HomePage },
        { path: 'category/:slug', load: loads.category, Component: CategoryPage },
        { path: 'product/:id', load: loads.product, Component: ProductPage },
        {
          id: 'products',
          path: 'products',
          load: loads.products,
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
export function pagePaths(routes: ShopRoute[], parent = ''): string[] {
  const paths = new Set<string>()
  for (const route of routes) {
    const path = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent
    if (path.endsWith('*')) continue
    if (route.index || (route.path && !route.children)) paths.add(path || '/')
    for (const child of pagePaths(route.children ?? [], path)) paths.add(child)
  }
  return [...paths]
}

/** The routes that match an address, outermost first; none when nothing does. */
export function matchedRoutes(routes: ShopRoute[], pathname: string) {
  return matchRoutes(routes as RouteObject[], pathname) ?? []
}

/** The id of the innermost route of an address: the page, for the server (a page of its own chunk, above). */
export function pageIdOf(routes: ShopRoute[], pathname: string): string {
  return (matchedRoutes(routes, pathname).at(-1)?.route as ShopRoute | undefined)?.id ?? ''
}

/**
 * Starts the requests of every route that matches the address (the layout's and the page's); the promise ends when
 * they have. The server renderer waits for all of it; the browser's first page waits a little (page-data.ts).
 */
export function loadPage(routes: ShopRoute[], url: URL): Promise<unknown> {
  const loads = matchedRoutes(routes, url.pathname).map(({ route, params }) =>
    (route as ShopRoute).load?.({ params, url }),
  )
  return Promise.all(loads)
}

/**
 * Loads the code of the lazy routes that match the address before the first render: a server-rendered page
 * hydrates with its components at hand, so its first render is the server's, with no fallback in between.
 */
export async function loadMatchedLazyRoutes(routes: ShopRoute[], pathname: string) {
  await Promise.all(
    matchedRoutes(routes, pathname).map(async ({ route }) => {
      const shopRoute = route as ShopRoute
      if (!shopRoute.lazy || shopRoute.Component) return
      shopRoute.Component = (await shopRoute.lazy()).Component
    }),
  )
}

const lazyPages = new WeakMap<ShopRoute, LazyExoticComponent<ComponentType>>()

/**
 * Starts fetching the code of the lazy pages at a path. Once it has come, such a page renders at once, with no
 * fallback, unless it has already been shown through React.lazy in the meantime: it keeps that component, since a
 * page whose component changed would start over (a checkout would lose what was typed).
 */
function preloadPageCode(routes: ShopRoute[], pathname: string) {
  for (const { route } of matchedRoutes(routes, pathname)) {
    const shopRoute = route as ShopRoute
    if (!shopRoute.lazy || shopRoute.Component || lazyPages.has(shopRoute)) continue
    shopRoute.lazy().then(
      ({ Component }) => {
        if (!lazyPages.has(shopRoute)) shopRoute.Component ??= Component
      },
      // The page's own visit loads it again and shows its failure.
      () => {},
    )
  }
}

/** A route's page: its component, or its code's chunk while it arrives (a fallback only when nothing is shown yet). */
function RoutePage({ route }: { route: ShopRoute }) {
  let page: ReactNode
  if (route.Component) {
    page = <route.Component />
  } else {
    const load = route.lazy
    if (!load) return null
    let Page = lazyPages.get(route)
    if (!Page) {
      Page = lazy(() => load().then((module) => ({ default: module.Component })))
      lazyPages.set(route, Page)
    }
    page = (
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    )
  }
  return route.catchesErrors ? <RouteErrorBoundary>{page}</RouteErrorBoundary> : page
}

function routeObjects(routes: ShopRoute[]): RouteObject[] {
  return routes.map(
    (route) =>
      ({
        id: route.id,
        path: route.path,
        index: route.index,
        handle: route.handle,
        element: <RoutePage route={route} />,
        children: route.children && routeObjects(route.children),
      }) as RouteObject,
  )
}

/**
 * The page of the current address. A later page's requests start as soon as its address is known, while its code
 * may still be on its way and before its components (which read them from the query cache) render: from the render
 * that first sees the address, once per address, since a lazy page's render does not commit until its code has
 * come. The first page's requests have run before the first render (main.tsx, entry-server.tsx).
 */
export function AppRoutes({ routes }: { routes: ShopRoute[] }) {
  const location = useLocation()
  const objects = useMemo(() => routeObjects(routes), [routes])
  const address = location.pathname + location.search
  const loaded = useRef(address)
  if (loaded.current !== address) {
    loaded.current = address
    void loadPage(routes, new URL(address, window.location.origin))
  }
  const matched = useMemo(
    () => matchedRoutes(routes, location.pathname).map(({ route }) => route as ShopRoute),
    [routes, location.pathname],
  )
  const preload = useCallback((pathname: string) => preloadPageCode(routes, pathname), [routes])
  return (
    <PreloadPageCodeContext.Provider value={preload}>
      <MatchedRoutesContext.Provider value={matched}>{useRoutes(objects)}</MatchedRoutesContext.Provider>
    </PreloadPageCodeContext.Provider>
  )
}
