// Mantine styles of the admin's components, with its first screen.
import './admin-styles.css'
import { Center, Loader } from '@mantine/core'
import { OWNER_ONLY_MESSAGE, TWO_FACTOR_REQUIRED_MESSAGE } from '@shop/schema/accounts'
import type { ProcedurePath } from '@shop/schema/routes'
import { IconLock } from '@tabler/icons-react'
import { useEffect } from 'react'
import { Navigate, Outlet } from 'react-router-dom'
import { NotFoundView } from '../../components/admin/not-found-view'
import { AdminLayout } from '../../components/layout/admin-layout'
import { toast } from '../../components/toasts'
import { useAccount } from '../../features/admin-accounts/use-accounts'
import { useCurrentAdmin } from '../../features/admin-auth/use-admin-auth'
import { apiFetch } from '../../lib/api-fetch'
import { buildRequest } from '../../lib/rest-link'
import { useRouteHandles } from '../../lib/shop-route'

/** A route's `handle`: owner-only screens (admin-routes.tsx), as the API's route table marks their calls. */
export interface AdminRouteHandle {
  /** The screen's main read, which the API answers staff with 403 (and writes into the audit log). */
  ownerOnly?: ProcedurePath
  /** Open while the shop requires two-factor sign-in of an admin who has not turned it on (the Account screen). */
  isAccount?: boolean
}

/** Which screen a staff member, or an admin who owes a second factor, may not open; with the reason. */
function useRefusal(role: string | undefined, mustEnableTwoFactor: boolean | undefined): string | undefined {
  const handles = useRouteHandles().map((handle) => (handle ?? {}) as AdminRouteHandle)
  const ownerOnly = role && role !== 'owner' ? handles.find((handle) => handle.ownerOnly)?.ownerOnly : undefined
  // The screen is not shown, but its read is still asked of the server, which decides (403) and records the attempt
  // in the audit log, as it would for a staff member calling the API directly.
  useEffect(() => {
    if (ownerOnly) apiFetch(buildRequest(ownerOnly, undefined).url).catch(() => undefined)
  }, [ownerOnly])
  if (mustEnableTwoFactor && !handles.some((handle) => handle.isAccount)) return TWO_FACTOR_REQUIRED_MESSAGE
  if (ownerOnly) return OWNER_ONLY_MESSAGE
  return undefined
}

function AuthenticationError() {
  // A side effect of the failed check, shown once as the visitor is sent to the login screen.
  useEffect(() => {
    toast({ title: 'Authentication Error', message: 'Please log in to access the admin dashboard', isError: true })
  }, [])
  return <Navigate to="/admin/login" replace />
}

/** The guard of every back-office route: nothing of the admin renders until the session is confirmed. */
export function AdminShell() {
  const { data: admin, isPending, isError } = useCurrentAdmin()
  const account = useAccount()
  const refusal = useRefusal(account.data?.role, account.data?.mustEnableTwoFactor)
  // The account (role, two-factor) loads beside the screen rather than before it: owner links appear when it
  // arrives, and a refused screen is replaced as soon as it is known (the API refuses its calls meanwhile).
  if (isPending) {
    return (
      <Center mih="100vh">
        <Loader color="gold" aria-label="Checking your session" />
      </Center>
    )
  }
  if (isError || !admin) return <AuthenticationError />
  return (
    <AdminLayout admin={admin} role={account.data?.role ?? 'staff'}>
      {refusal ? (
        <NotFoundView
          title="Not Allowed"
          message={refusal}
          icon={IconLock}
          back={
            refusal === TWO_FACTOR_REQUIRED_MESSAGE
              ? { to: '/admin/account', label: 'Go to your account' }
              : { to: '/admin', label: 'Back to Dashboard' }
          }
        />
      ) : (
        <Outlet />
      )}
    </AdminLayout>
  )
}
