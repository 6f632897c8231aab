import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '../../components/toasts'
import { apiMessageOf } from '../../lib/rest-link'
import { useTRPC } from '../../lib/trpc'

/** The reason shown after "Failed to … testimonial: ": the API's own message, else the error's. */
function reasonOf(error: unknown): string {
  return apiMessageOf(error) ?? (error instanceof Error ? error.message : String(error))
}

/**
 * After any change the admin list, the dashboard and the home page's featured testimonials may be out of date
 * (spec point 4), as may any other public data; none of it stays stale in this tab.
 */
function useRefreshTestimonials() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.admin.pathFilter()),
      queryClient.invalidateQueries(trpc.testimonials.pathFilter()),
      queryClient.invalidateQueries(trpc.categories.pathFilter()),
      queryClient.invalidateQueries(trpc.products.pathFilter()),
    ])
}

export function useAdminTestimonials() {
  const trpc = useTRPC()
  return useQuery(trpc.admin.testimonials.list.queryOptions())
}

export function useCreateTestimonial() {
  const trpc = useTRPC()
  const refresh = useRefreshTestimonials()
  return useMutation(
    trpc.admin.testimonials.create.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Success', message: 'Testimonial created successfully' })
        return refresh()
      },
      onError: (error) =>
        toast({ title: 'Error', message: `Failed to create testimonial: ${reasonOf(error)}`, isError: true }),
    }),
  )
}

export function useUpdateTestimonial() {
  const trpc = useTRPC()
  const refresh = useRefreshTestimonials()
  return useMutation(
    trpc.admin.testimonials.update.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Success', message: 'Testimonial updated successfully' })
        return refresh()
      },
      onError: (error) =>
        toast({ title: 'Error', message: `Failed to update testimonial: ${reasonOf(error)}`, isError: true }),
    }),
  )
}

export function useDeleteTestimonial() {
  const trpc = useTRPC()
  const refresh = useRefreshTestimonials()
  return useMutation(
    trpc.admin.testimonials.delete.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Success', message: 'Testimonial deleted successfully' })
        return refresh()
      },
      onError: (error) =>
        toast({ title: 'Error', message: `Failed to delete testimonial: ${reasonOf(error)}`, isError: true }),
    }),
  )
}
