import { Container, Stack } from '@mantine/core'
import { useParams, useSearchParams } from 'react-router-dom'
import { ProductBreadcrumb } from '../../features/product/product-breadcrumb'
import { ProductLoadError } from '../../features/product/product-load-error'
import { ProductNotFound } from '../../features/product/product-not-found'
import { ProductSkeleton } from '../../features/product/product-skeleton'
import { ProductView } from '../../features/product/product-view'
import { useAddToCart } from '../../features/product/use-add-to-cart'
import { useProduct } from '../../features/product/use-product'
import { productHead } from '../../features/seo/page-heads'
import { usePageHead, usePublicUrl } from '../../features/seo/use-page-head'
import { useShopInfo } from '../../features/shop/use-shop'
import { formatMoneyIn } from '../../lib/format'
import { parseRouteId } from '../../lib/route-id'
import classes from './product.page.module.css'

export function ProductPage() {
  const params = useParams()
  const id = parseRouteId(params.id)
  const [searchParams, setSearchParams] = useSearchParams()
  const { data: product, isNotFound, isError, refetch } = useProduct(id)
  const addToCart = useAddToCart()
  // The configured threshold, whole amounts without cents ("$500"); none configured, no promise.
  const { data: shop } = useShopInfo()
  const freeShippingOver = shop?.freeShippingOver
    ? formatMoneyIn(shop.freeShippingOver, shop.currency).replace(/\.00$/, '')
    : undefined
  const publicUrl = usePublicUrl()
  usePageHead(
    product
      ? productHead(product, shop, publicUrl)
      : { title: isNotFound ? 'Product Not Found' : undefined, notFound: isNotFound },
  )

  // The chosen variant is kept in the URL (to share or reload), replacing the entry: Back leaves the product.
  function showVariant(variantId: number | null) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (variantId === null) next.delete('variant')
        else next.set('variant', String(variantId))
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  }

  return (
    <Container className={classes.page}>
      {isNotFound ? (
        <ProductNotFound />
      ) : isError ? (
        <ProductLoadError onRetry={() => void refetch()} />
      ) : !product ? (
        <ProductSkeleton />
      ) : (
        // Keyed by product: another product starts again at its first image, its URL's variant and a quantity of 1.
        <Stack key={product.id} gap="xl">
          <ProductBreadcrumb product={product} />
          <ProductView
            product={product}
            variantParam={searchParams.get('variant')}
            onVariantChange={showVariant}
            onAddToCart={(choice) => addToCart(product, choice)}
            freeShippingOver={freeShippingOver}
          />
        </Stack>
      )}
    </Container>
  )
}
