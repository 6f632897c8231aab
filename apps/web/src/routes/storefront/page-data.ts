import type { LoaderFunctionArgs } from 'react-router-dom'
import { categoryProductsQuery } from '../../features/catalog/use-catalog'
import { queryClient, trpc } from '../../lib/clients'
import { parseRouteId } from '../../lib/route-id'

// The first page of a visit waits for its data, until at most this long after the navigation started, then
// appears complete in one render: no placeholders that are replaced a moment later, and no second long render on a
// slow phone. Past it (a slow API), and on every later page, the page shows at once with its placeholders while the
// data arrives (spec point 9).
const FIRST_PAGE_DATA_WAIT_MS = 1500

function untilDataOrDeadline(data: Promise<unknown>): Promise<null> | null {
  const remaining = FIRST_PAGE_DATA_WAIT_MS - performance.now()
  if (remaining <= 0) return null
  return Promise.race([data, new Promise((resolve) => setTimeout(resolve, remaining))]).then(() => null)
}

/**
 * Route loaders of the storefront: they start the requests of a page as soon as its route is known (before its
 * components render) and keep nothing themselves; the pages read the data from the query cache as before.
 */
export function storefrontLoader() {
  return untilDataOrDeadline(
    Promise.all([
      queryClient.prefetchQuery(trpc.shop.info.queryOptions()),
      queryClient.prefetchQuery(trpc.categories.list.queryOptions()),
    ]),
  )
}

export function homeLoader() {
  return untilDataOrDeadline(
    Promise.all([
      queryClient.prefetchQuery(trpc.categories.list.queryOptions()),
      queryClient.prefetchQuery(trpc.products.featured.queryOptions()),
      queryClient.prefetchQuery(trpc.testimonials.featured.queryOptions()),
    ]),
  )
}

export function categoryLoader({ params }: LoaderFunctionArgs) {
  const slug = params.slug ?? ''
  return untilDataOrDeadline(
    Promise.all([
      queryClient.prefetchQuery(trpc.categories.get.queryOptions({ slug })),
      queryClient.prefetchInfiniteQuery(categoryProductsQuery(slug)),
    ]),
  )
}

export function productLoader({ params }: LoaderFunctionArgs) {
  const id = parseRouteId(params.id)
  return id === null ? null : untilDataOrDeadline(queryClient.prefetchQuery(trpc.products.get.queryOptions({ id })))
}
