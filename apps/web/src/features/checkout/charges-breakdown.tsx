import { Group, Stack, Text } from '@mantine/core'
import type { OrderCharges } from '@shop/schema/orders'
import { formatMoneyIn } from '../../lib/format'

interface ChargesBreakdownProps {
  charges: OrderCharges
  total: string
  itemCount: number
  currency?: string | undefined
}

/**
 * An order's money as charged and stored (issue #16): subtotal, discount with its code, shipping with its method,
 * tax (added, or included in the prices) and the total. The confirmation and the guest order page show it.
 */
export function ChargesBreakdown({ charges, total, itemCount, currency = 'USD' }: ChargesBreakdownProps) {
  const money = (value: string) => formatMoneyIn(value, currency)
  const rows: Array<[string, string]> = [
    [`Subtotal (${itemCount} ${itemCount === 1 ? 'item' : 'items'})`, money(charges.subtotal)],
  ]
  if (Number(charges.discount) > 0) {
    rows.push([`Discount${charges.discountCode ? ` (${charges.discountCode})` : ''}`, `-${money(charges.discount)}`])
  }
  rows.push([
    charges.shippingMethod ? `Shipping (${charges.shippingMethod})` : 'Shipping',
    Number(charges.shipping) === 0 ? 'Free' : money(charges.shipping),
  ])
  if (Number(charges.tax) > 0) rows.push([charges.taxIncluded ? 'Tax (included)' : 'Tax', money(charges.tax)])
  return (
    <Stack gap={6} aria-label="Charges">
      {rows.map(([label, value]) => (
        <Group key={label} justify="space-between" wrap="nowrap">
          <Text size="sm" c="ink.7">
            {label}
          </Text>
          <Text size="sm">{value}</Text>
        </Group>
      ))}
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>Total</Text>
        <Text fw={700} fz="lg" c="gold.8">
          {money(total)}
        </Text>
      </Group>
    </Stack>
  )
}
