import {
  categoryProductsQuery,
  pagesAskedOf,
  productSortOf,
  productsQuery,
  searchTextOf,
} from '../../features/catalog/use-catalog'
import type { Clients } from '../../lib/clients'
import { parseRouteId } from '../../lib/route-id'
import type { PageAddress } from '../../lib/shop-route'

/**
 * What each storefront route loads: the requests of a page, started as soon as its address is known (before its
 * components render). They keep nothing themselves; the pages read the data from the query cache.
 */
export function storefrontLoads({ queryClient, trpc }: Clients) {
  return {
    storefront: () =>
      Promise.all([
        queryClient.prefetchQuery(trpc.shop.info.queryOptions()),
        queryClient.prefetchQuery(trpc.categories.list.queryOptions()),
      ]),
    home: () =>
      Promise.all([
        queryClient.prefetchQuery(trpc.categories.list.queryOptions()),
        queryClient.prefetchQuery(trpc.products.featured.queryOptions()),
        queryClient.prefetchQuery(trpc.testimonials.featured.queryOptions()),
      ]),
    // `?page=3` asks for the first three pages (the Load more link of a browser without JavaScript).
    category: ({ params, url }: PageAddress) => {
      const slug = params.slug ?? ''
      const pages = pagesAskedOf(url.searchParams.get('page'))
      return Promise.all([
        queryClient.prefetchQuery(trpc.categories.get.queryOptions({ slug })),
        queryClient.prefetchInfiniteQuery({ ...categoryProductsQuery(slug), pages }),
      ])
    },
    products: ({ url }: PageAddress) => {
      const search = url.searchParams
      return queryClient.prefetchInfiniteQuery({
        ...productsQuery(productSortOf(search.get('sort')), searchTextOf(search.get('q'))),
        pages: pagesAskedOf(search.get('page')),
      })
    },
    product: ({ params }: PageAddress) => {
      const id = parseRouteId(params.id)
      return id === null ? null : queryClient.prefetchQuery(trpc.products.get.queryOptions({ id }))
    },
  }
}
