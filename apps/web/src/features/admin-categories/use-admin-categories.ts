import type { AdminCategoryListInput, Category } from '@shop/schema/categories'
import { MAX_PAGE_SIZE } from '@shop/schema/common'
import { skipToken, useMutation, useQuery } from '@tanstack/react-query'
import { toastFailure } from '../../components/admin/toast-failure'
import { toast } from '../../components/toasts'
import { isNotFoundError } from '../../lib/api-error'
import { fetchPage, fetchWholeList, pageQueryKey } from '../../lib/fetch-page'
import { useTRPC } from '../../lib/trpc'
import { useRefreshShopData } from '../admin-shared/use-refresh-shop-data'

/** One page of categories as the list asks for it (search, status, sort), with the count of all that match. */
export function useAdminCategoryPage(input: AdminCategoryListInput) {
  const values = { ...input }
  return useQuery({
    queryKey: pageQueryKey('admin.categories.list', values),
    queryFn: ({ signal }) => fetchPage<Category>('admin.categories.list', values, signal),
  })
}

/** Every category, inactive ones included, by name: the choices of a category field. */
export function useAllCategories() {
  const input = { sort: 'name' }
  return useQuery({
    queryKey: pageQueryKey('admin.categories.list', input, 'whole'),
    queryFn: ({ signal }) => fetchWholeList<Category>('admin.categories.list', input, MAX_PAGE_SIZE, signal),
  })
}

/** One category; `null` (an id that is not a positive integer) asks nothing and finds nothing. */
export function useAdminCategory(id: number | null) {
  const trpc = useTRPC()
  const query = useQuery(trpc.admin.categories.get.queryOptions(id === null ? skipToken : { id }))
  return { ...query, isNotFound: id === null || isNotFoundError(query.error) }
}

export function useCreateCategory() {
  const trpc = useTRPC()
  const refresh = useRefreshShopData()
  return useMutation(
    trpc.admin.categories.create.mutationOptions({
      onSuccess: (category) => {
        toast({ title: 'Category created', message: `'${category.name}' has been created.` })
        return refresh()
      },
      onError: (error) =>
        toastFailure('Failed to create the category. Please check the form for errors or try a different slug.', error),
    }),
  )
}

export function useUpdateCategory() {
  const trpc = useTRPC()
  const refresh = useRefreshShopData()
  return useMutation(
    trpc.admin.categories.update.mutationOptions({
      onSuccess: (category) => {
        toast({ title: 'Category updated', message: `'${category.name}' has been updated.` })
        return refresh()
      },
      onError: (error) =>
        toastFailure('Failed to update the category. Please check the form for errors or try a different slug.', error),
    }),
  )
}

export function useDeleteCategory() {
  const trpc = useTRPC()
  const refresh = useRefreshShopData()
  return useMutation(
    trpc.admin.categories.delete.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Category deleted', message: 'The category has been successfully deleted.' })
        return refresh()
      },
      // The API refuses (409) while the category still has products; its message says how many.
      onError: (error) =>
        toastFailure('Failed to delete the category. Make sure it has no associated products.', error),
    }),
  )
}
