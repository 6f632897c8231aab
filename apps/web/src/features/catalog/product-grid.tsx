import { Box, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core'
import type { Product } from '@shop/schema/products'
import type { ReactNode } from 'react'
import { ProductCard } from './product-card'
import classes from './product-card.module.css'

const GRID_COLS = { base: 2, sm: 3, md: 4 }
// A grid at the top of its page fetches its first image at once and first: the largest paint, as on the home and
// product pages. The others wait for layout, which on a phone is a moment after the first paint: over HTTP/1.1 a
// browser opens six connections to a host, and an image asked for with the stylesheet takes one of them from the
// page's code (docs/decisions/0031).
const PRIORITY_IMAGE_COUNT = 1
const GRID_SPACING = { base: 'md', sm: 'lg' }
const GRID_VERTICAL_SPACING = { base: 'xl', sm: 48 }

interface ProductGridProps {
  products: Product[] | undefined
  isLoading: boolean
  /** How many placeholder cards to show while loading (4 on home, 8 on the category page). */
  skeletonCount: number
  /** The grid is its page's first content: its first row's images load at once. */
  isAtTop?: boolean
  /** Shown instead of the grid when the list is empty. */
  empty?: ReactNode
  /** Placeholder cards after the products while the next page of them loads. */
  pendingCount?: number
}

/** Products in a responsive grid, with placeholder cards while loading. */
export function ProductGrid({
  products,
  isLoading,
  skeletonCount,
  isAtTop = false,
  empty,
  pendingCount = 0,
}: ProductGridProps) {
  if (isLoading) {
    return (
      <Box role="status" aria-busy>
        <VisuallyHidden>Loading products</VisuallyHidden>
        <SimpleGrid cols={GRID_COLS} spacing={GRID_SPACING} verticalSpacing={GRID_VERTICAL_SPACING}>
          {Array.from({ length: skeletonCount }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <ProductCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      </Box>
    )
  }
  if (!products || products.length === 0) return <>{empty}</>
  return (
    <SimpleGrid cols={GRID_COLS} spacing={GRID_SPACING} verticalSpacing={GRID_VERTICAL_SPACING}>
      {products.map((product, i) => (
        <ProductCard key={product.id} product={product} isPriority={isAtTop && i < PRIORITY_IMAGE_COUNT} />
      ))}
      {Array.from({ length: pendingCount }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <ProductCardSkeleton key={`pending-${i}`} />
      ))}
    </SimpleGrid>
  )
}

/** One placeholder card: a single Skeleton for the image, quiet bars for the text. */
export function ProductCardSkeleton() {
  return (
    <Box data-testid="product-card-skeleton" aria-hidden>
      <Skeleton className={`${classes.media} ${classes.skeleton}`} radius="sm" />
      <Stack gap={8} align="center" pt="md">
        <Box className={classes.skeletonLine} w="34%" />
        <Box className={classes.skeletonLine} w="72%" h={14} />
        <Box className={classes.skeletonLine} w="26%" />
      </Stack>
    </Box>
  )
}
