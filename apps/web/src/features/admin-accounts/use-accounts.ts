import type { AuditEntry, AuditListInput } from '@shop/schema/accounts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { fetchPage, pageQueryKey } from '../../lib/fetch-page'
import { ADMIN_TOKEN_KEY } from '../../lib/session'
import { useTRPC } from '../../lib/trpc'

/** The signed-in admin's account: role and two-factor state (which screens the shell offers). */
export function useAccount() {
  const trpc = useTRPC()
  return useQuery(trpc.auth.account.queryOptions(undefined, { retry: false }))
}

/** Every cached answer about the account and the admins, asked again after a change. */
function useRefreshAccounts() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.auth.pathFilter()),
      queryClient.invalidateQueries(trpc.admin.admins.pathFilter()),
      queryClient.invalidateQueries(trpc.admin.accountPolicy.pathFilter()),
    ])
}

/** The login's second step: the session comes with a right code. */
export function useLoginTwoFactor() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.auth.loginTwoFactor.mutationOptions({
      onSuccess: (result) => {
        try {
          localStorage.setItem(ADMIN_TOKEN_KEY, result.token)
        } catch {
          // Storage unavailable: the httpOnly cookie still carries the session.
        }
        queryClient.setQueryData(trpc.auth.me.queryKey(), result.admin)
      },
    }),
  )
}

export function useAdmins() {
  const trpc = useTRPC()
  return useQuery(trpc.admin.admins.list.queryOptions())
}

export function useCreateAdmin() {
  const trpc = useTRPC()
  const refresh = useRefreshAccounts()
  return useMutation(trpc.admin.admins.create.mutationOptions({ onSuccess: () => refresh() }))
}

export function useUpdateAdmin() {
  const trpc = useTRPC()
  const refresh = useRefreshAccounts()
  return useMutation(trpc.admin.admins.update.mutationOptions({ onSuccess: () => refresh() }))
}

export function useDeleteAdmin() {
  const trpc = useTRPC()
  const refresh = useRefreshAccounts()
  return useMutation(trpc.admin.admins.delete.mutationOptions({ onSuccess: () => refresh() }))
}

export function useAccountPolicy() {
  const trpc = useTRPC()
  return useQuery(trpc.admin.accountPolicy.get.queryOptions())
}

export function useUpdateAccountPolicy() {
  const trpc = useTRPC()
  const refresh = useRefreshAccounts()
  return useMutation(trpc.admin.accountPolicy.update.mutationOptions({ onSuccess: () => refresh() }))
}

export function useChangePassword() {
  const trpc = useTRPC()
  const refresh = useRefreshAccounts()
  return useMutation(trpc.auth.changePassword.mutationOptions({ onSuccess: () => refresh() }))
}

export function useTwoFactorSetup() {
  const trpc = useTRPC()
  return useMutation(trpc.auth.twoFactorSetup.mutationOptions())
}

export function useTwoFactorEnable() {
  const trpc = useTRPC()
  const refresh = useRefreshAccounts()
  return useMutation(trpc.auth.twoFactorEnable.mutationOptions({ onSuccess: () => refresh() }))
}

export function useTwoFactorDisable() {
  const trpc = useTRPC()
  const refresh = useRefreshAccounts()
  return useMutation(trpc.auth.twoFactorDisable.mutationOptions({ onSuccess: () => refresh() }))
}

export function useSessions() {
  const trpc = useTRPC()
  return useQuery(trpc.auth.sessions.queryOptions())
}

export function useRevokeSession() {
  const trpc = useTRPC()
  const refresh = useRefreshAccounts()
  return useMutation(trpc.auth.revokeSession.mutationOptions({ onSuccess: () => refresh() }))
}

export function useRevokeOtherSessions() {
  const trpc = useTRPC()
  const refresh = useRefreshAccounts()
  return useMutation(trpc.auth.revokeOtherSessions.mutationOptions({ onSuccess: () => refresh() }))
}

/** One page of the audit log, filtered, with the count of all matching entries. */
export function useAuditPage(input: AuditListInput) {
  const values = { ...input }
  return useQuery({
    queryKey: pageQueryKey('admin.audit.list', values),
    queryFn: ({ signal }) => fetchPage<AuditEntry>('admin.audit.list', values, signal),
  })
}
