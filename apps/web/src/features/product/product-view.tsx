import { SimpleGrid } from '@mantine/core'
import type { Product } from '@shop/schema/products'
import { useState } from 'react'
import { type AddToCartChoice, ProductDetails } from './product-details'
import { ProductGallery } from './product-gallery'
import classes from './product-view.module.css'
import { type Choice, chosenVariant, initialChoice, withValue } from './variant-choice'

interface ProductViewProps {
  product: Product
  /** `?variant=<id>` of the URL: the variant to open with. */
  variantParam: string | null
  /** A complete choice names its variant in the URL; an incomplete one none (null). */
  onVariantChange: (variantId: number | null) => void
  onAddToCart: (choice: AddToCartChoice) => void
  /** The free-shipping threshold to promise ("$500"); none, no promise. */
  freeShippingOver?: string | undefined
}

/** The gallery and the details of a product, sharing the visitor's choice of variant. */
export function ProductView({
  product,
  variantParam,
  onVariantChange,
  onAddToCart,
  freeShippingOver,
}: ProductViewProps) {
  const [choice, setChoice] = useState<Choice>(() => initialChoice(product, variantParam))
  const variant = chosenVariant(product, choice)
  // A variant with its own picture shows it first; the product's pictures follow.
  const imageUrls = variant?.imageUrl
    ? [variant.imageUrl, ...product.imageUrls.filter((url) => url !== variant.imageUrl)]
    : product.imageUrls

  function choose(optionIndex: number, value: string) {
    const next = withValue(choice, optionIndex, value)
    setChoice(next)
    if (product.options.length > 0) onVariantChange(chosenVariant(product, next)?.id ?? null)
  }

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'xl', md: 56 }}>
      <div className={classes.galleryColumn}>
        {/* Keyed by its pictures: another variant's picture opens the gallery at it. */}
        <ProductGallery key={imageUrls.join('\n')} imageUrls={imageUrls} name={product.name} />
      </div>
      <ProductDetails
        product={product}
        choice={choice}
        variant={variant}
        onChoose={choose}
        onAddToCart={onAddToCart}
        freeShippingOver={freeShippingOver}
      />
    </SimpleGrid>
  )
}
