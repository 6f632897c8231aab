import { Group } from '@mantine/core'
import { IconStar, IconStarFilled } from '@tabler/icons-react'

const MAX_RATING = 5

/** A rating as a row of stars, read out as "4 out of 5 stars". */
export function RatingStars({ rating }: { rating: number }) {
  return (
    <Group gap={1} wrap="nowrap" role="img" aria-label={`${rating} out of ${MAX_RATING} stars`}>
      {Array.from({ length: MAX_RATING }, (_, i) =>
        i < rating ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items
          <IconStarFilled key={i} size={15} color="var(--mantine-color-gold-5)" aria-hidden />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items
          <IconStar key={i} size={15} color="var(--mantine-color-gray-5)" aria-hidden />
        ),
      )}
    </Group>
  )
}
