import { Container, SimpleGrid, Stack } from '@mantine/core'
import { useParams } from 'react-router-dom'
import { firstSentence } from '../../features/product/product'
import { ProductBreadcrumb } from '../../features/product/product-breadcrumb'
import { ProductDetails } from '../../features/product/product-details'
import { ProductGallery } from '../../features/product/product-gallery'
import { ProductLoadError } from '../../features/product/product-load-error'
import { ProductNotFound } from '../../features/product/product-not-found'
import { ProductSkeleton } from '../../features/product/product-skeleton'
import { useAddToCart } from '../../features/product/use-add-to-cart'
import { useProduct } from '../../features/product/use-product'
import { usePageMeta } from '../../features/shop/use-shop'
import { parseRouteId } from '../../lib/route-id'
import classes from './product.page.module.css'

export function ProductPage() {
  const params = useParams()
  const id = parseRouteId(params.id)
  const { data: product, isNotFound, isError, refetch } = useProduct(id)
  const addToCart = useAddToCart()
  usePageMeta(
    product?.name ?? (isNotFound ? 'Product Not Found' : undefined),
    product ? firstSentence(product.description) : undefined,
  )

  return (
    <Container className={classes.page}>
      {isNotFound ? (
        <ProductNotFound />
      ) : isError ? (
        <ProductLoadError onRetry={() => void refetch()} />
      ) : !product ? (
        <ProductSkeleton />
      ) : (
        // Keyed by product: another product starts again at its first image and a quantity of 1.
        <Stack key={product.id} gap="xl">
          <ProductBreadcrumb product={product} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'xl', md: 56 }}>
            <div className={classes.galleryColumn}>
              <ProductGallery imageUrls={product.imageUrls} name={product.name} />
            </div>
            <ProductDetails product={product} onAddToCart={(quantity) => addToCart(product, quantity)} />
          </SimpleGrid>
        </Stack>
      )}
    </Container>
  )
}
