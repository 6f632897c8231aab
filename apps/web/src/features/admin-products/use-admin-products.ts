import type { AdminProductListInput, Product } from '@shop/schema/products'
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toastFailure } from '../../components/admin/toast-failure'
import { toast } from '../../components/toasts'
import { isNotFoundError } from '../../lib/api-error'
import { fetchPage, type Page, pageQueryKey } from '../../lib/fetch-page'
import { useTRPC } from '../../lib/trpc'
import { useAllCategories } from '../admin-categories/use-admin-categories'
import { useRefreshShopData } from '../admin-shared/use-refresh-shop-data'

/**
 * Puts a saved product into the cached detail and into any cached page that shows it, so the list shows the
 * change before its refetch ends (a new product appears once the refetch places it on its page).
 */
function useStoreProduct() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return (product: Product) => {
    queryClient.setQueryData(trpc.admin.products.get.queryKey({ id: product.id }), product)
    queryClient.setQueriesData<Page<Product>>(
      { queryKey: pageQueryKey('admin.products.list', {}).slice(0, 1) },
      (page) =>
        page?.items.some((p) => p.id === product.id)
          ? { ...page, items: page.items.map((p) => (p.id === product.id ? product : p)) }
          : page,
    )
  }
}

/** One page of products as the list asks for it (search, sort, filters), with the count of all that match. */
export function useAdminProductPage(input: AdminProductListInput) {
  const values = { ...input }
  return useQuery({
    queryKey: pageQueryKey('admin.products.list', values),
    queryFn: ({ signal }) => fetchPage<Product>('admin.products.list', values, signal),
  })
}

/** One product of the admin; `null` (an id that is not a positive integer) asks nothing and finds nothing. */
export function useAdminProduct(id: number | null) {
  const trpc = useTRPC()
  const query = useQuery(trpc.admin.products.get.queryOptions(id === null ? skipToken : { id }))
  return { ...query, isNotFound: id === null || isNotFoundError(query.error) }
}

/** Every category, inactive ones included: the product form's choices. */
export function useProductCategories() {
  return useAllCategories()
}

export function useCreateProduct() {
  const trpc = useTRPC()
  const invalidate = useRefreshShopData()
  const store = useStoreProduct()
  return useMutation(
    trpc.admin.products.create.mutationOptions({
      onSuccess: (product) => {
        store(product)
        // Not awaited: after a create the form goes back to the list at once, while the refetch runs.
        void invalidate()
        toast({ title: 'Product created', message: 'The product has been successfully created.' })
      },
      onError: (error) => toastFailure('Failed to create the product. Please try again.', error),
    }),
  )
}

export function useUpdateProduct() {
  const trpc = useTRPC()
  const invalidate = useRefreshShopData()
  const store = useStoreProduct()
  return useMutation(
    trpc.admin.products.update.mutationOptions({
      onSuccess: (product) => {
        store(product)
        void invalidate()
        toast({ title: 'Product updated', message: 'The product has been successfully updated.' })
      },
      onError: (error) => toastFailure('Failed to update the product. Please try again.', error),
    }),
  )
}

export function useDeleteProduct() {
  const trpc = useTRPC()
  const invalidate = useRefreshShopData()
  return useMutation(
    trpc.admin.products.delete.mutationOptions({
      // Awaited: the dialog stays busy until the refreshed list no longer shows the product.
      onSuccess: async () => {
        await invalidate()
        toast({ title: 'Product deleted', message: 'The product has been successfully deleted.' })
      },
      onError: (error) => toastFailure('Failed to delete the product. Please try again.', error),
    }),
  )
}
