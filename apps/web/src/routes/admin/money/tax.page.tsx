import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { TaxRate, TaxRateInput } from '@shop/schema/money'
import { IconPlus } from '@tabler/icons-react'
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { useConfirmDelete } from '../../../components/admin/use-confirm-delete'
import { useDialogTarget } from '../../../components/admin/use-dialog-target'
import { MoneySettingsForm } from '../../../features/admin-money/money-settings-form'
import { TaxRateFormDialog } from '../../../features/admin-money/tax-rate-form-dialog'
import { TaxRateTable } from '../../../features/admin-money/tax-rate-table'
import {
  useCreateTaxRate,
  useDeleteTaxRate,
  useMoneySettings,
  useSaveMoneySettings,
  useTaxRates,
  useUpdateTaxRate,
} from '../../../features/admin-money/use-admin-money'
import { usePageMeta } from '../../../features/shop/use-shop'

export function TaxPage() {
  usePageMeta('Tax and currency')
  const settings = useMoneySettings()
  const save = useSaveMoneySettings()
  const rates = useTaxRates()
  const create = useCreateTaxRate()
  const update = useUpdateTaxRate()
  const formDialog = useDialogTarget<TaxRate>()
  const confirmDelete = useConfirmDelete<TaxRate>(useDeleteTaxRate())
  const editing = formDialog.target

  // Closes once saved; a refused save keeps the dialog open, its problems under the fields (and in the toast).
  const onSave = (values: TaxRateInput) =>
    (editing ? update.mutateAsync({ id: editing.id, ...values }) : create.mutateAsync(values)).then(formDialog.close)

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title="Tax and currency"
        subtitle="The currency of every amount, whether prices include tax, and the tax rates by country or state."
        back={{ to: '/admin/settings', label: 'Settings' }}
      />
      {settings.isError ? (
        <Card withBorder padding="lg" radius="md">
          <LoadErrorView
            message="The currency settings could not be loaded."
            onRetry={() => void settings.refetch()}
            isRetrying={settings.isRefetching}
          />
        </Card>
      ) : settings.data ? (
        <MoneySettingsForm settings={settings.data} isSaving={save.isPending} onSave={save.mutateAsync} />
      ) : (
        <Skeleton height={260} radius="md" aria-busy="true" aria-label="Loading the currency settings" />
      )}
      <Card withBorder radius="md" p={{ base: 'xs', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" mb="md" gap="sm">
          <div>
            <Title order={2} fz="lg">
              Tax rates
            </Title>
            <Text size="sm" c="ink.7">
              A state's rate applies before its country's. Tax is worked out once per order, on the goods after the
              discount.
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} />} onClick={() => formDialog.openFor(null)}>
            Add Tax Rate
          </Button>
        </Group>
        {rates.isError ? (
          <LoadErrorView
            message="The tax rates could not be loaded."
            onRetry={() => void rates.refetch()}
            isRetrying={rates.isRefetching}
          />
        ) : (
          <TaxRateTable
            rates={rates.data}
            isLoading={rates.isPending}
            onEdit={formDialog.openFor}
            onDelete={confirmDelete.ask}
          />
        )}
      </Card>
      <TaxRateFormDialog
        isOpen={formDialog.isOpen}
        rate={editing}
        defaultCountry={settings.data?.defaultCountry ?? ''}
        isSaving={editing ? update.isPending : create.isPending}
        onClose={formDialog.close}
        onSubmit={onSave}
      />
      <ConfirmDeleteDialog title="Delete tax rate" {...confirmDelete.dialogProps}>
        Are you sure you want to delete the tax rate <strong>{confirmDelete.target?.name}</strong>? Orders already
        placed keep the tax they were charged.
      </ConfirmDeleteDialog>
    </Stack>
  )
}
