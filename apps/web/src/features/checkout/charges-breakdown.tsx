import { Group, Stack, Text } from '@mantine/core'
import { chargeRows } from '@shop/schema/charges'
import type { OrderCharges } from '@shop/schema/orders'

interface ChargesBreakdownProps {
  charges: OrderCharges
  total: string
  itemCount: number
  currency?: string | undefined
}

/**
 * An order's money as charged and stored, in the buyer's words of the shop's one rule (@shop/schema/charges):
 * shipping that costs nothing reads Free, and no tax shows no tax row. The confirmation and the guest order page
 * show it.
 */
export function ChargesBreakdown({ charges, total, itemCount, currency }: ChargesBreakdownProps) {
  const rows = chargeRows({ ...charges, total }, { audience: 'buyer', currency, itemCount })
  return (
    <Stack gap={6} aria-label="Charges">
      {rows.map((row) =>
        row.kind === 'total' ? (
          <Group key={row.kind} justify="space-between" wrap="nowrap">
            <Text fw={700}>{row.label}</Text>
            <Text fw={700} fz="lg" c="gold.8">
              {row.amount}
            </Text>
          </Group>
        ) : (
          <Group key={row.kind} justify="space-between" wrap="nowrap">
            <Text size="sm" c="ink.7">
              {row.label}
            </Text>
            <Text size="sm">{row.amount}</Text>
          </Group>
        ),
      )}
    </Stack>
  )
}
