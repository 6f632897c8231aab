import type { LoaderFunctionArgs } from 'react-router-dom'
import {
  categoryProductsQuery,
  pagesAskedOf,
  productSortOf,
  productsQuery,
  searchTextOf,
} from '../../features/catalog/use-catalog'
import type { Clients } from '../../lib/clients'
import { parseRouteId } from '../../lib/route-id'

/**
 * How long a loader holds its page for the page's data. In the browser, the first page of a visit waits until at
 * most FIRST_PAGE_DATA_WAIT_MS after the navigation started, then appears complete in one render: no placeholders
 * replaced a moment later. Past it (a slow API), and on every later page, the page shows at once with its
 * placeholders while the data arrives. The server renderer waits for all of it: its HTML is the
 * whole page.
 */
export type DataWait = (data: Promise<unknown>) => Promise<null> | null

const FIRST_PAGE_DATA_WAIT_MS = 1500

export const untilDataOrDeadline: DataWait = (data) => {
  const remaining = FIRST_PAGE_DATA_WAIT_MS - performance.now()
  if (remaining <= 0) return null
  return Promise.race([data, new Promise((resolve) => setTimeout(resolve, remaining))]).then(() => null)
}

export const untilData: DataWait = (data) => data.then(() => null)

/**
 * Route loaders of the storefront: they start the requests of a page as soon as its route is known (before its
 * components render) and keep nothing themselves; the pages read the data from the query cache.
 */
export function storefrontLoaders({ queryClient, trpc }: Clients, wait: DataWait) {
  return {
    storefront: () =>
      wait(
        Promise.all([
          queryClient.prefetchQuery(trpc.shop.info.queryOptions()),
          queryClient.prefetchQuery(trpc.categories.list.queryOptions()),
        ]),
      ),
    home: () =>
      wait(
        Promise.all([
          queryClient.prefetchQuery(trpc.categories.list.queryOptions()),
          queryClient.prefetchQuery(trpc.products.featured.queryOptions()),
          queryClient.prefetchQuery(trpc.testimonials.featured.queryOptions()),
        ]),
      ),
    // `?page=3` asks for the first three pages (the Load more link of a browser without JavaScript).
    category: ({ params, request }: LoaderFunctionArgs) => {
      const slug = params.slug ?? ''
      const pages = pagesAskedOf(new URL(request.url).searchParams.get('page'))
      return wait(
        Promise.all([
          queryClient.prefetchQuery(trpc.categories.get.queryOptions({ slug })),
          queryClient.prefetchInfiniteQuery({ ...categoryProductsQuery(slug), pages }),
        ]),
      )
    },
    products: ({ request }: LoaderFunctionArgs) => {
      const search = new URL(request.url).searchParams
      const sort = productSortOf(search.get('sort'))
      return wait(
        queryClient.prefetchInfiniteQuery({
          ...productsQuery(sort, searchTextOf(search.get('q'))),
          pages: pagesAskedOf(search.get('page')),
        }),
      )
    },
    product: ({ params }: LoaderFunctionArgs) => {
      const id = parseRouteId(params.id)
      return id === null ? null : wait(queryClient.prefetchQuery(trpc.products.get.queryOptions({ id })))
    },
  }
}
