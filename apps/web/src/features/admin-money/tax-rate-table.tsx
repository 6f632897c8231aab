import { Text } from '@mantine/core'
import type { TaxRate } from '@shop/schema/money'
import { type ResourceColumn, ResourceTable } from '../../components/admin/resource-table'
import { editAndDeleteActions } from '../../components/admin/row-actions'

const COLUMNS: ResourceColumn<TaxRate>[] = [
  {
    header: 'Name',
    render: (rate) => (
      <Text size="sm" fw={600}>
        {rate.name}
      </Text>
    ),
  },
  {
    header: 'Where',
    render: (rate) => (rate.region ? `${rate.country}, ${rate.region}` : `${rate.country} (whole country)`),
  },
  { header: 'Rate', layout: { ta: 'right' }, render: (rate) => `${rate.rate}%` },
  { header: 'On shipping', layout: { visibleFrom: 'sm' }, render: (rate) => (rate.appliesToShipping ? 'Yes' : 'No') },
]

interface TaxRateTableProps {
  rates: TaxRate[] | undefined
  isLoading: boolean
  onEdit: (rate: TaxRate) => void
  onDelete: (rate: TaxRate) => void
}

export function TaxRateTable({ rates, isLoading, onEdit, onDelete }: TaxRateTableProps) {
  return (
    <ResourceTable
      columns={COLUMNS}
      rows={rates}
      isLoading={isLoading}
      rowKey={(rate) => rate.id}
      skeletonRows={3}
      emptyText="No tax rates: orders are not taxed."
      minWidth={340}
      actions={{
        of: (rate) =>
          editAndDeleteActions(
            rate.name,
            () => onEdit(rate),
            () => onDelete(rate),
          ),
        w: 80,
        isSticky: true,
      }}
    />
  )
}
