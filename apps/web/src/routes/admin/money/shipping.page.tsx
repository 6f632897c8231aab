import { Button, Card, Stack } from '@mantine/core'
import type { ShippingZone, ShippingZoneInput } from '@shop/schema/money'
import { IconPlus } from '@tabler/icons-react'
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { useConfirmDelete } from '../../../components/admin/use-confirm-delete'
import { useDialogTarget } from '../../../components/admin/use-dialog-target'
import { ShippingZoneFormDialog } from '../../../features/admin-money/shipping-zone-form-dialog'
import { ShippingZoneTable } from '../../../features/admin-money/shipping-zone-table'
import {
  useCreateShippingZone,
  useDeleteShippingZone,
  useShippingZones,
  useUpdateShippingZone,
} from '../../../features/admin-money/use-admin-money'
import { useFormatMoney } from '../../../features/shop/use-format-money'
import { usePageMeta } from '../../../features/shop/use-shop'

export function ShippingPage() {
  usePageMeta('Shipping')
  const { data: zones, isPending, isError, refetch, isRefetching } = useShippingZones()
  const money = useFormatMoney()
  const create = useCreateShippingZone()
  const update = useUpdateShippingZone()
  const formDialog = useDialogTarget<ShippingZone>()
  const confirmDelete = useConfirmDelete<ShippingZone>(useDeleteShippingZone())
  const editing = formDialog.target

  // Closes once saved; a refused save keeps the dialog open, its problems under the fields (and in the toast).
  const onSave = (values: ShippingZoneInput) =>
    (editing ? update.mutateAsync({ id: editing.id, ...values }) : create.mutateAsync(values)).then(formDialog.close)

  return (
    <Stack gap="lg">
      <PageHeader
        title="Shipping"
        subtitle="Where the shop ships and what it costs. An address no zone covers cannot be ordered to."
        back={{ to: '/admin/settings', label: 'Settings' }}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => formDialog.openFor(null)}>
            Add Zone
          </Button>
        }
      />
      <Card withBorder radius="md" p={{ base: 'xs', sm: 'lg' }}>
        {isError ? (
          <LoadErrorView
            message="The shipping zones could not be loaded."
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        ) : (
          <ShippingZoneTable
            zones={zones}
            isLoading={isPending}
            money={money}
            onEdit={formDialog.openFor}
            onDelete={confirmDelete.ask}
          />
        )}
      </Card>
      <ShippingZoneFormDialog
        isOpen={formDialog.isOpen}
        zone={editing}
        isSaving={editing ? update.isPending : create.isPending}
        onClose={formDialog.close}
        onSubmit={onSave}
      />
      <ConfirmDeleteDialog title="Delete shipping zone" {...confirmDelete.dialogProps}>
        Are you sure you want to delete the zone <strong>{confirmDelete.target?.name}</strong> and its methods? Orders
        to its countries are refused afterwards unless another zone covers them.
      </ConfirmDeleteDialog>
    </Stack>
  )
}
