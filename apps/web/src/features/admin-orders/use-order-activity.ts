import type { OrderActivity, OrderMail } from '@shop/schema/orders'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toastFailure } from '../../components/admin/toast-failure'
import { toast } from '../../components/toasts'
import { useTRPC } from '../../lib/trpc'

// While a mail waits to be sent the page asks again this often, so "Queued" turns into "Sent" without a reload.
// The sender picks a new mail up within a second or two; a retry waits for its next attempt instead (below).
export const PENDING_MAIL_POLL_MS = 5_000
// A retry may be hours away: look at least this often, in case another admin resends it meanwhile.
const MAX_POLL_MS = 60_000

/**
 * How long to wait before asking for the activity again: never while no mail is pending (the shop's queries
 * never poll otherwise), else until the soonest pending mail is due, between 5 s and a minute.
 */
export function activityPollInterval(mails: OrderMail[] | undefined, now = Date.now()): number | false {
  const pending = mails?.filter((mail) => mail.status === 'pending') ?? []
  if (pending.length === 0) return false
  const soonest = Math.min(...pending.map((mail) => (mail.nextAttemptAt ? Date.parse(mail.nextAttemptAt) : now)))
  const untilDue = Number.isFinite(soonest) ? soonest - now : 0
  return Math.min(MAX_POLL_MS, Math.max(PENDING_MAIL_POLL_MS, untilDue + PENDING_MAIL_POLL_MS))
}

/** The order's timeline and mails. A status change refreshes them with every admin answer (admin.pathFilter). */
export function useOrderActivity(id: number) {
  const trpc = useTRPC()
  return useQuery(
    trpc.admin.orders.activity.queryOptions(
      { id },
      { refetchInterval: (query) => activityPollInterval(query.state.data?.mails) },
    ),
  )
}

/** Both mutations answer the refreshed activity: it replaces the cached one, no second request. */
function useStoreActivity() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return (id: number, activity: OrderActivity) =>
    queryClient.setQueryData(trpc.admin.orders.activity.queryKey({ id }), activity)
}

export function useAddOrderNote() {
  const trpc = useTRPC()
  const storeActivity = useStoreActivity()
  return useMutation(
    trpc.admin.orders.addNote.mutationOptions({
      onSuccess: (activity, { id }) => {
        storeActivity(Number(id), activity)
        toast({ title: 'Note added', message: 'The internal note is on the order. The customer never sees it.' })
      },
      onError: (error) => toastFailure('The note could not be added. Please try again.', error),
    }),
  )
}

export function useResendMail() {
  const trpc = useTRPC()
  const storeActivity = useStoreActivity()
  return useMutation(
    trpc.admin.orders.resendMail.mutationOptions({
      onSuccess: (activity, { id }) => {
        storeActivity(Number(id), activity)
        toast({ title: 'E-mail queued', message: 'The e-mail will be sent again in a moment.' })
      },
      onError: (error) => toastFailure('The e-mail could not be sent again. Please try again.', error),
    }),
  )
}
