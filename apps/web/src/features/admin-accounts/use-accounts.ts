import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toastFailure } from '../../components/admin/toast-failure'
import { toast } from '../../components/toasts'
import { apiMessageOf } from '../../lib/api-error'
import { ADMIN_TOKEN_KEY } from '../../lib/session'
import { useTRPC } from '../../lib/trpc'

// The signed-in admin's own account: its role, two-factor sign-in, password and sessions. Each write toasts how it
// went; the screens only add what is theirs (a form reset, the recovery codes shown once).

/** The signed-in admin's account: role and two-factor state (which screens the shell offers). */
export function useAccount() {
  const trpc = useTRPC()
  return useQuery(trpc.auth.account.queryOptions(undefined, { retry: false }))
}

/** Every cached answer about the account and the admins, asked again after a change. */
export function useRefreshAccounts() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.auth.pathFilter()),
      queryClient.invalidateQueries(trpc.admin.admins.pathFilter()),
      queryClient.invalidateQueries(trpc.admin.accountPolicy.pathFilter()),
    ])
}

/** The login's second step: the session comes with a right code; a wrong one toasts the API's reason. */
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
      onError: (error) => toast({ title: 'Login Failed', message: loginFailureOf(error), isError: true }),
    }),
  )
}

/** Why the login's second step failed, for its toast and its field: the API's reason, else a generic one. */
export function loginFailureOf(error: unknown): string {
  return apiMessageOf(error) ?? 'Authentication failed'
}

export function useChangePassword() {
  const trpc = useTRPC()
  const refresh = useRefreshAccounts()
  return useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: (result) => {
        toast({ title: 'Password changed', message: result.message })
        return refresh()
      },
      onError: (error) => toastFailure('Your password could not be changed.', error),
    }),
  )
}

export function useTwoFactorSetup() {
  const trpc = useTRPC()
  return useMutation(
    trpc.auth.twoFactorSetup.mutationOptions({
      onError: (error) => toastFailure('Two-factor sign-in could not be started.', error),
    }),
  )
}

export function useTwoFactorEnable() {
  const trpc = useTRPC()
  const refresh = useRefreshAccounts()
  return useMutation(
    trpc.auth.twoFactorEnable.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Two-factor sign-in is on' })
        return refresh()
      },
      onError: (error) => toastFailure('Two-factor sign-in could not be turned on.', error),
    }),
  )
}

export function useTwoFactorDisable() {
  const trpc = useTRPC()
  const refresh = useRefreshAccounts()
  return useMutation(
    trpc.auth.twoFactorDisable.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Two-factor sign-in is off' })
        return refresh()
      },
      onError: (error) => toastFailure('Two-factor sign-in could not be turned off.', error),
    }),
  )
}

export function useSessions() {
  const trpc = useTRPC()
  return useQuery(trpc.auth.sessions.queryOptions())
}

export function useRevokeSession() {
  const trpc = useTRPC()
  const refresh = useRefreshAccounts()
  return useMutation(
    trpc.auth.revokeSession.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Session signed out' })
        return refresh()
      },
      onError: (error) => toastFailure('The session could not be signed out.', error),
    }),
  )
}

export function useRevokeOtherSessions() {
  const trpc = useTRPC()
  const refresh = useRefreshAccounts()
  return useMutation(
    trpc.auth.revokeOtherSessions.mutationOptions({
      onSuccess: (result) => {
        toast({ title: 'Signed out', message: result.message })
        return refresh()
      },
      onError: (error) => toastFailure('The sessions could not be signed out.', error),
    }),
  )
}
