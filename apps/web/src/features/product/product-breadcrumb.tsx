import { Anchor, Breadcrumbs, Text } from '@mantine/core'
import type { Product } from '@shop/schema/products'
import { Link } from 'react-router-dom'
import classes from './product-breadcrumb.module.css'

/** Home / category / product. The category links to its page when the product has one. */
export function ProductBreadcrumb({ product }: { product: Product }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator="/" separatorMargin={10} classNames={{ root: classes.root, separator: classes.separator }}>
        <Anchor component={Link} to="/" className={classes.link}>
          Home
        </Anchor>
        {product.categoryName &&
          (product.categorySlug ? (
            <Anchor component={Link} to={`/category/${product.categorySlug}`} className={classes.link}>
              {product.categoryName}
            </Anchor>
          ) : (
            <Text span className={classes.link}>
              {product.categoryName}
            </Text>
          ))}
        <Text span className={classes.current} aria-current="page">
          {product.name}
        </Text>
      </Breadcrumbs>
    </nav>
  )
}
