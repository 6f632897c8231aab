import type { ProductSort } from '@shop/schema/products'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { httpStatusOf } from '../../lib/api-error'
import { useTRPC } from '../../lib/trpc'

/** Active categories, for the home page's collection grid. */
export function useCategories() {
  const trpc = useTRPC()
  return useQuery(trpc.categories.list.queryOptions())
}

/** One active category by slug; `isNotFound` is true when the API answers 404 (unknown or inactive slug). */
export function useCategory(slug: string) {
  const trpc = useTRPC()
  const query = useQuery(trpc.categories.get.queryOptions({ slug }))
  return { ...query, isNotFound: httpStatusOf(query.error) === 404 }
}

/** The active products of a category. */
export function useCategoryProducts(slug: string) {
  const trpc = useTRPC()
  return useQuery(trpc.categories.products.queryOptions({ slug }))
}

/** The featured products: the home page's bestselling pieces. */
export function useFeaturedProducts() {
  const trpc = useTRPC()
  return useQuery(trpc.products.featured.queryOptions())
}

/** Every active product in the given order; the previous order stays on screen while the next one loads. */
export function useProducts(sort: ProductSort) {
  const trpc = useTRPC()
  return useQuery({ ...trpc.products.list.queryOptions({ sort }), placeholderData: keepPreviousData })
}

/** Active, featured testimonials for the home page. */
export function useFeaturedTestimonials() {
  const trpc = useTRPC()
  return useQuery(trpc.testimonials.featured.queryOptions())
}
