import { Text } from '@mantine/core'
import type { Discount } from '@shop/schema/money'
import { IconCircleCheck, IconCircleOff, IconPencil } from '@tabler/icons-react'
import { ActiveBadge } from '../../components/active-badge'
import { type ResourceColumn, ResourceTable } from '../../components/admin/resource-table'
import { formatDate } from '../../lib/format'

/** "10% off" or "$15.00 off". */
export function discountValueText(discount: Discount, money: (value: string) => string): string {
  return discount.kind === 'percent' ? `${discount.value.replace(/\.?0+$/, '')}% off` : `${money(discount.value)} off`
}

/** "From $50.00 · once per e-mail · Dec 1, 2026 to Dec 31, 2026", or "Any order". */
export function discountConditionsText(discount: Discount, money: (value: string) => string): string {
  const parts: string[] = []
  if (discount.minSubtotal !== null) parts.push(`From ${money(discount.minSubtotal)}`)
  if (discount.oncePerEmail) parts.push('once per e-mail')
  if (discount.startsAt && discount.endsAt) {
    parts.push(`${formatDate(discount.startsAt)} to ${formatDate(discount.endsAt)}`)
  } else if (discount.startsAt) {
    parts.push(`from ${formatDate(discount.startsAt)}`)
  } else if (discount.endsAt) {
    parts.push(`until ${formatDate(discount.endsAt)}`)
  }
  return parts.length ? parts.join(' · ') : 'Any order'
}

interface DiscountTableProps {
  discounts: Discount[] | undefined
  isLoading: boolean
  money: (value: string) => string
  onEdit: (discount: Discount) => void
  onToggle: (discount: Discount) => void
}

export function DiscountTable({ discounts, isLoading, money, onEdit, onToggle }: DiscountTableProps) {
  const columns: ResourceColumn<Discount>[] = [
    {
      header: 'Code',
      render: (discount) => (
        <Text size="sm" fw={600} ff="monospace">
          {discount.code}
        </Text>
      ),
    },
    { header: 'Discount', cellProps: { style: { whiteSpace: 'nowrap' } }, render: (d) => discountValueText(d, money) },
    {
      header: 'Conditions',
      // A phone shows the code, its discount, its uses and its status without scrolling; the form has the rest.
      layout: { visibleFrom: 'sm' },
      render: (discount) => (
        <Text size="sm" c="ink.7">
          {discountConditionsText(discount, money)}
        </Text>
      ),
    },
    {
      header: 'Uses so far',
      layout: { ta: 'right' },
      render: (discount) => (discount.maxUses === null ? discount.uses : `${discount.uses} of ${discount.maxUses}`),
    },
    { header: 'Status', render: (discount) => <ActiveBadge isActive={discount.active} /> },
  ]
  return (
    <ResourceTable
      columns={columns}
      rows={discounts}
      isLoading={isLoading}
      rowKey={(discount) => discount.id}
      skeletonRows={5}
      emptyText="No discount codes yet."
      minWidth={360}
      actions={{
        of: (discount) => [
          {
            label: 'Edit',
            name: `Edit ${discount.code}`,
            icon: <IconPencil size={18} />,
            onClick: () => onEdit(discount),
          },
          discount.active
            ? {
                label: 'Deactivate',
                name: `Deactivate ${discount.code}`,
                icon: <IconCircleOff size={18} />,
                onClick: () => onToggle(discount),
                isDestructive: true,
              }
            : {
                label: 'Activate',
                name: `Activate ${discount.code}`,
                icon: <IconCircleCheck size={18} />,
                onClick: () => onToggle(discount),
              },
        ],
        w: 80,
        isSticky: true,
      }}
    />
  )
}
