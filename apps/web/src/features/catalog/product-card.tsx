import { Badge } from '@mantine/core'
import type { Product } from '@shop/schema/products'
import { Link } from 'react-router-dom'
import { ResponsiveImage } from '../../components/responsive-image'
import { hasMadeToOrder, hasPriceRange } from '../product/variant-choice'
import { useFormatMoney } from '../shop/use-format-money'
import classes from './product-card.module.css'

// The demo artwork is square; an upload carries its own width and height. The box's CSS sets its ratio either way.
const IMAGE_SIZE = 800
/**
 * The card's width in the product grid (product-grid.tsx: 2, 3 then 4 columns, gaps of 16 then 24 px) inside the
 * page's Container (1,320 px at most, 16 px padding each side).
 */
export const PRODUCT_CARD_SIZES =
  '(min-width: 1320px) 304px, (min-width: 62em) calc(25vw - 26px), (min-width: 48em) calc(33.33vw - 27px), calc(50vw - 24px)'

interface ProductCardProps {
  product: Pick<Product, 'id' | 'name' | 'price' | 'imageUrls' | 'stock' | 'categoryName' | 'variants'>
  /** Above the fold: load the image at once. */
  isPriority?: boolean
}

/**
 * A product in a grid (plain elements but for the badge: a grid holds many, and each layout component is one more to
 * hydrate, docs/decisions/0026): the whole card links to its page; its visible text (name, price) names the link. A product
 * whose variants cost different amounts shows "From" its lowest price (the product's `price`).
 */
export function ProductCard({ product, isPriority }: ProductCardProps) {
  // A made-to-order piece sells without stock.
  const formatMoney = useFormatMoney()
  const isOutOfStock = product.stock <= 0 && !hasMadeToOrder(product)
  return (
    <Link to={`/product/${product.id}`} className={classes.card} data-testid="product-card">
      <div className={classes.media}>
        <ResponsiveImage
          src={product.imageUrls[0]}
          sizes={PRODUCT_CARD_SIZES}
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
      </div>
      <div className={classes.body}>
        {product.categoryName && <span className={classes.eyebrow}>{product.categoryName}</span>}
        <span className={classes.name}>{product.name}</span>
        <span className={classes.price}>
          {hasPriceRange(product) ? `From ${formatMoney(product.price)}` : formatMoney(product.price)}
        </span>
      </div>
    </Link>
  )
}
