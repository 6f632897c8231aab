import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toastFailure } from '../../components/admin/toast-failure'
import { toast } from '../../components/toasts'
import { useTRPC } from '../../lib/trpc'

export function usePaymentSettings() {
  const trpc = useTRPC()
  return useQuery(trpc.admin.payments.get.queryOptions())
}

export function useSavePaymentSettings() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.admin.payments.update.mutationOptions({
      onSuccess: (settings) => {
        queryClient.setQueryData(trpc.admin.payments.get.queryKey(), settings)
        toast({ title: 'Payment methods saved', message: 'The checkout offers the enabled methods now.' })
        // The checkout reads the methods offered from shop.info.
        return queryClient.invalidateQueries(trpc.shop.pathFilter())
      },
      onError: (error) => toastFailure('The payment methods could not be saved. Please check the fields.', error),
    }),
  )
}
