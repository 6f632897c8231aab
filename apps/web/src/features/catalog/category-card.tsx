import { Box, Skeleton, Stack } from '@mantine/core'
import type { Category } from '@shop/schema/categories'
import { IconArrowRight } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { STOCK_IMAGE } from '../../components/fallback-image'
import { ResponsiveImage } from '../../components/responsive-image'
// Category cards share the product card's frame, label and hover lift.
import classes from './product-card.module.css'

// The home page shows a fixed piece count on every category card, not a real count.
export const CATEGORY_PIECE_COUNT = 20
const IMAGE_WIDTH = 800
const IMAGE_HEIGHT = 600
/**
 * The card's width on the home page (one card, then 2, then 4 in a row, 24 px apart) inside the page's Container
 * (1,320 px at most, 16 px padding each side).
 */
const CATEGORY_CARD_SIZES =
  '(min-width: 1320px) 304px, (min-width: 62em) calc(25vw - 26px), (min-width: 36em) calc(50vw - 28px), calc(100vw - 32px)'

/** A category on the home page, in plain elements as the product card; the whole card is its 'Explore {name}' link. */
export function CategoryCard({ category }: { category: Pick<Category, 'name' | 'slug' | 'imageUrl'> }) {
  return (
    <Link to={`/category/${category.slug}`} className={classes.card} data-testid="category-card">
      <div className={`${classes.media} ${classes.wide}`}>
        <ResponsiveImage
          src={category.imageUrl}
          sizes={CATEGORY_CARD_SIZES}
          fallback={STOCK_IMAGE}
          alt=""
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          className={classes.image}
        />
      </div>
      <div className={classes.categoryBody}>
        <span className={`${classes.name} ${classes.nameLarge}`}>{category.name}</span>
        <span className={classes.eyebrow}>{CATEGORY_PIECE_COUNT} pieces</span>
        <span className={classes.explore}>
          <span>
            Explore<span className={classes.hidden}> {category.name}</span>
          </span>
          <IconArrowRight size={16} stroke={1.5} aria-hidden />
        </span>
      </div>
    </Link>
  )
}

/** A placeholder card while the categories load: one Skeleton for the image, quiet bars for the text. */
export function CategoryCardSkeleton() {
  return (
    <Box data-testid="category-card-skeleton" aria-hidden>
      <Skeleton className={`${classes.media} ${classes.wide} ${classes.skeleton}`} radius="sm" />
      <Stack gap={8} align="center" pt="md">
        <Box className={classes.skeletonLine} w="46%" h={16} />
        <Box className={classes.skeletonLine} w="24%" />
        <Box className={classes.skeletonLine} w="20%" />
      </Stack>
    </Box>
  )
}
