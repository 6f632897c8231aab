import type { Category } from '@shop/schema/categories'
import { ogImageUrl, parseUploadImage, responsiveImage } from '@shop/schema/images'
import type { Product } from '@shop/schema/products'
import type { ShopInfo } from '@shop/schema/shop'
import { firstSentence } from '../product/product'
import { GALLERY_SIZES } from '../product/product-gallery'
import type { PageHead, PreloadImage } from './page-head'
import {
  breadcrumbStructuredData,
  categoryPath,
  organizationStructuredData,
  productAvailability,
  productPath,
  productStructuredData,
  SHOP_CURRENCY,
} from './structured-data'

/** The heads of the storefront's landing pages (page-head.ts), from the data the page shows. */

/**
 * The main image's preload: the best format's renditions with the same `sizes` as its <picture>, so the browser
 * fetches what the page will show; an image that is no upload is preloaded as it is.
 */
function preloadOf(url: string, sizes: string): PreloadImage {
  const image = responsiveImage(url, sizes)
  const best = image?.sources[0]
  return image && best ? { href: image.src, srcSet: best.srcSet, sizes, type: best.type } : { href: url }
}

/** A link preview's image (a WebP about 1,280 px wide for an upload) and its size when the URL says it. */
function previewImage(
  url: string | undefined,
  alt: string | undefined,
): Pick<PageHead, 'image' | 'imageAlt' | 'imageSize'> {
  if (!url) return {}
  const preview = ogImageUrl(url)
  const upload = parseUploadImage(url)
  const width = Number(/-(\d+)\.webp$/.exec(preview)?.[1] ?? upload?.width)
  const imageSize =
    upload && width > 0 ? { width, height: Math.round((width * upload.height) / upload.width) } : undefined
  return { image: preview, imageAlt: alt, imageSize }
}

export const HOME_DESCRIPTION =
  'Faith-inspired handcrafted jewelry: crosses, lockets, rings and rosaries, made by hand in small batches.'

export function homeHead(
  shop: ShopInfo | undefined,
  heroImage: string | undefined,
  heroSizes: string,
  publicUrl: string,
): PageHead {
  return {
    description: HOME_DESCRIPTION,
    ...previewImage(heroImage, shop?.name),
    structuredData: shop ? [organizationStructuredData(shop, publicUrl)] : [],
    preloadImage: heroImage ? preloadOf(heroImage, heroSizes) : undefined,
  }
}

export function categoryHead(category: Category, publicUrl: string): PageHead {
  return {
    title: category.name,
    description: category.description || undefined,
    ...previewImage(category.imageUrl || undefined, category.name),
    structuredData: [breadcrumbStructuredData([{ name: category.name, path: categoryPath(category) }], publicUrl)],
  }
}

export function productHead(product: Product, shop: ShopInfo | undefined, publicUrl: string): PageHead {
  const image = product.imageUrls[0]
  const trail =
    product.categoryName && product.categorySlug
      ? [{ name: product.categoryName, path: categoryPath({ slug: product.categorySlug }) }]
      : []
  return {
    title: product.name,
    description: firstSentence(product.description),
    type: 'product',
    ...previewImage(image, product.name),
    price: {
      amount: product.price,
      currency: shop?.currency ?? SHOP_CURRENCY,
      availability: productAvailability(product),
    },
    structuredData: [
      productStructuredData(product, publicUrl, shop),
      breadcrumbStructuredData([...trail, { name: product.name, path: productPath(product) }], publicUrl),
    ],
    preloadImage: image ? preloadOf(image, GALLERY_SIZES) : undefined,
  }
}
