import { Stack, Text } from '@mantine/core'
import { madeToOrderNote } from '@shop/schema/display'
import type { OrderItem } from '@shop/schema/orders'
import { useFormatMoney } from '../shop/use-format-money'

/**
 * What an order line adds to its product's name: the variant bought, each personalisation exactly as the buyer
 * typed it (its own direction, so that Hebrew reads right to left inside an English line) and, for a piece made
 * to order, when it ships.
 */
export function OrderLineDetails({ item }: { item: Pick<OrderItem, 'variantLabel' | 'personalization' | 'leadTime'> }) {
  const formatMoney = useFormatMoney()
  const personalization = item.personalization ?? []
  if (!item.variantLabel && personalization.length === 0 && !item.leadTime) return null
  return (
    <Stack gap={2}>
      {item.variantLabel && (
        <Text size="xs" c="ink.7">
          {item.variantLabel}
        </Text>
      )}
      {personalization.map((entry) => (
        <Text key={entry.label} size="xs" c="ink.7">
          {entry.label}: <span dir="auto">{entry.value}</span>
          {entry.surcharge !== null && ` (+${formatMoney(entry.surcharge)})`}
        </Text>
      ))}
      {item.leadTime && (
        <Text size="xs" c="ink.7" fs="italic">
          {madeToOrderNote(item.leadTime)}
        </Text>
      )}
    </Stack>
  )
}
