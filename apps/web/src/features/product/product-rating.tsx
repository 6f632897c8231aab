import { Group, Text } from '@mantine/core'
import { IconStarFilled } from '@tabler/icons-react'

// The storefront shows no reviews yet: the spec fixes this label and a full row of stars on every product.
const REVIEW_COUNT = 24
const STARS = [1, 2, 3, 4, 5]

export function ProductRating() {
  return (
    <Group gap="xs" wrap="nowrap">
      <Group gap={2} wrap="nowrap" aria-hidden>
        {STARS.map((star) => (
          <IconStarFilled key={star} size={14} color="var(--mantine-color-gold-5)" />
        ))}
      </Group>
      <Text size="sm" c="ink.7">
        {REVIEW_COUNT} reviews
      </Text>
    </Group>
  )
}
