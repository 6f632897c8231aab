import { Image, type ImageProps } from '@mantine/core'
import type { ComponentPropsWithoutRef } from 'react'

/** Shown when a product image is missing or fails to load (the gallery's placeholder). */
export const PRODUCT_PLACEHOLDER = '/images/placeholder-product.svg'
/** Shown when a category has no image or it fails to load (the storefront's stock image). */
export const STOCK_IMAGE = '/images/stock-category.svg'

type FallbackImageProps = ImageProps &
  Omit<ComponentPropsWithoutRef<'img'>, keyof ImageProps> & {
    fallback?: string
    /** Above the fold: load at once; otherwise lazily. */
    isPriority?: boolean
  }

/** An image with width and height set (no layout shift), lazy below the fold, replaced by a fallback on error. */
export function FallbackImage({ src, fallback = PRODUCT_PLACEHOLDER, isPriority, ...props }: FallbackImageProps) {
  return (
    <Image
      src={src || fallback}
      fallbackSrc={fallback}
      loading={isPriority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={isPriority ? 'high' : undefined}
      {...props}
    />
  )
}
