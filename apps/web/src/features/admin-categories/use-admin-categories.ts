import { useMutation, useQuery } from '@tanstack/react-query'
import { toast } from '../../components/toasts'
import { httpStatusOf, withApiReason } from '../../lib/rest-link'
import { useTRPC } from '../../lib/trpc'
import { useRefreshShopData } from '../admin-shared/use-refresh-shop-data'
import { checkFiles, type UploadProblem, uploadErrorMessage, uploadImages } from '../admin-uploads/upload-images'

/** A failure toast: the spec's text, then the API's own reason when it sent one (e.g. the 409 of a delete). */
function toastFailure(message: string, error: unknown) {
  toast({ title: 'Error', message: withApiReason(message, error), isError: true })
}

export function useAdminCategories() {
  const trpc = useTRPC()
  return useQuery(trpc.admin.categories.list.queryOptions())
}

/** One category by id; `isNotFound` is true when the API answers 404. Without an id nothing is fetched. */
export function useAdminCategory(id: number | undefined) {
  const trpc = useTRPC()
  const query = useQuery({
    ...trpc.admin.categories.get.queryOptions({ id: id ?? 0 }),
    enabled: id !== undefined,
  })
  return { ...query, isNotFound: httpStatusOf(query.error) === 404 }
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

/** A file refused before sending (wrong type, too large): its toast names the problem. */
class FileProblem extends Error {
  constructor(readonly problem: UploadProblem) {
    super(problem.message)
  }
}

/** Checks and uploads the category's single image (spec point 5: one file); resolves with its URL. */
export function useUploadCategoryImage() {
  return useMutation({
    mutationFn: async (file: File) => {
      const problem = checkFiles([file], 1)
      if (problem) throw new FileProblem(problem)
      const [url] = await uploadImages([file])
      if (!url) throw new Error('The server returned no URL for the uploaded image')
      return url
    },
    onError: (error) => {
      if (error instanceof FileProblem) {
        toast({ title: error.problem.title, message: error.problem.message, isError: true })
        return
      }
      const reason = uploadErrorMessage(error)
      const message = 'Failed to upload image. Please try again.'
      toast({ title: 'Upload failed', message: reason ? `${message} ${reason}` : message, isError: true })
    },
  })
}
