import type { Category } from '@shop/schema/categories'
import type { Product } from '@shop/schema/products'
import type { ShopInfo } from '@shop/schema/shop'
import { firstSentence } from '../product/product'
import type { PageHead } from './page-head'
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

export const HOME_DESCRIPTION =
  'Faith-inspired handcrafted jewelry: crosses, lockets, rings and rosaries, made by hand in small batches.'

export function homeHead(shop: ShopInfo | undefined, heroImage: string | undefined, publicUrl: string): PageHead {
  return {
    description: HOME_DESCRIPTION,
    image: heroImage,
    imageAlt: shop?.name,
    structuredData: shop ? [organizationStructuredData(shop, publicUrl)] : [],
    preloadImage: heroImage ? { href: heroImage } : undefined,
  }
}

export function categoryHead(category: Category, publicUrl: string): PageHead {
  return {
    title: category.name,
    description: category.description || undefined,
    image: category.imageUrl || undefined,
    imageAlt: category.name,
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
    image,
    imageAlt: product.name,
    price: { amount: product.price, currency: SHOP_CURRENCY, availability: productAvailability(product) },
    structuredData: [
      productStructuredData(product, publicUrl, shop),
      breadcrumbStructuredData([...trail, { name: product.name, path: productPath(product) }], publicUrl),
    ],
    preloadImage: image ? { href: image } : undefined,
  }
}
