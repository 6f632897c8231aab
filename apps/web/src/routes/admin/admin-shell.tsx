// Mantine styles of the admin's components, with its first screen.
import './admin-styles.css'
import { Center, Loader } from '@mantine/core'
import { useEffect } from 'react'
import { Navigate, Outlet } from 'react-router-dom'
import { AdminLayout } from '../../components/layout/admin-layout'
import { toast } from '../../components/toasts'
import { useCurrentAdmin } from '../../features/admin-auth/use-admin-auth'

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
  if (isPending) {
    return (
      <Center mih="100vh">
        <Loader color="gold" aria-label="Checking your session" />
      </Center>
    )
  }
  if (isError || !admin) return <AuthenticationError />
  return (
    <AdminLayout admin={admin}>
      <Outlet />
    </AdminLayout>
  )
}
