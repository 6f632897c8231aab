import { Stack, Text } from '@mantine/core'
import type { ShippingMethod, ShippingZone } from '@shop/schema/money'
import { type ResourceColumn, ResourceTable } from '../../components/admin/resource-table'
import { editAndDeleteActions } from '../../components/admin/row-actions'

/** "Standard: $9.95, free over $500.00 (3-5 business days)" */
export function methodSummary(method: ShippingMethod, money: (value: string) => string): string {
  const price = Number(method.price) === 0 ? 'free' : money(method.price)
  const free = method.freeOver === null ? '' : `, free over ${money(method.freeOver)}`
  const estimate = method.estimate ? ` (${method.estimate})` : ''
  return `${method.name}: ${price}${free}${estimate}`
}

interface ShippingZoneTableProps {
  zones: ShippingZone[] | undefined
  isLoading: boolean
  money: (value: string) => string
  onEdit: (zone: ShippingZone) => void
  onDelete: (zone: ShippingZone) => void
}

export function ShippingZoneTable({ zones, isLoading, money, onEdit, onDelete }: ShippingZoneTableProps) {
  const columns: ResourceColumn<ShippingZone>[] = [
    {
      header: 'Zone',
      render: (zone) => (
        <>
          <Text size="sm" fw={600}>
            {zone.name}
          </Text>
          {/* A phone shows the areas under the name, leaving the width to the methods. */}
          <Text size="xs" ff="monospace" c="ink.7" hiddenFrom="sm">
            {zone.areas.join(', ')}
          </Text>
        </>
      ),
    },
    {
      header: 'Ships to',
      layout: { visibleFrom: 'sm' },
      render: (zone) => (
        <Text size="sm" ff="monospace" c="ink.7" maw={220}>
          {zone.areas.join(', ')}
        </Text>
      ),
    },
    {
      header: 'Methods',
      render: (zone) => (
        <Stack gap={2}>
          {zone.methods.map((method) => (
            <Text key={method.id} size="sm">
              {methodSummary(method, money)}
            </Text>
          ))}
        </Stack>
      ),
    },
  ]
  return (
    <ResourceTable
      columns={columns}
      rows={zones}
      isLoading={isLoading}
      rowKey={(zone) => zone.id}
      skeletonRows={3}
      emptyText="No shipping zones: every order ships free, everywhere."
      minWidth={340}
      actions={{
        of: (zone) =>
          editAndDeleteActions(
            zone.name,
            () => onEdit(zone),
            () => onDelete(zone),
          ),
        w: 80,
        isSticky: true,
      }}
    />
  )
}
