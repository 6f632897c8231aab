import { Button, Card, Stack } from '@mantine/core'
import type { Discount, DiscountInput } from '@shop/schema/money'
import { IconPlus } from '@tabler/icons-react'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { useDialogTarget } from '../../../components/admin/use-dialog-target'
import { DiscountFormDialog, discountInputFrom } from '../../../features/admin-money/discount-form-dialog'
import { DiscountTable } from '../../../features/admin-money/discount-table'
import { useCreateDiscount, useDiscounts, useUpdateDiscount } from '../../../features/admin-money/use-admin-money'
import { useFormatMoney } from '../../../features/shop/use-format-money'
import { usePageMeta } from '../../../features/shop/use-shop'

export function DiscountsPage() {
  usePageMeta('Discounts')
  const { data: discounts, isPending, isError, refetch, isRefetching } = useDiscounts()
  const money = useFormatMoney()
  const create = useCreateDiscount()
  const update = useUpdateDiscount()
  const formDialog = useDialogTarget<Discount>()
  const editing = formDialog.target

  // Closes once saved; a refused save keeps the dialog open, its problems under the fields (and in the toast).
  const onSave = (values: DiscountInput) =>
    (editing ? update.mutateAsync({ id: editing.id, ...values }) : create.mutateAsync(values)).then(formDialog.close)
  // Deactivating keeps the code and its uses: checkout refuses it until it is active again.
  const onToggle = (discount: Discount) =>
    update.mutate({ id: discount.id, ...discountInputFrom(discount), active: !discount.active })

  return (
    <Stack gap="lg">
      <PageHeader
        title="Discounts"
        subtitle="Codes buyers enter at checkout, and how often each has been used."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => formDialog.openFor(null)}>
            Add Code
          </Button>
        }
      />
      <Card withBorder radius="md" p={{ base: 'xs', sm: 'lg' }}>
        {isError ? (
          <LoadErrorView
            message="The discount codes could not be loaded."
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        ) : (
          <DiscountTable
            discounts={discounts}
            isLoading={isPending}
            money={money}
            onEdit={formDialog.openFor}
            onToggle={onToggle}
          />
        )}
      </Card>
      <DiscountFormDialog
        isOpen={formDialog.isOpen}
        discount={editing}
        isSaving={editing ? update.isPending : create.isPending}
        onClose={formDialog.close}
        onSubmit={onSave}
      />
    </Stack>
  )
}
