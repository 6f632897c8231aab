import type { UpdateAdminInput } from '@shop/schema/accounts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toastFailure } from '../../components/admin/toast-failure'
import { toast } from '../../components/toasts'
import { useTRPC } from '../../lib/trpc'
import { useRefreshAccounts } from './use-accounts'

// The Admins screen (owner-only): who can sign in to the back office, and the two-factor policy. Each write toasts
// how it went.

export function useAdmins() {
  const trpc = useTRPC()
  return useQuery(trpc.admin.admins.list.queryOptions())
}

/** Invites an admin; the screen shows the one-time link the answer may carry. */
export function useCreateAdmin() {
  const trpc = useTRPC()
  const refresh = useRefreshAccounts()
  return useMutation(
    trpc.admin.admins.create.mutationOptions({
      onSuccess: (result) => {
        toast({ title: 'Admin invited', message: result.message })
        return refresh()
      },
      onError: (error) => toastFailure('The admin could not be invited.', error),
    }),
  )
}

/** What a change of an admin did, e.g. "sam is now owner." or "sam is disabled; their sessions have ended." */
function changeText(username: string, input: UpdateAdminInput): string {
  if (input.disabled !== undefined) {
    return `${username} is ${input.disabled ? 'disabled; their sessions have ended' : 'enabled again'}.`
  }
  return `${username} is now ${input.role}.`
}

/** Changes an admin's role, or disables or enables them again (one of the two per call). */
export function useUpdateAdmin() {
  const trpc = useTRPC()
  const refresh = useRefreshAccounts()
  return useMutation(
    trpc.admin.admins.update.mutationOptions({
      onSuccess: (admin, input) => {
        toast({ title: 'Admin updated', message: changeText(admin.username, input) })
        return refresh()
      },
      onError: (error) => toastFailure('The admin could not be changed.', error),
    }),
  )
}

export function useDeleteAdmin() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const refresh = useRefreshAccounts()
  return useMutation(
    trpc.admin.admins.delete.mutationOptions({
      // The name for the toast, read from the list before it is fetched again without them.
      onMutate: ({ id }) =>
        queryClient.getQueryData(trpc.admin.admins.list.queryKey())?.find((admin) => admin.id === id)?.username,
      onSuccess: (_result, _input, username) => {
        toast({ title: 'Admin deleted', message: `${username ?? 'The admin'} has been deleted.` })
        return refresh()
      },
      onError: (error) => toastFailure('The admin could not be deleted.', error),
    }),
  )
}

export function useAccountPolicy() {
  const trpc = useTRPC()
  return useQuery(trpc.admin.accountPolicy.get.queryOptions())
}

export function useUpdateAccountPolicy() {
  const trpc = useTRPC()
  const refresh = useRefreshAccounts()
  return useMutation(
    trpc.admin.accountPolicy.update.mutationOptions({
      onSuccess: (policy) => {
        toast({
          title: 'Settings saved',
          message: policy.requireTwoFactor
            ? 'Every admin must now sign in with two factors.'
            : 'Two-factor sign-in is now optional.',
        })
        return refresh()
      },
      onError: (error) => toastFailure('The setting could not be saved.', error),
    }),
  )
}
