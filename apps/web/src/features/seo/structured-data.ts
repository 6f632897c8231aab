import type { Category } from '@shop/schema/categories'
import type { Product, Variant } from '@shop/schema/products'
import type { ShopInfo } from '@shop/schema/shop'
import { type Availability, absoluteUrl } from './page-head'

/**
 * schema.org data of the storefront's pages, for search engines (JSON-LD): a product with its offers, the
 * breadcrumb trail of category and product pages, and the shop as an Organization on the home page.
 */
const SCHEMA = 'https://schema.org'

/** The currency of prices when the shop's info (its currency setting) is not known. */
export const SHOP_CURRENCY = 'USD'

/** A variant's availability: in stock, made to order (sold without stock), or out of stock. */
export function availabilityOf(variant: Pick<Variant, 'stock' | 'leadTime'>): Availability {
  if (variant.stock > 0) return 'InStock'
  return variant.leadTime === null ? 'OutOfStock' : 'MadeToOrder'
}

/** The product's availability: the best of its active variants'. */
export function productAvailability(product: Pick<Product, 'variants' | 'stock'>): Availability {
  const states = product.variants.filter((variant) => variant.active).map(availabilityOf)
  if (states.includes('InStock')) return 'InStock'
  if (states.includes('MadeToOrder')) return 'MadeToOrder'
  return product.variants.length === 0 && product.stock > 0 ? 'InStock' : 'OutOfStock'
}

export function productPath(product: Pick<Product, 'id'>): string {
  return `/product/${product.id}`
}

export function categoryPath(category: Pick<Category, 'slug'>): string {
  return `/category/${category.slug}`
}

/**
 * A Product with its offers: one per active variant when the product comes in options (each with its own SKU,
 * price and URL), else one. No rating: the page's review label is decoration, not reviews.
 */
export function productStructuredData(product: Product, publicUrl: string, shop: ShopInfo | undefined): object {
  const url = absoluteUrl(publicUrl, productPath(product))
  const offer = (variant: Variant | undefined) => ({
    '@type': 'Offer',
    url: variant ? `${url}?variant=${variant.id}` : url,
    sku: variant?.sku ?? product.sku,
    price: variant?.price ?? product.price,
    priceCurrency: shop?.currency ?? SHOP_CURRENCY,
    availability: `${SCHEMA}/${variant ? availabilityOf(variant) : productAvailability(product)}`,
    itemCondition: `${SCHEMA}/NewCondition`,
    ...(shop ? { seller: { '@type': 'Organization', name: shop.name } } : {}),
  })
  const variants = product.options.length > 0 ? product.variants.filter((variant) => variant.active) : []
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.sku,
    url,
    image: product.imageUrls.map((src) => absoluteUrl(publicUrl, src)),
    ...(product.categoryName ? { category: product.categoryName } : {}),
    ...(shop ? { brand: { '@type': 'Brand', name: shop.name } } : {}),
    offers: variants.length > 0 ? variants.map(offer) : offer(undefined),
  }
}

/** The trail Home / ... / this page, each step an absolute URL. */
export function breadcrumbStructuredData(steps: Array<{ name: string; path: string }>, publicUrl: string): object {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Home', path: '/' }, ...steps].map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: absoluteUrl(publicUrl, step.path),
    })),
  }
}

/** The shop and how to reach it, from its settings. */
export function organizationStructuredData(shop: ShopInfo, publicUrl: string): object {
  return {
    '@context': SCHEMA,
    '@type': 'Organization',
    name: shop.name,
    url: `${publicUrl}/`,
    ...(shop.email ? { email: shop.email } : {}),
    ...(shop.phone ? { telephone: shop.phone } : {}),
    ...(shop.address ? { address: shop.address } : {}),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      ...(shop.email ? { email: shop.email } : {}),
      ...(shop.phone ? { telephone: shop.phone } : {}),
    },
  }
}
