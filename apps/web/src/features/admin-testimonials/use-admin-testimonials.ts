import type { AdminTestimonialListInput, Testimonial } from '@shop/schema/testimonials'
import { useMutation, useQuery } from '@tanstack/react-query'
import { toast } from '../../components/toasts'
import { errorMessageOf } from '../../lib/error-message'
import { fetchPage, pageQueryKey } from '../../lib/fetch-page'
import { useTRPC } from '../../lib/trpc'
import { useRefreshShopData } from '../admin-shared/use-refresh-shop-data'

/** One page of testimonials as the list asks for it (search, filters, sort), with the count of all that match. */
export function useAdminTestimonialPage(input: AdminTestimonialListInput) {
  const values = { ...input }
  return useQuery({
    queryKey: pageQueryKey('admin.testimonials.list', values),
    queryFn: ({ signal }) => fetchPage<Testimonial>('admin.testimonials.list', values, signal),
  })
}

export function useCreateTestimonial() {
  const trpc = useTRPC()
  const refresh = useRefreshShopData()
  return useMutation(
    trpc.admin.testimonials.create.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Success', message: 'Testimonial created successfully' })
        return refresh()
      },
      onError: (error) =>
        toast({ title: 'Error', message: `Failed to create testimonial: ${errorMessageOf(error)}`, isError: true }),
    }),
  )
}

export function useUpdateTestimonial() {
  const trpc = useTRPC()
  const refresh = useRefreshShopData()
  return useMutation(
    trpc.admin.testimonials.update.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Success', message: 'Testimonial updated successfully' })
        return refresh()
      },
      onError: (error) =>
        toast({ title: 'Error', message: `Failed to update testimonial: ${errorMessageOf(error)}`, isError: true }),
    }),
  )
}

export function useDeleteTestimonial() {
  const trpc = useTRPC()
  const refresh = useRefreshShopData()
  return useMutation(
    trpc.admin.testimonials.delete.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Success', message: 'Testimonial deleted successfully' })
        return refresh()
      },
      onError: (error) =>
        toast({ title: 'Error', message: `Failed to delete testimonial: ${errorMessageOf(error)}`, isError: true }),
    }),
  )
}
