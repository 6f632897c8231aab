import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toastFailure } from '../../components/admin/toast-failure'
import { toast } from '../../components/toasts'
import { useTRPC } from '../../lib/trpc'

export function useSettings() {
  const trpc = useTRPC()
  return useQuery(trpc.admin.settings.get.queryOptions())
}

export function useSaveSettings() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.admin.settings.update.mutationOptions({
      onSuccess: (settings) => {
        queryClient.setQueryData(trpc.admin.settings.get.queryKey(), settings)
        toast({ title: 'Settings saved', message: 'The shop shows the new details now.' })
        // The footer, the page titles and the guest order page read the shop's name and contact (shop.info): the
        // storefront open in this tab shows the change at once.
        return queryClient.invalidateQueries(trpc.shop.pathFilter())
      },
      onError: (error) => toastFailure('The settings could not be saved. Please check the fields.', error),
    }),
  )
}

/** The test mail's verdict is an answer (delivered or not, in plain words); only a failed request (429) is an error. */
export function useSendTestMail() {
  const trpc = useTRPC()
  return useMutation(trpc.admin.settings.testMail.mutationOptions())
}
