import type { OrderActivity } from '@shop/schema/orders'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toastFailure } from '../../components/admin/toast-failure'
import { toast } from '../../components/toasts'
import { useTRPC } from '../../lib/trpc'

// While a mail waits to be sent, the page looks again this often, so "queued" turns into "sent" by itself.
const PENDING_MAIL_POLL_MS = 3_000

/** The order's timeline and mails. */
export function useOrderActivity(id: number) {
  const trpc = useTRPC()
  return useQuery(
    trpc.admin.orders.activity.queryOptions(
      { id },
      {
        refetchInterval: (query) =>
          query.state.data?.mails.some((mail) => mail.status === 'pending') ? PENDING_MAIL_POLL_MS : false,
      },
    ),
  )
}

function useActivityMutationOptions() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return {
    store: (id: number, activity: OrderActivity) =>
      queryClient.setQueryData(trpc.admin.orders.activity.queryKey({ id }), activity),
  }
}

export function useAddOrderNote() {
  const trpc = useTRPC()
  const { store } = useActivityMutationOptions()
  return useMutation(
    trpc.admin.orders.addNote.mutationOptions({
      onSuccess: (activity, { id }) => {
        store(Number(id), activity)
        toast({ title: 'Note added', message: 'The note is on the order. Customers never see it.' })
      },
      onError: (error) => toastFailure('The note could not be added. Please try again.', error),
    }),
  )
}

export function useResendMail() {
  const trpc = useTRPC()
  const { store } = useActivityMutationOptions()
  return useMutation(
    trpc.admin.orders.resendMail.mutationOptions({
      onSuccess: (activity, { id }) => {
        store(Number(id), activity)
        toast({ title: 'Mail queued', message: 'The mail will be sent again in a moment.' })
      },
      onError: (error) => toastFailure('The mail could not be queued again. Please try again.', error),
    }),
  )
}
