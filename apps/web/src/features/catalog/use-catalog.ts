import { MAX_SEARCH_TEXT_LENGTH, PRODUCT_SORTS } from '@shop/schema/display'
import type { Product, ProductSort } from '@shop/schema/products'
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { httpStatusOf } from '../../lib/api-error'
import { fetchPage, type Page, pageQueryKey } from '../../lib/fetch-page'
import { useTRPC } from '../../lib/trpc'

/** How many products a storefront list loads at a time: six rows of four on a desktop. */
export const PRODUCTS_PER_PAGE = 24

function nextPageOf(last: Page<Product>, pages: Page<Product>[]): number | undefined {
  const shown = pages.reduce((count, page) => count + page.items.length, 0)
  return last.items.length === PRODUCTS_PER_PAGE && shown < last.total ? pages.length + 1 : undefined
}

/** The products a storefront list has loaded so far, in order. */
export function loadedProducts(pages: Page<Product>[] | undefined): Product[] | undefined {
  return pages?.flatMap((page) => page.items)
}

/** Active categories, for the home page's collection grid. */
export function useCategories() {
  const trpc = useTRPC()
  return useQuery(trpc.categories.list.queryOptions())
}

/** One active category by slug; `isNotFound` is true when the API answers 404 (unknown or inactive slug). */
export function useCategory(slug: string) {
  const trpc = useTRPC()
  // A "not found" the server rendered is kept, not asked again as the page hydrates (which would show a skeleton).
  const query = useQuery({ ...trpc.categories.get.queryOptions({ slug }), retryOnMount: false })
  return { ...query, isNotFound: httpStatusOf(query.error) === 404 }
}

// A link can ask for this many pages at most: 480 pieces.
const MAX_LINKED_PAGES = 20

/** How many pages of a list its URL asks for (`?page=3` shows the first three): 1 unless it asks for more. */
export function pagesAskedOf(value: string | null): number {
  const pages = Number(value)
  return Number.isInteger(pages) && pages > 1 ? Math.min(pages, MAX_LINKED_PAGES) : 1
}

/** The URL of the same list with one more page loaded, for the Load more link of a browser without JavaScript. */
export function morePagesHref(search: URLSearchParams, loadedPages: number): string {
  const next = new URLSearchParams(search)
  next.set('page', String(loadedPages + 1))
  return `?${next.toString()}`
}

/** The active products of a category, a page at a time: the category page and its route's load share these. */
export function categoryProductsQuery(slug: string) {
  const input = { slug, pageSize: PRODUCTS_PER_PAGE }
  return infiniteQueryOptions({
    queryKey: pageQueryKey('categories.products', input, 'pages'),
    queryFn: ({ pageParam, signal }) =>
      fetchPage<Product>('categories.products', { ...input, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  })
}

export function useCategoryProducts(slug: string) {
  return useInfiniteQuery(categoryProductsQuery(slug))
}

/** The featured products: the home page's bestselling pieces. */
export function useFeaturedProducts() {
  const trpc = useTRPC()
  return useQuery(trpc.products.featured.queryOptions())
}

/** The order of the /products list: the URL's `sort`, or newest first for none or an unknown one (a hand-edited link). */
export function productSortOf(value: string | null): ProductSort {
  // The list itself, not its zod schema: this runs in the main chunk, which carries no zod.
  return PRODUCT_SORTS.find((sort) => sort === value) ?? DEFAULT_PRODUCT_SORT
}

export const DEFAULT_PRODUCT_SORT: ProductSort = 'newest'

/** The active products in the given order, a page at a time: the /products page and its route's load share these. */
/** The search text a URL's `q` asks for, as the list takes it (trimmed, at most its length); none when blank. */
export function searchTextOf(value: string | null): string | undefined {
  const text = value?.trim().slice(0, MAX_SEARCH_TEXT_LENGTH).trim()
  return text ? text : undefined
}

/** The /products list, searched by `q` when given (the header's search sends its text there). */
export function productsQuery(sort: ProductSort, q?: string) {
  const input = { sort, pageSize: PRODUCTS_PER_PAGE, ...(q === undefined ? {} : { q }) }
  return infiniteQueryOptions({
    queryKey: pageQueryKey('products.list', input, 'pages'),
    queryFn: ({ pageParam, signal }) => fetchPage<Product>('products.list', { ...input, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  })
}

/** The /products list; the previous order stays on screen while the next one loads. */
export function useProducts(sort: ProductSort, q?: string) {
  return useInfiniteQuery({ ...productsQuery(sort, q), placeholderData: keepPreviousData })
}

/** Active, featured testimonials for the home page. */
export function useFeaturedTestimonials() {
  const trpc = useTRPC()
  return useQuery(trpc.testimonials.featured.queryOptions())
}
