import { Text } from '@mantine/core'
import { type LeadTime, madeToOrderNote, personalizationLine } from '@shop/schema/display'
import classes from './line-details.module.css'

interface LineDetailsProps {
  variantLabel?: string | null
  personalization?: ReadonlyArray<{ label: string; value: string }>
  leadTime?: LeadTime | null
}

/**
 * What sets a line apart besides its product: the variant ("Size 7 / Sterling silver"), each personalisation
 * ("Engraving: Jn 3:16") and, for a made-to-order piece, when it ships. The cart drawer, the checkout summary and the
 * guest order page show the same.
 */
export function LineDetails({ variantLabel, personalization = [], leadTime }: LineDetailsProps) {
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
          {personalizationLine(entry)}
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
