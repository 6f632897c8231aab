import { Card, Stack } from '@mantine/core'
import type { AdminAccount } from '@shop/schema/accounts'
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { useConfirmDelete } from '../../../components/admin/use-confirm-delete'
import { AdminTable } from '../../../features/admin-accounts/admin-table'
import { InviteAdminForm } from '../../../features/admin-accounts/invite-admin-form'
import { TwoFactorPolicyCard } from '../../../features/admin-accounts/two-factor-policy-card'
import { useAccount } from '../../../features/admin-accounts/use-accounts'
import { useAdmins, useDeleteAdmin, useUpdateAdmin } from '../../../features/admin-accounts/use-admins'
import { usePageMeta } from '../../../features/shop/use-shop'

export function AdminsPage() {
  usePageMeta('Admins')
  const admins = useAdmins()
  const account = useAccount()
  const update = useUpdateAdmin()
  const confirmDelete = useConfirmDelete<AdminAccount>(useDeleteAdmin())
  return (
    <Stack gap="lg">
      <PageHeader title="Admins" subtitle="Who can sign in to the back office, and what they may do" />
      <InviteAdminForm />
      <TwoFactorPolicyCard />
      <Card withBorder padding="lg" radius="md">
        {admins.isError ? (
          <LoadErrorView
            message="The admins could not be loaded."
            onRetry={() => void admins.refetch()}
            isRetrying={admins.isRefetching}
          />
        ) : (
          <AdminTable
            admins={admins.data}
            isLoading={admins.isPending}
            selfId={account.data?.id}
            onChange={(admin, change) => update.mutate({ id: admin.id, ...change })}
            onDelete={confirmDelete.ask}
          />
        )}
      </Card>
      <ConfirmDeleteDialog title="Delete admin" {...confirmDelete.dialogProps}>
        Delete {confirmDelete.target?.username}? This cannot be undone.
      </ConfirmDeleteDialog>
    </Stack>
  )
}
