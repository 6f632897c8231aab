import { Text } from '@mantine/core'
import type { Money } from '@shop/schema/common'
import { type LeadTime, madeToOrderNote } from '@shop/schema/display'
import classes from './order-line-details.module.css'

interface OrderLineDetailsProps {
  line: {
    variantLabel?: string | null
    personalization?: ReadonlyArray<{ label: string; value: string; surcharge?: Money | null }>
    leadTime?: LeadTime | null
  }
  /** Given, each personalisation is followed by what it added to the unit price: " (+$10.00)". The admin's lines. */
  formatSurcharge?: (amount: Money) => string
}

/**
 * What sets an order line apart besides its product: the variant ("Size 7 / Sterling silver"), each personalisation
 * ("Engraving: Jn 3:16", as personalizationLine of @shop/schema/display writes it) and, for a made-to-order piece,
 * when it ships. The cart drawer, the checkout summary, the guest order page and the admin's order show the same.
 * What the buyer typed keeps its own direction (dir="auto"), so that Hebrew reads right to left inside an English line.
 */
export function OrderLineDetails({ line, formatSurcharge }: OrderLineDetailsProps) {
  const { variantLabel, personalization = [], leadTime } = line
  if (!variantLabel && personalization.length === 0 && !leadTime) return null
  return (
    <div className={classes.details}>
      {variantLabel && (
        <Text size="xs" c="ink.8" className={classes.detail}>
          {variantLabel}
        </Text>
      )}
      {personalization.map((entry) => (
        <Text key={entry.label} size="xs" c="ink.8" className={classes.detail}>
          {entry.label}: <span dir="auto">{entry.value}</span>
          {formatSurcharge && entry.surcharge != null && ` (+${formatSurcharge(entry.surcharge)})`}
        </Text>
      ))}
      {leadTime && (
        <Text size="xs" className={classes.madeToOrder}>
          {madeToOrderNote(leadTime)}
        </Text>
      )}
    </div>
  )
}
