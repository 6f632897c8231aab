import { ActionIcon, Anchor, Button, Divider, Group, Stack, Text, Title } from '@mantine/core'
import type { Product } from '@shop/schema/products'
import { IconHeart, IconShoppingBag } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { formatMoney } from '../../lib/format'
import { isInStock } from './product'
import { ProductAssurances } from './product-assurances'
import classes from './product-details.module.css'
import { ProductRating } from './product-rating'
import { QuantitySelector } from './quantity-selector'

interface ProductDetailsProps {
  product: Product
  onAddToCart: (quantity: number) => void
}

/** Everything beside the gallery: name, price, description, facts, quantity and Add to Cart. */
export function ProductDetails({ product, onAddToCart }: ProductDetailsProps) {
  const [quantity, setQuantity] = useState(1)
  const inStock = isInStock(product)

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        {product.categoryName && <Text className={classes.eyebrow}>{product.categoryName}</Text>}
        <Title order={1} className={classes.name}>
          {product.name}
        </Title>
        <ProductRating />
      </Stack>

      <Text className={classes.price}>{formatMoney(product.price)}</Text>

      <Text className={classes.description}>{product.description}</Text>

      <dl className={classes.facts}>
        <div className={classes.fact}>
          <dt>SKU</dt>
          <dd>{product.sku}</dd>
        </div>
        <div className={classes.fact}>
          <dt>Category</dt>
          <dd>
            {product.categorySlug && product.categoryName ? (
              <Anchor component={Link} to={`/category/${product.categorySlug}`} className={classes.factLink}>
                {product.categoryName}
              </Anchor>
            ) : (
              (product.categoryName ?? 'Uncategorized')
            )}
          </dd>
        </div>
        <div className={classes.fact}>
          <dt>In stock</dt>
          <dd data-in-stock={inStock || undefined} className={classes.stock}>
            {inStock ? 'Yes' : 'No'}
          </dd>
        </div>
      </dl>

      <Divider color="gold.1" />

      <Group gap="sm" align="flex-end" wrap="wrap">
        <QuantitySelector value={quantity} onChange={setQuantity} max={product.stock} isDisabled={!inStock} />
        <Group gap="sm" wrap="nowrap" className={classes.actions}>
          <Button
            size="lg"
            h={48}
            className={classes.addButton}
            leftSection={<IconShoppingBag size={18} stroke={1.5} />}
            disabled={!inStock}
            onClick={() => onAddToCart(quantity)}
          >
            {inStock ? 'Add to Cart' : 'Out of Stock'}
          </Button>
          <ActionIcon variant="default" size={48} aria-label="Add to wishlist" className={classes.wishlist}>
            <IconHeart size={20} stroke={1.5} />
          </ActionIcon>
        </Group>
      </Group>

      <ProductAssurances />
    </Stack>
  )
}
