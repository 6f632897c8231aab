import { Badge, Box, Text } from '@mantine/core'
import type { Product } from '@shop/schema/products'
import { Link } from 'react-router-dom'
import { FallbackImage } from '../../components/fallback-image'
import { formatMoney } from '../../lib/format'
import { hasMadeToOrder, hasPriceRange } from '../product/variant-choice'
import classes from './product-card.module.css'

// The demo artwork and most shop photos are square; width/height give the box its ratio before the image loads.
const IMAGE_SIZE = 800

interface ProductCardProps {
  product: Pick<Product, 'id' | 'name' | 'price' | 'imageUrls' | 'stock' | 'categoryName' | 'variants'>
  /** Above the fold: load the image at once. */
  isPriority?: boolean
}

/**
 * A product in a grid: the whole card links to its page; its visible text (name, price) names the link. A product
 * whose variants cost different amounts shows "From" its lowest price (the product's `price`).
 */
export function ProductCard({ product, isPriority }: ProductCardProps) {
  // A made-to-order piece sells without stock.
  const isOutOfStock = product.stock <= 0 && !hasMadeToOrder(product)
  return (
    <Link to={`/product/${product.id}`} className={classes.card} data-testid="product-card">
      <Box className={classes.media}>
        <FallbackImage
          src={product.imageUrls[0]}
          // The card's text names the link; the picture adds nothing a screen reader needs twice.
          alt=""
          width={IMAGE_SIZE}
          height={IMAGE_SIZE}
          isPriority={isPriority}
          className={classes.image}
        />
        {isOutOfStock && (
          <Badge className={classes.badge} radius="xs" size="sm" variant="outline">
            Out of Stock
          </Badge>
        )}
      </Box>
      <Box className={classes.body}>
        {product.categoryName && (
          <Text component="span" className={classes.eyebrow}>
            {product.categoryName}
          </Text>
        )}
        <Text component="span" className={classes.name}>
          {product.name}
        </Text>
        <Text component="span" className={classes.price}>
          {hasPriceRange(product) ? `From ${formatMoney(product.price)}` : formatMoney(product.price)}
        </Text>
      </Box>
    </Link>
  )
}
