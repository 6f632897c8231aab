import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ADMIN_TOKEN_KEY } from '../../lib/session'
import { useTRPC } from '../../lib/trpc'

// The current-admin call is cached 5 minutes and never retried.
const CURRENT_ADMIN_STALE_MS = 5 * 60_000

export function useCurrentAdmin() {
  const trpc = useTRPC()
  return useQuery(trpc.auth.me.queryOptions(undefined, { staleTime: CURRENT_ADMIN_STALE_MS, retry: false }))
}

function storeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(ADMIN_TOKEN_KEY, token)
    else localStorage.removeItem(ADMIN_TOKEN_KEY)
  } catch {
    // Storage unavailable: the httpOnly cookie still carries the session.
  }
}

/** Logs in; the token goes to localStorage.adminToken (sent as Bearer), the cookie is set by the server. */
export function useLogin() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: (result) => {
        // An admin with two-factor sign-in gets a challenge first: the session comes with the code.
        if (!('token' in result)) return
        storeToken(result.token)
        queryClient.setQueryData(trpc.auth.me.queryKey(), result.admin)
      },
    }),
  )
}

/** Ends the session on the server, forgets the token and every cached admin answer. */
export function useLogout() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: () => {
        storeToken(null)
        queryClient.removeQueries(trpc.auth.pathFilter())
        queryClient.removeQueries(trpc.admin.pathFilter())
      },
    }),
  )
}

export function useForgotPassword() {
  const trpc = useTRPC()
  return useMutation(trpc.auth.forgotPassword.mutationOptions())
}

export function useResetPassword() {
  const trpc = useTRPC()
  return useMutation(trpc.auth.resetPassword.mutationOptions())
}
